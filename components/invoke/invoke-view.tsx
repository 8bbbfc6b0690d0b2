"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { serviceQuery } from "@/lib/api/client/queries";
import { serviceKey } from "@/lib/dubbo/service-key";
import { invokeHref, serviceHref } from "@/lib/format/hrefs";
import { methodSignature } from "@/lib/format/java-type";
import { TypeResolver } from "@/lib/invoke/form/field-spec";
import type { InvokeLocation } from "@/lib/invoke/form/invoke-location";
import { preselectedMethod } from "@/lib/invoke/form/method-choice";
import type { RecentInvocation } from "@/lib/invoke/form/recent-invocations";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { EntityProblem } from "../catalog/entity-problem";
import { EntityHeader, Fact } from "../catalog/page-header";
import { JavaType } from "../service-detail/java-type";
import { ProtoSchemaUpload, showsProtoSchema } from "../service-detail/proto-schema-upload";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { JavaName } from "../ui/java-name";
import { None } from "../ui/none";
import { InvokeForm, type MethodTarget, type Replay } from "./invoke-form";
import { InvokeServicePicker } from "./invoke-service-picker";
import { MethodSelect } from "./method-select";
import { RecentList } from "./recent-list";
import { useRecentInvocations } from "./use-recent-invocations";

/** Puts the chosen method in the address, so the page can be linked and reloaded on it. */
function showInAddress(service: ServiceDetail, method: MethodTarget | null): void {
  const href = invokeHref(service, method ?? undefined);
  window.history.replaceState(window.history.state, "", href);
}

/** The method the form is on: an index into the service's methods, or (no method list at all) a typed name. */
type Choice = { readonly index: number; readonly typedName: string };

function targetOf(service: ServiceDetail, choice: Choice): MethodTarget | null {
  if (service.methodsSource === "none" || service.methods.length === 0) return choice.typedName.trim() === "" ? null : { name: choice.typedName.trim(), parameterTypes: null };
  const method = service.methods[choice.index];
  return method ? { name: method.name, parameterTypes: method.parameterTypes } : null;
}

/** One service's invoke page: method, form, answer and the recent invocations. */
function ServiceInvoke({ service, location }: { service: ServiceDetail; location: InvokeLocation }) {
  const types = useMemo(() => new TypeResolver(service.types), [service.types]);
  const [choice, setChoice] = useState<Choice>(() => ({ index: preselectedMethod(service.methods, location.method, location.types), typedName: location.method }));
  // When the methods change under the page (an IDL schema uploaded or removed), stay on the same method by name and types.
  const [shownMethods, setShownMethods] = useState(service.methods);
  if (shownMethods !== service.methods) {
    const was = shownMethods[choice.index];
    setShownMethods(service.methods);
    if (was) setChoice({ ...choice, index: preselectedMethod(service.methods, was.name, was.parameterTypes) });
  }
  const [replay, setReplay] = useState<{ replay: Replay; n: number } | null>(null);
  const [recent, addRecent] = useRecentInvocations(service.key);
  const target = targetOf(service, choice);
  const named = service.methodsSource === "none" || service.methods.length === 0;

  const choose = (next: Choice, replayed: Replay | null = null) => {
    setChoice(next);
    setReplay(replayed ? { replay: replayed, n: (replay?.n ?? 0) + 1 } : null);
    showInAddress(service, targetOf(service, next));
  };
  const onReplay = (entry: RecentInvocation, send: boolean) => {
    const index = preselectedMethod(service.methods, entry.request.method, entry.request.parameterTypes ?? null);
    choose({ index, typedName: entry.request.method }, { request: entry.request, send });
  };
  const method = service.methods[choice.index];
  const { can, role, state } = useSession();

  return (
    <div className="space-y-5" data-testid="invoke-view">
      <EntityHeader
        kind="Invoke"
        title={<JavaName name={service.interface} />}
        facts={
          <>
            <Fact label="Group">{service.group || <None />}</Fact>
            <Fact label="Version">{service.version || <None />}</Fact>
            <Fact label="Providers">{service.providers.length}</Fact>
            <Link href={serviceHref(service.key, "methods")} className="entity-link">
              Service page
            </Link>
            <Link href="/invoke" className="entity-link">
              Another service
            </Link>
          </>
        }
      />
      {service.providers.length === 0 && <Callout tone="warn" title="No provider is registered">A call through the cluster will answer no_provider until one registers.</Callout>}
      {named ? (
        <label className="block max-w-md text-sm font-medium">
          Method name
          <Input value={choice.typedName} onChange={(e) => choose({ ...choice, typedName: e.target.value })} className="mt-1 font-mono text-[13px]" placeholder="sayHello" spellCheck={false} autoComplete="off" />
          <span className="mt-0.5 block text-xs font-normal text-zinc-500 dark:text-zinc-400">No provider lists this service&apos;s methods: type the name.</span>
        </label>
      ) : (
        <div className="min-w-0 space-y-1">
          <MethodSelect methods={service.methods} value={choice.index} onChange={(index) => choose({ ...choice, index })} />
          {method?.parameterTypes && method.returnType && (
            <p className="font-mono text-xs [overflow-wrap:anywhere]" data-signature={methodSignature({ ...method, parameterTypes: method.parameterTypes, returnType: method.returnType })}>
              <JavaType type={method.returnType} full /> {method.name}({method.parameterTypes.map((p, i) => <span key={i}>{i > 0 && ", "}<JavaType type={p} full /></span>)})
            </p>
          )}
          {service.methodsSource === "protobuf" && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="invoke-protobuf">
              The form is built from the proto messages; the request is sent as protobuf over Triple from its proto3 JSON (64-bit numbers exact as text), and the answer is the reply&apos;s proto3 JSON.
            </p>
          )}
          {showsProtoSchema(service) && <ProtoSchemaUpload service={service} />}
          {service.methodsSource === "url" && <p className="text-xs text-zinc-500 dark:text-zinc-400">Only the method names are known (no service definition in the metadata report): type the parameter types below.</p>}
        </div>
      )}
      {target && can("invoke") && <InvokeForm key={`${choice.index}:${target.name}:${replay?.n ?? 0}`} service={service} method={target} types={types} replay={replay?.replay ?? null} onSent={addRecent} />}
      {state && !can("invoke") && (
        <RoleNote role={role} data-testid="cannot-invoke">
          cannot invoke methods: invoking needs the invoker or admin role.
        </RoleNote>
      )}
      {recent.length > 0 && can("invoke") && <RecentList entries={recent} onReplay={onReplay} />}
    </div>
  );
}

/**
 * The Invoke page: choose a service (searched), then a method, fill in the arguments and
 * send. The service and method come from the address (`?service=&group=&version=&method=&types=`).
 */
export function InvokeView({ location }: { location: InvokeLocation }) {
  const key = serviceKey({ interface: location.service, group: location.group, version: location.version });
  const { data, error, isPending } = useQuery({ ...serviceQuery(key), enabled: location.service !== "" });
  if (location.service === "") return <InvokeServicePicker />;
  if (error) return <EntityProblem error={error} what="This service" back={{ href: "/invoke", label: "Choose another service" }} />;
  if (isPending) return <Callout>Loading the service…</Callout>;
  return <ServiceInvoke key={data.key} service={data} location={location} />;
}
