"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { applicationsQuery, tagRoutesQuery } from "@/lib/api/client/queries";
import type { TagReading } from "@/lib/api/tag-route-preview";
import type { TagRoute } from "@/lib/api/tag-routes";
import { useSession } from "../auth/use-session";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { TagRouteActions } from "./tag-route-actions";
import { TagRouteEditor } from "./tag-route-editor";
import { TagRouteHistory } from "./tag-route-history";

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
function TagRoutesTable({ rules, canWrite, onEdit, onHistory }: { rules: readonly TagRoute[]; canWrite: boolean; onEdit: (r: TagRoute) => void; onHistory: (r: TagRoute) => void }) {
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
          {canWrite && <TH>Actions</TH>}
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
            {canWrite && (
              <TD data-label="Actions">
                <TagRouteActions rule={r} onEdit={() => onEdit(r)} onHistory={() => onHistory(r)} />
              </TD>
            )}
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

/** Picks the provider application a new rule is for: any application that provides a service and has no rule yet. */
function NewRulePicker({ taken, onPick }: { taken: ReadonlySet<string>; onPick: (application: string) => void }) {
  const [name, setName] = useState("");
  const apps = useQuery(applicationsQuery(""));
  const offered = (apps.data?.applications ?? []).filter((a) => a.provides > 0 && !taken.has(a.name));
  const trimmed = name.trim();
  const problem = trimmed === "" ? null : taken.has(trimmed) ? `${trimmed} has a tag rule already: edit it from the list` : /[\s/]/.test(trimmed) ? "an application name holds no spaces or '/'" : null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed !== "" && problem === null) onPick(trimmed);
      }}
      data-testid="new-tag-route"
    >
      <label className="min-w-0 flex-1 space-y-1 text-sm sm:max-w-sm">
        <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Provider application</span>
        <Input list="tag-route-applications" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. demo-provider" className="font-mono" data-testid="new-tag-route-application" />
        <datalist id="tag-route-applications">
          {offered.map((a) => (
            <option key={a.name} value={a.name} />
          ))}
        </datalist>
      </label>
      <Button type="submit" variant="primary" disabled={trimmed === "" || problem !== null} data-testid="new-tag-route-start">
        New tag rule
      </Button>
      {problem && <p className="w-full text-xs text-red-700 dark:text-red-300">{problem}</p>}
    </form>
  );
}

type Panel = { readonly kind: "edit"; readonly application: string; readonly rule: TagRoute | null } | { readonly kind: "history"; readonly id: string } | null;

/** Every tag rule of every registry's config center, with the editor (new or existing) and a rule's history. Kept current by the change stream (`tag-routes` events). */
export function TagRoutesView() {
  const query = useQuery(tagRoutesQuery({}));
  const { can } = useSession();
  const canWrite = can("routes.write");
  const [panel, setPanel] = useState<Panel>(null);
  const rules = query.data?.tagRoutes ?? [];
  const historyRule = panel?.kind === "history" ? rules.find((r) => r.id === panel.id) : undefined;
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
      {canWrite && panel?.kind !== "edit" && <NewRulePicker taken={new Set(rules.map((r) => r.application))} onPick={(application) => setPanel({ kind: "edit", application, rule: null })} />}
      {panel?.kind === "edit" && <TagRouteEditor key={`${panel.application}-${panel.rule?.revision ?? "new"}`} application={panel.application} rule={panel.rule} onDone={() => setPanel(null)} />}
      {query.data && query.data.tagRoutes.length === 0 && <Callout data-testid="tag-routes-empty">No tag rule is saved in the config center.</Callout>}
      {query.data && query.data.tagRoutes.length > 0 && (
        <TagRoutesTable rules={query.data.tagRoutes} canWrite={canWrite} onEdit={(r) => setPanel({ kind: "edit", application: r.application, rule: r })} onHistory={(r) => setPanel({ kind: "history", id: r.id })} />
      )}
      {historyRule && <TagRouteHistory rule={historyRule} />}
    </div>
  );
}
