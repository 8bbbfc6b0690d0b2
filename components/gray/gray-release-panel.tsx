"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { configsQuery } from "@/lib/api/client/queries";
import { type GrayPlan, grayStepDraft, othersWeight, parseGraySteps, shareAt } from "@/lib/gray/gray-plan";
import { draftPreviewBody } from "@/lib/override/editor/draft-preview-body";
import { DraftPreview } from "../configs/draft-preview";
import { strandedBy } from "../routes/stranded-consumers";
import { StrandingAskDialog } from "../routes/stranding-ask-dialog";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Input } from "../ui/input";
import { GrayAppsRun } from "./gray-apps-run";
import { GrayTagRun } from "./gray-tag-run";
import { type GrayFlow, type GrayFlowState, useGrayFlow } from "./use-gray-flow";
import { useApplyGrayStep, useReturnGray } from "./use-gray-step";

/** Picks the new providers (ticked, or all of one version at once) and the steps; nothing is written until the first step is applied. */
function GrayStart({ service, providers, onStart }: { service: ServiceDetail; providers: readonly Provider[]; onStart: (plan: GrayPlan) => void }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [stepsText, setStepsText] = useState("10, 50, 100");
  const [mode, setMode] = useState<"weight" | "tag" | "applications">("weight");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const consumerApps = [...new Set(service.consumers.map((c) => c.application).filter((a) => a !== ""))].sort();
  const [tag, setTag] = useState("gray");
  const steps = mode === "weight" ? parseGraySteps(stepsText) : ({ ok: true, steps: [100] } as const);
  const apps = new Set(providers.filter((p) => picked.has(p.address)).map((p) => p.application));
  const tagProblem = mode !== "tag" ? null : tag.trim() === "" || /[\s,|]/.test(tag) ? "name the tag (no spaces, ',' or '|')" : apps.size > 1 ? "pick providers of one application: a tag rule belongs to one provider application" : null;
  const appsProblem = mode !== "applications" ? null : chosen.size === 0 ? "choose the consumer applications that get the new providers" : null;
  const versions = [...new Set(providers.map((p) => p.parameters.version ?? "").filter((v) => v !== ""))].sort();
  const others = providers.filter((p) => !picked.has(p.address));
  const problem = picked.size === 0 ? "pick the new providers" : others.length === 0 ? "leave at least one provider out: the flow moves calls from the others to the new ones" : !steps.ok ? steps.message : (tagProblem ?? appsProblem);
  const toggle = (address: string, on: boolean) => setPicked((s) => (on ? new Set([...s, address]) : new Set([...s].filter((a) => a !== address))));
  return (
    <div className="space-y-3" data-testid="gray-start">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Send calls to new providers before everyone gets them: a growing share by weight, step by step, or only tagged requests. Each step is previewed per consumer and applied with one click; returning deletes what the flow wrote, so every consumer is as before.
      </p>
      {versions.length > 1 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-xs text-zinc-600 dark:text-zinc-400">Pick by version:</span>
          {versions.map((v) => (
            <Button key={v} type="button" size="sm" onClick={() => setPicked(new Set(providers.filter((p) => p.parameters.version === v).map((p) => p.address)))} data-testid="gray-pick-version" data-version={v}>
              {v}
            </Button>
          ))}
        </div>
      )}
      <ul className="grid gap-1 sm:grid-cols-2" data-testid="gray-providers">
        {providers.map((p) => (
          <li key={p.address}>
            <label className="flex min-w-0 items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={picked.has(p.address)} onChange={(e) => toggle(p.address, e.target.checked)} data-testid="gray-pick-provider" data-address={p.address} />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-mono">{p.address}</span>
                <span className="text-xs text-zinc-500"> {[p.application, p.release, p.parameters.version ? `version ${p.parameters.version}` : "", `weight ${p.weight}`].filter(Boolean).join(" · ")}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <fieldset className="space-y-1 text-sm">
        <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">How the new providers get calls</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="gray-mode" className="mt-1" checked={mode === "weight"} onChange={() => setMode("weight")} data-testid="gray-mode-weight" />
          <span>By weight: a growing share of every consumer&apos;s calls, in steps (an override of the other providers&apos; weight)</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="gray-mode" className="mt-1" checked={mode === "tag"} onChange={() => setMode("tag")} data-testid="gray-mode-tag" />
          <span>Only tagged requests: a tag rule names the new providers, so only calls carrying the tag (the dubbo.tag attachment, or a consumer&apos;s own dubbo.tag) reach them</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="gray-mode" className="mt-1" checked={mode === "applications"} onChange={() => setMode("applications")} data-testid="gray-mode-applications" />
          <span>Only some consumer applications: two condition routes send them to the new providers and every other consumer to the others</span>
        </label>
      </fieldset>
      {mode === "applications" ? (
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Consumer applications that get the new providers</legend>
          {consumerApps.length === 0 && <p className="text-sm text-zinc-500">No consumer of this service is registered.</p>}
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {consumerApps.map((a) => (
              <li key={a}>
                <label className="flex items-center gap-2 font-mono text-xs">
                  <input type="checkbox" checked={chosen.has(a)} onChange={(e) => setChosen((s) => (e.target.checked ? new Set([...s, a]) : new Set([...s].filter((x) => x !== a))))} data-testid="gray-pick-application" data-application={a} />
                  {a}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : mode === "weight" ? (
        <label className="block max-w-sm space-y-1 text-sm">
          <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Steps: the new providers&apos; share of the calls, in percent</span>
          <Input value={stepsText} onChange={(e) => setStepsText(e.target.value)} className="font-mono" data-testid="gray-steps" />
        </label>
      ) : (
        <label className="block max-w-sm space-y-1 text-sm">
          <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Tag</span>
          <Input value={tag} onChange={(e) => setTag(e.target.value)} className="font-mono" data-testid="gray-tag" />
        </label>
      )}
      {problem && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="gray-start-problem">
          To start: {problem}.
        </p>
      )}
      <Button
        type="button"
        variant="primary"
        disabled={problem !== null}
        onClick={() => steps.ok && onStart({ service: service.interface, group: service.group, version: service.version, newAddresses: [...picked].sort(), steps: steps.steps, mode, ...(mode === "tag" ? { tag: tag.trim() } : {}), ...(mode === "applications" ? { applications: [...chosen].sort() } : {}) })}
        data-testid="gray-start-button"
      >
        Plan the gray release
      </Button>
    </div>
  );
}

/** The flow under way: the steps (done, current, next), the next step's preview per consumer, apply it, return everything, or end the flow. */
function GrayRun({ service, providers, flow, setFlow }: { service: ServiceDetail; providers: readonly Provider[]; flow: GrayFlow; setFlow: (f: GrayFlowState | null, how?: "returned") => void }) {
  const configs = useQuery(configsQuery({ service: service.interface, group: service.group, version: service.version }));
  const apply = useApplyGrayStep();
  const back = useReturnGray();
  const [askStranding, setAskStranding] = useState(false);
  const { plan } = flow;
  const fresh = providers.filter((p) => plan.newAddresses.includes(p.address));
  const others = providers.filter((p) => !plan.newAddresses.includes(p.address));
  const newWeights = fresh.map((p) => p.weight);
  const config = flow.configId === null ? null : (configs.data?.configs.find((c) => c.id === flow.configId) ?? null);
  const lost = flow.configId !== null && configs.data !== undefined && config === null;
  const next = flow.step + 1 < plan.steps.length ? flow.step + 1 : null;
  const target = { kind: "service" as const, service: service.interface, group: service.group, version: service.version, key: service.key };
  const nextWeight = next === null ? null : othersWeight(plan.steps[next]!, newWeights, others.length);
  const nextDraft = nextWeight === null ? null : grayStepDraft(plan, others.map((p) => p.address).sort(), nextWeight);
  const previewBody = nextDraft === null || lost || fresh.length === 0 ? null : draftPreviewBody(nextDraft, target, config?.id ?? null);
  const stranded = strandedBy(apply.error);
  const run = (allowStranding: boolean) => {
    if (nextDraft === null || next === null) return;
    apply.mutate({ existing: config, draft: nextDraft, allowStranding }, { onSuccess: (saved) => (setAskStranding(false), setFlow({ ...flow, configId: saved.id, step: next })), onError: (e) => setAskStranding(strandedBy(e) !== null) });
  };
  return (
    <div className="space-y-3" data-testid="gray-run" data-step={flow.step}>
      <p className="text-sm [overflow-wrap:anywhere]">
        New providers: <span className="font-mono">{plan.newAddresses.join(", ")}</span>
        {fresh.length < plan.newAddresses.length && <Badge tone="warn" className="ml-1">{plan.newAddresses.length - fresh.length} not registered now</Badge>}
      </p>
      <ol className="flex flex-wrap gap-2" data-testid="gray-steps-list">
        {plan.steps.map((s, i) => (
          <li key={s} data-testid="gray-step" data-state={i <= flow.step ? (i === flow.step ? "current" : "done") : "next"}>
            <Badge tone={i === flow.step ? "info" : i < flow.step ? "good" : "neutral"}>
              Step {i + 1}: {s}%{i === flow.step ? " (now)" : ""}
            </Badge>
          </li>
        ))}
      </ol>
      <p className="text-sm" data-testid="gray-now">
        {flow.step < 0
          ? "Nothing is written yet: every consumer calls the providers as before."
          : `Now at step ${flow.step + 1}: the other providers weigh ${config?.parameters.weight ?? "?"}, so the new ones get about ${shareAt(Number(config?.parameters.weight ?? 0), newWeights, others.length)}% of each weighing consumer's calls once warmed up (Dubbo ramps a provider's weight up over its first minutes; the preview shows each consumer's share now).`}
      </p>
      {lost && (
        <Callout tone="warn" title="The flow's override is gone" data-testid="gray-lost">
          Someone deleted or replaced the override this flow wrote, so the consumers are no longer at its step. End the flow and start again if needed.
        </Callout>
      )}
      {next !== null && !lost && (
        <div className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="gray-next">
          <p className="text-sm font-medium">
            Step {next + 1}: {plan.steps[next]}% to the new providers{" "}
            <span className="font-normal text-zinc-600 dark:text-zinc-400">
              (the other {others.length} provider{others.length === 1 ? "" : "s"} at weight {nextWeight}: {shareAt(nextWeight ?? 0, newWeights, others.length)}% once warmed up; below, each consumer&apos;s share as it would be now)
            </span>
          </p>
          <DraftPreview body={previewBody} paused={apply.isPending} />
          <Button type="button" variant="primary" disabled={apply.isPending || fresh.length === 0 || (flow.configId !== null && config === null)} onClick={() => run(false)} data-testid="gray-apply">
            {apply.isPending ? "Applying…" : `Apply step ${next + 1}`}
          </Button>
          {apply.error && !stranded && <p className="text-sm text-red-700 dark:text-red-300">{apply.error.message}</p>}
        </div>
      )}
      {config !== null && (
        <details className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="gray-return-preview">
          <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">What returning everything would do to each consumer</summary>
          <div className="mt-2">
            <DraftPreview body={{ id: config.id, delete: true }} paused={back.isPending} />
          </div>
        </details>
      )}
      {next === null && !lost && <p className="text-sm" data-testid="gray-done">Every step is applied. Take the other providers offline or return everything, then end the flow.</p>}
      <div className="flex flex-wrap gap-2">
        {config !== null && (
          <ConfirmDialog
            trigger="Return everything to before"
            title="Return every consumer to how it was before the gray release?"
            description="The flow's override is deleted, so the providers weigh as they did before the flow started; consumers see it within seconds. The deletion is recorded in the audit trail."
            confirmLabel="Return everything"
            pendingLabel="Returning…"
            pending={back.isPending}
            error={back.error ? back.error.message : null}
            onClosed={() => back.reset()}
            onConfirm={(close) => back.mutate(config, { onSuccess: () => (close(), setFlow(null, "returned")) })}
          />
        )}
        <Button type="button" variant="ghost" onClick={() => setFlow(null)} data-testid="gray-end">
          {config === null ? "Cancel the flow" : "End the flow (keep the weights)"}
        </Button>
      </div>
      <StrandingAskDialog
        asked={askStranding}
        error={apply.error}
        testId="gray-stranding-dialog"
        title="Apply a step that leaves consumers with no provider?"
        confirmLabel="Apply anyway"
        pendingLabel="Applying…"
        pending={apply.isPending}
        onConfirm={() => run(true)}
        onCancel={() => (setAskStranding(false), apply.reset())}
      />
    </div>
  );
}

/**
 * The service page's gray release: pick the new providers, then move a share of the calls
 * to them by weight in the steps the operator chose, each previewed per consumer by the
 * server before it is applied with one click, and one click to return everything (lib/gray/gray-plan.ts).
 * `providers`: the service's providers with their effective weight after overrides.
 */
export function GrayReleasePanel({ service, providers }: { service: ServiceDetail; providers: readonly Provider[] }) {
  const [flow, setFlow, status] = useGrayFlow(service);
  return (
    <section className="min-w-0 space-y-3" data-testid="gray-release" aria-label="Gray release">
      <h2 className="text-base font-semibold">Gray release</h2>
      {flow !== null && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="gray-owner">
          Started by {flow.startedBy} {new Date(flow.startedAt).toLocaleString()}
          {flow.updatedAt !== flow.startedAt ? `; last moved by ${flow.updatedBy} ${new Date(flow.updatedAt).toLocaleString()}` : ""}. Every operator and console replica sees this flow.
        </p>
      )}
      {status.error !== null && (
        <Callout tone="bad" data-testid="gray-flow-error">
          {status.error}
        </Callout>
      )}
      {status.loading ? (
        <p className="text-sm text-zinc-500" data-testid="gray-loading">
          Reading the gray release of this service…
        </p>
      ) : flow === null ? (
        <GrayStart service={service} providers={providers} onStart={({ applications, ...plan }) => setFlow({ plan: { ...plan, newAddresses: [...plan.newAddresses], steps: [...plan.steps], ...(applications ? { applications: [...applications] } : {}) }, configId: null, step: -1 })} />
      ) : flow.plan.mode === "applications" ? (
        <GrayAppsRun service={service} providers={providers} flow={flow} setFlow={setFlow} />
      ) : flow.plan.mode === "tag" ? (
        <GrayTagRun providers={providers} flow={flow} setFlow={setFlow} />
      ) : (
        <GrayRun service={service} providers={providers} flow={flow} setFlow={setFlow} />
      )}
    </section>
  );
}
