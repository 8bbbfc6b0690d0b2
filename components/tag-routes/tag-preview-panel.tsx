"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { tagPreviewQuery } from "@/lib/api/client/queries";
import type { ProviderSample, TagConditionStep, TagConsumerRow, TagOutcome, TagPreviewBody, TagPreviewResponse } from "@/lib/api/tag-route-preview";
import { useDebounced } from "../routes/use-debounced";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

/** A change after this much quiet is asked for at once (as the other editors' previews). */
const DRAFT_SETTLE_MS = 40;

const SOURCE_WORDS = { addresses: "by address", match: "by match", none: "selects nothing" } as const;

/** A provider set in words: "2: 10.0.0.1:20880, 10.0.0.2:20880" (the first listed, the count whole). */
function Sample({ sample }: { sample: ProviderSample }) {
  if (sample.total === 0) return <span className="text-red-700 dark:text-red-300">no provider</span>;
  const more = sample.total - sample.addresses.length;
  return (
    <span className="font-mono text-xs [overflow-wrap:anywhere]">
      {sample.total}: {sample.addresses.join(", ")}
      {more > 0 ? ` and ${more} more` : ""}
    </span>
  );
}

/** The consumer's router chain in Dubbo's order: each saved condition route with the providers it received and left, and the tag router between them. */
function Chain({ steps }: { steps: readonly TagConditionStep[] }) {
  if (steps.length === 0) return null;
  const step = (s: TagConditionStep, i: number) => (
    <li key={i} data-testid="tag-chain-step" data-at={s.at} data-copy={s.copy} title={`${s.copy === "registry" ? "registry route" : "config-center condition"}, priority ${s.priority}: ${s.outcome}`}>
      {s.copy === "registry" ? "route" : "config center"} <span className="font-mono">{s.name}</span> {s.outcome === "skipped" || s.outcome === "invalid" ? `(${s.outcome})` : `${s.input}→${s.output}`}
    </li>
  );
  return (
    <ol className="flex flex-wrap gap-x-1.5 text-[11px] text-zinc-600 dark:text-zinc-300 [&>li+li]:before:mr-1.5 [&>li+li]:before:content-['›']" data-testid="tag-chain" aria-label="Router chain in Dubbo's order">
      {steps.filter((s) => s.at === "before-tag").map(step)}
      <li key="tag">tag router</li>
      {steps.filter((s) => s.at === "after-tag").map(step)}
    </ol>
  );
}

function Outcome({ outcome, testId }: { outcome: TagOutcome; testId: string }) {
  return (
    <div className="min-w-0 space-y-0.5" data-testid={testId} data-total={outcome.providers.total} data-path={outcome.path}>
      <Sample sample={outcome.providers} />
      <Chain steps={outcome.conditions} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{outcome.reason}</p>
    </div>
  );
}

