"use client";

import { useQuery } from "@tanstack/react-query";
import { tagRoutesQuery } from "@/lib/api/client/queries";
import type { TagReading } from "@/lib/api/tag-route-preview";
import type { TagRoute } from "@/lib/api/tag-routes";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

const STATUS_TONE: Record<TagReading["status"], "good" | "warn" | "bad" | "neutral"> = { active: "good", disabled: "neutral", not_valid: "warn", refused: "bad", none: "neutral" };
const STATUS_WORDS: Record<TagReading["status"], string> = { active: "active", disabled: "disabled", not_valid: "not valid", refused: "refused", none: "no rule" };

/** How each release reads the rule, one badge each; a problem is the badge's title. */
function Readings({ readings }: { readings: readonly TagReading[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {readings.map((r) => (
        <Badge key={r.release} tone={STATUS_TONE[r.status]} title={r.problem ?? undefined} data-reading={r.release} data-status={r.status}>
          Dubbo {r.release}: {STATUS_WORDS[r.status]}
        </Badge>
      ))}
    </span>
  );
}

/** The tag rules, one row each: application, registry, how each release reads it, who wrote it, and how many providers and consumers it concerns. */
function TagRoutesTable({ rules }: { rules: readonly TagRoute[] }) {
  return (
    <Table stacked data-testid="tag-routes-table">
      <THead>
        <tr>
          <TH>Application</TH>
          <TH>Registry</TH>
          <TH>Status</TH>
          <TH>Origin</TH>
          <TH>Providers</TH>
          <TH>Consumers</TH>
        </tr>
      </THead>
      <tbody>
        {rules.map((r) => (
          <TRow key={r.id} data-tag-route={r.application}>
            <TD data-label="Application" className="font-mono text-xs [overflow-wrap:anywhere]">
              {r.application}
            </TD>
            <TD data-label="Registry" className="text-xs [overflow-wrap:anywhere]">
              {r.registry}
            </TD>
            <TD data-label="Status">
              <Readings readings={r.readings} />
            </TD>
            <TD data-label="Origin">{r.origin.by === "console" ? <Badge tone="info">console ({r.origin.actor})</Badge> : <Badge tone="warn">outside</Badge>}</TD>
            <TD data-label="Providers" className="tabular-nums">
              {r.providers}
            </TD>
            <TD data-label="Consumers" className="tabular-nums">
              {r.consumers}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

/** Every tag rule of every registry's config center. Kept current by the change stream (`tag-routes` events). */
export function TagRoutesView() {
  const query = useQuery(tagRoutesQuery({}));
  return (
    <div className="space-y-4" data-testid="all-tag-routes">
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="tag-routes-count">
        {query.data ? `${query.data.tagRoutes.length} tag rule${query.data.tagRoutes.length === 1 ? "" : "s"} in the config center` : "Reading the tag rules…"}
      </p>
      {query.error && (
        <Callout tone="bad" title="The tag rules could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.data && query.data.tagRoutes.length === 0 && <Callout data-testid="tag-routes-empty">No tag rule is saved in the config center.</Callout>}
      {query.data && query.data.tagRoutes.length > 0 && <TagRoutesTable rules={query.data.tagRoutes} />}
    </div>
  );
}
