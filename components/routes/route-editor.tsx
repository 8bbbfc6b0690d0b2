"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type KeyboardEvent, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { ApiError } from "@/lib/api/client/fetch-json";
import type { RoutePreviewRequest } from "@/lib/api/routing/route-preview";
import type { Route, RouteTarget } from "@/lib/api/routing/routes";
import { conditionSuggestions } from "@/lib/routing/builder/condition-suggestions";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { AskDialog } from "./ask-dialog";
import { releaseSemantics, targetsInWords } from "./consumer-copies";
import { StrandedConsumers, strandedBy } from "./stranded-consumers";
import { PreviewConsumer, choiceRequest, initialConsumerChoice, type PreviewConsumerChoice } from "./preview-consumer";
import { PreviewPanel } from "./preview-panel";
import { RouteTargets } from "./route-targets";
import { RuleField } from "./rule-field";
import { checkRule, routeFormDefaults, routeFormSchema, type RouteFormValues } from "./route-form-schema";
import { SemanticsSelect } from "./semantics-select";
import { useDebounced } from "./use-debounced";
import { useSaveRoute } from "./use-route-mutations";

/**
 * The quiet that separates keystrokes from a burst: a change after this much quiet is
 * previewed at once (so a typed key's preview is painted within 100 ms, issue 15 item 20),
 * and the changes of a burst (a paste, a held key, fast typing) wait for this much quiet,
 * so the preview asks once for them.
 */
const PREVIEW_DEBOUNCE_MS = 40;

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/**
 * The route editor: name, priority, force, runtime, enabled, where it is saved, and the rule (visual or text),
 * a consumer to preview for, and the live preview beside it. Saves with POST (new) or PUT
 * with the revision it was opened at; a 409 says someone else changed the route and offers
 * to reload it, and a 409 `strands_consumers` names the consumers left with no provider and
 * saves only when confirmed. A new route goes to every copy the registered consumers obey
 * (said beside Save); a registered consumer is previewed as its own release routes. Enter
 * in a field does not save; Cancel asks before dropping edits.
 */