/** Which providers each of the draft's tags selects, per release. */
function TagSelections({ answer }: { answer: TagPreviewResponse }) {
  return (
    <ul className="space-y-1" data-testid="tag-selections">
      {answer.tags.map((t, i) => (
        <li key={`${t.name}-${i}`} className="min-w-0 text-sm" data-testid="tag-selection" data-tag={t.name ?? ""}>
          <span className="font-mono font-medium">{t.name ?? "(no name)"}</span>
          {t.releases.map((r) => (
            <span key={r.release} className="ml-2 inline-block" data-release={r.release} data-total={r.providers.total}>
              <Badge tone="neutral">Dubbo {r.release}</Badge> {SOURCE_WORDS[r.source]}: <Sample sample={r.providers} />
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** One consumer (and those alike), a row per request tag: what it gets now and with the draft. */
function ConsumerRows({ service, consumer }: { service: string; consumer: TagConsumerRow }) {
  return (
    <>
      {consumer.requests.map((r) => (
        <TRow key={`${consumer.address}-${r.tag ?? ""}`} data-testid="tag-preview-row" data-service={service} data-consumer={consumer.application} data-release={consumer.semantics} data-request-tag={r.tag ?? ""} data-changed={r.changed}>
          <TD data-label="Consumer" className="text-xs [overflow-wrap:anywhere]">
            <div>
              <span className="font-mono">{consumer.application}</span> {consumer.address}
              {consumer.alike.length > 0 ? ` (+${consumer.alike.length} alike)` : ""} · {consumer.release || consumer.semantics}
              {!consumer.obeys && (
                <Badge tone="warn" className="ml-1">
                  ignores tag rules
                </Badge>
              )}
            </div>
          </TD>
          <TD data-label="Request tag" className="font-mono text-xs">
            {r.tag ?? (r.routedTag ? `none (own ${r.routedTag})` : "none")}
          </TD>
          <TD data-label="Now">
            <Outcome outcome={r.before} testId="tag-preview-before" />
          </TD>
          <TD data-label="With this rule">
            <div className="min-w-0">
              {r.changed && <Badge tone="info">changes</Badge>}
              <Outcome outcome={r.after} testId="tag-preview-after" />
            </div>
          </TD>
        </TRow>
      ))}
    </>
  );
}

/**
 * The tag editor's preview before Save: POST /api/v1/tag-routes/preview of the draft's text
 * (debounced): how each release reads it, the providers each tag selects, and for every
 * registered consumer of the application's services and each request tag (none, and every
 * tag named) the providers it gets now and with the draft, and why; the consumers left with
 * no provider first. `body` null: nothing to ask (the draft has problems).
 */
export function TagPreviewPanel({ body, paused }: { body: TagPreviewBody | null; paused: boolean }) {
  const settled = useDebounced(body, DRAFT_SETTLE_MS, { leading: true });
  const query = useQuery({ ...tagPreviewQuery(settled ?? ({} as TagPreviewBody)), enabled: settled !== null && !paused, placeholderData: keepPreviousData });
  if (body === null && !query.data) return null;
  const outdated = body === null || query.isPlaceholderData || query.isFetching || JSON.stringify(settled) !== JSON.stringify(body);
  const answer = query.data;
  return (
    <section className="min-w-0 space-y-3 text-sm" data-testid="tag-preview" data-state={outdated ? "updating" : "current"} aria-label="Preview">
      <h4 className="flex items-center gap-1 text-sm font-semibold">
        Preview: who lands where
        {query.isFetching && <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-label="Updating" />}
      </h4>
      {query.error && <p className="text-xs text-red-700 dark:text-red-300">The preview failed: {query.error.message}</p>}
      {!answer && !query.error && <p className="text-xs text-zinc-500">Asking the console…</p>}
      {answer && (
        <div className={outdated ? "space-y-3 opacity-60" : "space-y-3"}>
          <p className="flex flex-wrap gap-1" data-testid="tag-preview-readings">
            {answer.readings.after.map((r) => (
              <Badge key={r.release} tone={r.status === "active" ? "good" : r.status === "refused" ? "bad" : "neutral"} title={r.problem ?? undefined} data-release={r.release} data-status={r.status}>
                Dubbo {r.release}: {r.status.replace("_", " ")}
              </Badge>
            ))}
          </p>
          {answer.impact.stranded.length > 0 && (
            <Callout tone="bad" title="Consumers left with no provider" data-testid="tag-preview-stranded">
              <ul className="list-disc pl-5">
                {answer.impact.stranded.map((s) => (
                  <li key={`${s.service}-${s.address}-${s.tag ?? ""}`} className="[overflow-wrap:anywhere]">
                    {s.application} ({s.address}) calling {s.service} {s.tag === null ? "without a request tag" : `with tag ${s.tag}`}
                  </li>
                ))}
              </ul>
            </Callout>
          )}
          <p data-testid="tag-preview-impact">
            {answer.impact.changed} of {answer.impact.consumers} registered consumer{answer.impact.consumers === 1 ? "" : "s"} get other providers with this rule.
          </p>
          <TagSelections answer={answer} />
          {answer.notes.length > 0 && (
            <ul className="list-disc space-y-0.5 pl-5 text-xs text-amber-800 dark:text-amber-300" data-testid="tag-preview-notes">
              {answer.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          {answer.services.map((s) => (
            <div key={s.service} className="min-w-0 space-y-1" data-testid="tag-preview-service" data-service={s.service}>
              <p className="font-mono text-xs font-medium [overflow-wrap:anywhere]">
                {s.service} · {s.providers} provider{s.providers === 1 ? "" : "s"}
              </p>
              {s.consumers.length === 0 ? (
                <p className="text-xs text-zinc-500">No registered consumer.</p>
              ) : (
                <Table stacked>
                  <THead>
                    <tr>
                      <TH>Consumer</TH>
                      <TH>Request tag</TH>
                      <TH>Now</TH>
                      <TH>With this rule</TH>
                    </tr>
                  </THead>
                  <tbody>
                    {s.consumers.map((c) => (
                      <ConsumerRows key={c.address} service={s.service} consumer={c} />
                    ))}
                  </tbody>
                </Table>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
