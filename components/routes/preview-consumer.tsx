"use client";

import type { Consumer } from "@/lib/api/catalog-entities";
import type { RoutePreviewRequest } from "@/lib/api/routing/route-preview";
import { hypotheticalConsumerUrl, type HypotheticalConsumer } from "@/lib/routing/builder/hypothetical-consumer";
import type { ServiceId } from "@/lib/dubbo/service-key";
import { Input } from "../ui/input";
import { consumerForRule } from "./consumer-copies";

/** Whom the preview routes for: a registered consumer (by URL) or one described by hand, and the call. */
export interface PreviewConsumerChoice {
  readonly mode: "registered" | "hypothetical";
  readonly registered: string;
  readonly hypothetical: HypotheticalConsumer;
  readonly method: string;
  /** One argument per line, each as Java's String.valueOf writes it. */
  readonly arguments: string;
}

/** The first registered consumer `rule` applies to (else the first), or a hypothetical one when there is none. */
export function initialConsumerChoice(consumers: readonly Consumer[], rule = ""): PreviewConsumerChoice {
  return { mode: consumers.length > 0 ? "registered" : "hypothetical", registered: consumerForRule(consumers, rule)?.url ?? "", hypothetical: { host: "10.0.0.1", application: "", parameters: "" }, method: "", arguments: "" };
}

/** The consumer URL and invocation of a choice; no invocation when neither method nor arguments are given (routing at notify time). */
export function choiceRequest(service: ServiceId, c: PreviewConsumerChoice): Pick<RoutePreviewRequest, "consumer" | "invocation"> {
  const consumer = c.mode === "registered" && c.registered !== "" ? c.registered : hypotheticalConsumerUrl(service, c.hypothetical);
  const args = c.arguments === "" ? [] : c.arguments.split("\n");
  if (c.method.trim() === "" && args.length === 0) return { consumer };
  return { consumer, invocation: { ...(c.method.trim() !== "" ? { method: c.method.trim() } : {}), ...(args.length > 0 ? { arguments: args } : {}) } };
}

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/** Picks the preview's consumer and call. */
export function PreviewConsumer({ consumers, methods, value, onChange }: { consumers: readonly Consumer[]; methods: readonly string[]; value: PreviewConsumerChoice; onChange: (c: PreviewConsumerChoice) => void }) {
  const hypo = value.hypothetical;
  const setHypo = (patch: Partial<HypotheticalConsumer>) => onChange({ ...value, hypothetical: { ...hypo, ...patch } });
  return (
    <fieldset className="min-w-0 space-y-2" data-testid="preview-consumer">
      <legend className="sr-only">Consumer to preview for</legend>
      <div className="flex flex-wrap gap-3 text-sm">
        {(["registered", "hypothetical"] as const).map((mode) => (
          <label key={mode} className="inline-flex items-center gap-1.5">
            <input type="radio" name="preview-consumer-mode" checked={value.mode === mode} disabled={mode === "registered" && consumers.length === 0} onChange={() => onChange({ ...value, mode })} />
            {mode === "registered" ? `A registered consumer (${consumers.length})` : "A consumer described here"}
          </label>
        ))}
      </div>
      {value.mode === "registered" ? (
        <select aria-label="Registered consumer" value={value.registered} onChange={(e) => onChange({ ...value, registered: e.target.value })} className="h-9 w-full min-w-0 truncate rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          {consumers.map((c) => (
            <option key={c.url} value={c.url}>
              {c.application || "(no application)"} on {c.host}
              {c.release ? ` · Dubbo ${c.release}` : ""}
            </option>
          ))}
        </select>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <label className={label}>
            Host
            <Input value={hypo.host} onChange={(e) => setHypo({ host: e.target.value })} className="mt-0.5 font-mono text-xs" />
          </label>
          <label className={label}>
            Application
            <Input value={hypo.application} onChange={(e) => setHypo({ application: e.target.value })} className="mt-0.5 font-mono text-xs" />
          </label>
          <label className={`${label} sm:col-span-2`}>
            Parameters (k=v&amp;k2=v2)
            <Input value={hypo.parameters} onChange={(e) => setHypo({ parameters: e.target.value })} placeholder="zone=east&env=prod" className="mt-0.5 font-mono text-xs" />
          </label>
        </div>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <label className={label}>
          Method called
          <Input list="preview-methods" placeholder="none: routing as providers change" value={value.method} onChange={(e) => onChange({ ...value, method: e.target.value })} className="mt-0.5 font-mono text-xs" />
          <datalist id="preview-methods">
            {methods.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        <label className={label}>
          Arguments, one per line
          <textarea value={value.arguments} onChange={(e) => onChange({ ...value, arguments: e.target.value })} rows={1} className="mt-0.5 block w-full rounded-md border border-zinc-300 bg-white px-3 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900" />
        </label>
      </div>
    </fieldset>
  );
}
