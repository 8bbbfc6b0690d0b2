"use client";

import { Play } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import type { Method, ServiceDetail } from "@/lib/api/catalog-entities";
import { invokeHref } from "@/lib/format/hrefs";
import { methodSignature } from "@/lib/format/java-type";
import { countOf } from "@/lib/format/plural";
import { useSession } from "../auth/use-session";
import { Callout } from "../ui/callout";
import { JavaType } from "./java-type";
import { TypesList } from "./types-list";
import { ProtoSchemaUpload, showsProtoSchema } from "./proto-schema-upload";

type Typed = { name: string; parameterTypes: string[]; returnType: string };

function isTyped(m: Method): m is Method & Typed {
  return m.parameterTypes !== null && m.returnType !== null;
}

/** The link to the Invoke page on one method (one overload, when its types are known); nothing for a role that cannot invoke. */
function InvokeLink({ service, method }: { service: ServiceDetail; method: Method }) {
  const { can } = useSession();
  if (!can("invoke")) return null;
  return (
    <Link
      href={invokeHref(service, method)}
      className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 font-sans text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-sky-300 dark:hover:bg-zinc-800"
      aria-label={`Invoke ${method.parameterTypes ? methodSignature({ ...method, parameterTypes: method.parameterTypes, returnType: method.returnType ?? "void" }) : method.name}`}
      data-invoke-link={method.name}
    >
      <Play className="h-3 w-3" aria-hidden />
      Invoke
    </Link>
  );
}

/** `returnType name(paramType, …)`, one line per overload, with its Invoke link; the exact signature is the text's `data-signature`. */
function Signature({ service, method, full }: { service: ServiceDetail; method: Typed; full: boolean }) {
  return (
    <li className="flex items-start justify-between gap-2 px-3 py-1.5 font-mono text-[13px] leading-relaxed">
      <span data-signature={methodSignature(method)} className="min-w-0 [overflow-wrap:anywhere]">
        <JavaType type={method.returnType} full={full} /> <span className="font-semibold text-zinc-900 dark:text-zinc-50">{method.name}</span>
        <span className="text-zinc-500 dark:text-zinc-400">(</span>
        {method.parameterTypes.map((p, i) => (
          <span key={i}>
            {i > 0 && <span className="text-zinc-500 dark:text-zinc-400">, </span>}
            <JavaType type={p} full={full} />
          </span>
        ))}
        <span className="text-zinc-500 dark:text-zinc-400">)</span>
      </span>
      <InvokeLink service={service} method={method} />
    </li>
  );
}

/**
 * The service's methods. From a service definition: every overload's signature, names
 * short (a switch shows packages), and the types they use, expandable. From the provider
 * URL's `methods` parameter only the names are known, and the panel says so.
 */
export function MethodsPanel({ service }: { service: ServiceDetail }) {
  if (!showsProtoSchema(service)) return <MethodsList service={service} />;
  return (
    <div className="space-y-3">
      <ProtoSchemaUpload service={service} />
      <MethodsList service={service} />
    </div>
  );
}

function MethodsList({ service }: { service: ServiceDetail }) {
  const [full, setFull] = useState(false);
  const switchId = useId();
  if (service.methodsSource === "none" || service.methods.length === 0) {
    return <Callout>No provider says which methods this service has: no service definition in the metadata report, and no <code className="font-mono text-xs">methods</code> parameter.</Callout>;
  }
  if (service.methodsSource === "url") {
    return (
      <div className="space-y-3">
        <Callout data-testid="methods-names-only" title="Only the method names are known">
          <p>No provider published a service definition in the metadata report, so parameter and return types are unknown; these names come from the provider URLs&apos; <code className="font-mono text-xs">methods</code> parameter.</p>
        </Callout>
        <ul className="flex flex-wrap gap-1.5" data-testid="method-names">
          {service.methods.map((m) => (
            <li key={m.name} className="inline-flex items-center gap-1 rounded-md border border-zinc-200 bg-white py-0.5 pl-2 font-mono text-[13px] dark:border-zinc-800 dark:bg-zinc-900">
              {m.name}
              <InvokeLink service={service} method={m} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const typed = service.methods.filter(isTyped);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-500 dark:text-zinc-400" data-methods-source={service.methodsSource}>
          {service.methodsSource === "protobuf" ? <>{countOf(typed.length, "method")} of an IDL (protobuf) service, from a provider&apos;s gRPC reflection; messages are named by their Java classes</> : <>{countOf(typed.length, "method")}, from the provider&apos;s service definition</>}
        </p>
        <label htmlFor={switchId} className="flex cursor-pointer items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <input id={switchId} type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} className="accent-brand-600" />
          Full type names
        </label>
      </div>
      <ul data-testid="method-signatures" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800/70 dark:border-zinc-800 dark:bg-zinc-900">
        {typed.map((m, i) => (
          <Signature key={i} service={service} method={m} full={full} />
        ))}
      </ul>
      <TypesList types={service.types} full={full} />
    </div>
  );
}