export function RouteEditor({
  service,
  route,
  onSaved,
  onCancel,
  onReload,
}: {
  service: ServiceDetail;
  route: Route | null;
  onSaved: (route: Route) => void;
  onCancel: () => void;
  onReload: (name: string) => void;
}) {
  const form = useForm<RouteFormValues>({ resolver: zodResolver(routeFormSchema), defaultValues: routeFormDefaults(route, service.consumers), mode: "onChange" });
  const { control, register, handleSubmit, formState } = form;
  const [rule, force, chosenSemantics, priority, enabled, name, configCenter] = useWatch({ control, name: ["rule", "force", "semantics", "priority", "enabled", "name", "configCenter"] });
  const check = useMemo(() => checkRule(rule, configCenter), [rule, configCenter]);
  const suggestions = useMemo(() => conditionSuggestions(service), [service]);
  const [consumer, setConsumer] = useState<PreviewConsumerChoice>(() => initialConsumerChoice(service.consumers, route?.rule ?? ""));
  const save = useSaveRoute();
  const [pending, setPending] = useState<RouteFormValues | null>(null);
  const [discarding, setDiscarding] = useState(false);
  // A registered consumer is previewed as its own release routes; the switch is for one described by hand (or of unknown release).
  const registered = consumer.mode === "registered" ? service.consumers.find((c) => c.url === consumer.registered) : undefined;
  const ownSemantics = registered ? releaseSemantics(registered.release) : null;
  const semantics = ownSemantics ?? chosenSemantics;
  const targets: RouteTarget[] = configCenter ? ["registry", "config-center"] : ["registry"];

  const id = { interface: service.interface, group: service.group, version: service.version };
  const request: RoutePreviewRequest | null =
    check !== null
      ? null
      : { service: service.interface, group: service.group, version: service.version, rule, force, semantics, priority: Number.isInteger(priority) ? priority : 0, enabled: true, targets, ...(route ? { id: route.id } : {}), ...choiceRequest(id, consumer) };
  const debounced = useDebounced(request, PREVIEW_DEBOUNCE_MS, { leading: true });

  const submit = (values: RouteFormValues, allowStranding: boolean) =>
    save.mutate(
      {
        route,
        fields: { service: service.interface, group: service.group, version: service.version, name: values.name, rule: values.rule, priority: values.priority, force: values.force, runtime: values.runtime, enabled: values.enabled },
        targets: values.configCenter ? ["registry", "config-center"] : ["registry"],
        allowStranding,
      },
      { onSuccess: (saved) => (setPending(null), onSaved(saved)), onError: (e) => setPending(strandedBy(e) ? values : null) },
    );
  const stranded = strandedBy(save.error);
  const conflict = save.error instanceof ApiError && save.error.status === 409 && stranded === null;
  // Enter in a one-line field would submit the form: saving takes the Save button (or its keyboard focus).
  const noEnterSubmit = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === "Enter" && e.target instanceof HTMLInputElement && e.target.type !== "submit") e.preventDefault();
  };
  // Read while rendering: react-hook-form tracks isDirty only for a form state read that way.
  const dirty = formState.isDirty;
  const cancel = () => (dirty ? setDiscarding(true) : onCancel());

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-testid="route-editor">
      <form onSubmit={handleSubmit((values) => submit(values, false))} onKeyDown={noEnterSubmit} className="min-w-0 space-y-4" noValidate aria-label={route ? `Edit route ${route.name}` : "New route"}>
        <h2 className="text-base font-semibold">{route ? `Edit route “${route.name}”` : "New route"}</h2>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
          <label className={label}>
            Name
            <Input {...register("name")} aria-invalid={!!formState.errors.name} className="mt-0.5" autoComplete="off" />
            {formState.errors.name && <span className="mt-0.5 block text-red-700 dark:text-red-300">{formState.errors.name.message}</span>}
          </label>
          <label className={label}>
            Priority
            <Input type="number" step={1} {...register("priority", { valueAsNumber: true })} className="mt-0.5 tabular-nums" />
            {formState.errors.priority && <span className="mt-0.5 block text-red-700 dark:text-red-300">{formState.errors.priority.message}</span>}
          </label>
        </div>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Flag name="enabled" register={register} text="Enabled" hint="A disabled route stays in the registry; consumers ignore it." />
          <Flag name="force" register={register} text="Force" hint="Keep an empty result: with no matching provider, the consumer gets none." />
          <Flag name="runtime" register={register} text="Runtime" hint="Route on every call rather than when the providers change." />
        </div>
        <RouteTargets register={register} configCenter={configCenter} enabled={enabled} route={route} />
        <Controller
          control={control}
          name="rule"
          render={({ field }) => <RuleField value={field.value} onChange={field.onChange} check={check} semantics={semantics} suggestions={suggestions} />}
        />
        {ownSemantics !== null && registered ? (
          <p className="text-sm" data-testid="preview-semantics" data-semantics={ownSemantics}>
            <span className="font-medium">Previewed as</span> Dubbo {registered.release} routes it: {ownSemantics === "2.7" ? "the registry copy, with Dubbo 2.7 semantics" : "the config-center copy, with Dubbo 3.x semantics"}.
          </p>
        ) : (
          <Controller control={control} name="semantics" render={({ field }) => <SemanticsSelect value={field.value} onChange={field.onChange} />} />
        )}
        <PreviewConsumer consumers={service.consumers} methods={service.methods.map((m) => m.name)} value={consumer} onChange={setConsumer} />
        {save.error && !conflict && !stranded && (
          <Callout tone="bad" title="Not saved">
            {save.error.message}
          </Callout>
        )}
        {conflict && (
          <Callout tone="warn" title="Someone else changed this route" data-testid="save-conflict">
            <p>It was edited, enabled, disabled or deleted since you opened it, so your change was not saved. Reload it to see its current state (your edits here are discarded).</p>
            <Button type="button" size="sm" onClick={() => onReload(route?.name ?? name)}>
              Reload the route
            </Button>
          </Callout>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={check !== null || save.isPending} data-testid="save-route">
            {save.isPending ? "Saving…" : route ? "Save changes" : "Save route"}
          </Button>
          <Button type="button" onClick={cancel} data-testid="cancel-route">
            Cancel
          </Button>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="save-targets">
          {targetsInWords(configCenter, service.consumers)}
        </p>
        <AskDialog
          open={pending !== null && stranded !== null}
          testId="stranding-dialog"
          title="Save a route that leaves consumers with no provider?"
          confirmLabel="Save anyway"
          pendingLabel="Saving…"
          pending={save.isPending}
          onConfirm={() => pending && submit(pending, true)}
          onCancel={() => (setPending(null), save.reset())}
        >
          <p>Nothing was saved yet. With this route:</p>
          <StrandedConsumers consumers={stranded ?? []} />
          <p>Their calls fail until a provider matches again.</p>
        </AskDialog>
        <AskDialog open={discarding} testId="discard-dialog" title="Discard your changes?" confirmLabel="Discard" onConfirm={() => (setDiscarding(false), onCancel())} onCancel={() => setDiscarding(false)}>
          <p>{route ? `Your edits of “${route.name}” are not saved.` : "This new route is not saved."} Discarding them cannot be undone.</p>
        </AskDialog>
      </form>
      <PreviewPanel
        serviceKey={service.key}
        request={debounced}
        settling={JSON.stringify(request) !== JSON.stringify(debounced)}
        note={
          enabled ? undefined : (
            <Callout tone="warn" title="This route is disabled" data-testid="preview-disabled">
              Consumers ignore it while it is disabled: saved so, it changes nothing. Below is what it does once enabled.
            </Callout>
          )
        }
      />
    </div>
  );
}

function Flag({ name, register, text, hint }: { name: "enabled" | "force" | "runtime"; register: ReturnType<typeof useForm<RouteFormValues>>["register"]; text: string; hint: string }) {
  return (
    <label className="inline-flex items-center gap-1.5" title={hint}>
      <input type="checkbox" {...register(name)} />
      {text}
    </label>
  );
}
