"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { memo, type ReactNode } from "react";
import { LoaderCircle } from "lucide-react";
import type { RoutePreviewRequest, RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import { routePreviewQuery } from "@/lib/api/client/queries";
import { Section } from "../catalog/page-header";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { ChainView } from "./chain-view";
import { ImpactView } from "./impact-view";
import { ProviderDecisions } from "./provider-decisions";
import { providerAddress } from "@/lib/dubbo/provider-address";
import { editorPreviewRequest } from "./provider-page-request";
import { ReasonGroups } from "./reason-groups";
import { useDelayedFlag } from "./use-delayed-flag";

/** How long an answer may take before the panel shows it is waiting (spinner, the last answer dimmed): a fast one does not flash. */
const WAIT_SHOWN_MS = 150;

/**
 * What the draft does, asked of POST /api/v1/routes/preview whenever the (debounced) draft
 * changes: the consumer's providers with a reason each, where Dubbo 2.7 and 3.x differ, the
 * whole chain, and the registered consumers it changes. `request` null: nothing to preview
 * (the rule does not parse), and the last answer stays, dimmed. `settling`: the draft changed
 * and the debounced request has not caught up yet (`data-state` says "updating" until the
 * answer shown is the draft's as it stands). `note`: what the caller says above it (a disabled
 * route previewed as enabled). The answer's rendering is memoised: a keystroke re-renders the
 * panel's state, not the answer's long lists, until the new answer is in.
 */
export const PreviewPanel = memo(function PreviewPanel({ serviceKey, request, settling, note }: { serviceKey: string; request: RoutePreviewRequest | null; settling: boolean; note?: ReactNode }) {
  const query = useQuery({ ...routePreviewQuery(serviceKey, request ? editorPreviewRequest(request) : ({} as RoutePreviewRequest)), enabled: request !== null, placeholderData: keepPreviousData });
  const answer = query.data;
  const outdated = request === null || query.isPlaceholderData;
  const waitShown = useDelayedFlag(query.isFetching, WAIT_SHOWN_MS);
  const placeholderShown = useDelayedFlag(query.isPlaceholderData, WAIT_SHOWN_MS);
  const dimmed = request === null || placeholderShown;
  return (
    <div className="min-w-0 space-y-4" data-testid="route-preview" data-state={settling || query.isFetching ? "updating" : outdated ? "outdated" : "current"}>
      <div className="flex items-center gap-2">
        <h2 className="text-base font-semibold">Preview</h2>
        {waitShown && <LoaderCircle className="h-4 w-4 animate-spin text-zinc-400" aria-label="Updating" />}
      </div>
      {note}
      {request === null && <p className="text-xs text-zinc-500 dark:text-zinc-400">Fix the rule to see what it does.</p>}
      {query.error && (
        <Callout tone="bad" title="The preview failed">
          {query.error.message}
        </Callout>
      )}
      {answer && <AnswerView serviceKey={serviceKey} request={request} answer={answer} dimmed={dimmed} />}
    </div>
  );
});

/** One answer, rendered again only when it, the draft it is for or its dimming changes. */
const AnswerView = memo(function AnswerView({ serviceKey, request, answer, dimmed }: { serviceKey: string; request: RoutePreviewRequest | null; answer: RoutePreviewResponse; dimmed: boolean }) {
  return (
    <div className={dimmed ? "space-y-4 opacity-60" : "space-y-4"}>
      <Outcome answer={answer} />
      <Section title="Providers of this consumer" count={answer.resultCount} testId="preview-result">
        <ReasonGroups answer={answer} />
        <ProviderDecisions serviceKey={serviceKey} request={request} answer={answer} />
      </Section>
      {answer.chain && (
        <Section title="All routes of the service together" testId="preview-chain-section">
          <ChainView chain={answer.chain} />
        </Section>
      )}
      {answer.impact && (
        <Section title="Impact on registered consumers" testId="preview-impact-section">
          <ImpactView serviceKey={serviceKey} request={request} impact={answer.impact} />
        </Section>
      )}
      {answer.notes.map((n) => (
        <p key={n} className="text-xs text-amber-800 dark:text-amber-200">
          {n}
        </p>
      ))}
    </div>
  );
});

function Outcome({ answer }: { answer: RoutePreviewResponse }) {
  const other = answer.otherSemantics;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={answer.whenMatched ? "info" : "neutral"}>{answer.whenMatched ? "applies to this consumer" : "does not apply"}</Badge>
        <span data-testid="preview-summary">{answer.summary}</span>
      </div>
      {other && (other.differs || other.problem) && (
        <Callout tone="warn" title={`Dubbo ${other.semantics} reads this differently`} data-testid="semantics-difference">
          {other.problem ? (
            <p>{other.problem}</p>
          ) : (
            <p>
              A Dubbo {other.semantics} consumer like this one would get {addresses(other.result, other.resultCount)}: {other.summary}
            </p>
          )}
        </Callout>
      )}
    </div>
  );
}

/** The first providers of a result by address, and how many more. */
function addresses(result: readonly string[], count: number): string {
  if (count === 0) return "no provider";
  const shown = result.slice(0, 10).map(providerAddress).join(", ");
  return count > 10 ? `${count}: ${shown} and ${count - 10} more` : shown;
}
