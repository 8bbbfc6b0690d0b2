"use client";

import { useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@/lib/api/audit";
import { routeHistoryQuery } from "@/lib/api/client/queries";
import type { Route } from "@/lib/api/routing/routes";
import { KIND_LABELS, kindTone } from "@/lib/audit/kind-labels";
import { rollbackFirst } from "@/lib/audit/rollback-order";
import { AuditActor } from "../audit/audit-actor";
import { AuditChange } from "../audit/audit-change";
import { useSession } from "../auth/use-session";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TimeAgo } from "../ui/time-ago";
import { StrandedConsumers, strandedBy } from "./stranded-consumers";
import { rollbackErrorMessage, useRollbackRoute } from "./use-rollback-route";

/** Whether the state before `entry` can be restored: a route change that was made (undoing a creation deletes the route). */
function restorable(entry: AuditEntry): boolean {
  return entry.outcome === "ok" && entry.kind.startsWith("route.");
}

function RollbackButton({ route, entry, onRolledBack }: { route: Route; entry: AuditEntry; onRolledBack: (restored: Route | null) => void }) {
  const rollback = useRollbackRoute();
  const deletes = entry.before === null || entry.before === undefined;
  const stranded = strandedBy(rollback.error);
  return (
    <ConfirmDialog
      trigger="Roll back to before this change"
      title={`Roll back “${route.name}”?`}
      description={`${deletes ? "This change created the route, so rolling it back deletes the route" : "The route is put back as it was before this change"} (${entry.summary}). Consumers see it within seconds, and the rollback itself is recorded in the audit trail.`}
      confirmLabel={stranded ? "Roll back anyway" : "Roll back"}
      pendingLabel="Rolling back…"
      pending={rollback.isPending}
      error={rollback.error && !stranded ? rollbackErrorMessage(rollback.error) : null}
      onClosed={() => rollback.reset()}
      onConfirm={(close) =>
        rollback.mutate(
          { id: route.id, auditId: entry.id, ...(stranded ? { allowStranding: true } : {}) },
          {
            onSuccess: (answer) => {
              close();
              onRolledBack(answer.route);
            },
          },
        )
      }
    >
      <AuditChange entry={{ before: entry.after, after: entry.before }} />
      {stranded && (
        <div className="space-y-1 text-sm">
          <p>Not rolled back yet: rolled back, the route leaves registered consumers with no provider.</p>
          <StrandedConsumers consumers={stranded} />
        </div>
      )}
    </ConfirmDialog>
  );
}

/**
 * The rollback of `entry`, offered only where it can succeed: while later changes moved the
 * route on, it says which to roll back first (newest first) instead; when no run of
 * rollbacks gets there (changed outside the console), that it must be edited by hand.
 */
function RollbackOffer({ route, entry, entries, onRolledBack }: { route: Route; entry: AuditEntry; entries: readonly AuditEntry[]; onRolledBack: (restored: Route | null) => void }) {
  const first = rollbackFirst(entries, entry, route.node);
  if (first !== null && first.length === 0) return <RollbackButton route={route} entry={entry} onRolledBack={onRolledBack} />;
  return (
    <p className="max-w-64 text-xs text-zinc-500 dark:text-zinc-400" data-testid="rollback-later-first" data-rollback-first={first?.map((e) => e.id).join(" ") ?? ""}>
      {first === null
        ? "Cannot be rolled back: the route was changed outside the console since."
        : `To roll this back, first roll back the ${first.length === 1 ? "later change" : `${first.length} later changes`} above it, newest first.`}
    </p>
  );
}

/**
 * One route's history: every recorded change of it, newest first, with who, when, what and
 * the diff; for a role that may write routes, each change that had a before can be rolled
 * back after a confirmation (the dialog shows what the rollback will change). A 409 (the
 * route moved on meanwhile) is said in the dialog and nothing is changed.
 */
export function RouteHistory({ route, onRolledBack }: { route: Route; onRolledBack: (restored: Route | null) => void }) {
  const query = useQuery(routeHistoryQuery(route.id));
  const { can } = useSession();
  return (
    <section className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="route-history" aria-labelledby="route-history-title">
      <h2 id="route-history-title" className="text-base font-semibold">
        History of “{route.name}”
      </h2>
      {query.error && (
        <Callout tone="bad" title="The history could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.isPending && <Callout>Reading the history…</Callout>}
      {query.data?.entries.length === 0 && <Callout>No change of this route is recorded (it was written before the audit trail, or by another tool).</Callout>}
      {query.data && query.data.entries.length > 0 && (
        <ol className="space-y-2">
          {query.data.entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" data-history-entry={entry.id} data-audit-kind={entry.kind}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={kindTone(entry.kind)}>{KIND_LABELS[entry.kind]}</Badge>
                    {entry.outcome === "error" && <Badge tone="bad">failed</Badge>}
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">
                      <TimeAgo at={entry.at} />
                    </span>
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere]">{entry.summary}</p>
                  <div className="text-sm">
                    <AuditActor actor={entry.actor} />
                  </div>
                </div>
                {can("routes.write") && restorable(entry) && <RollbackOffer route={route} entry={entry} entries={query.data.entries} onRolledBack={onRolledBack} />}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">What changed</summary>
                <div className="mt-2">
                  <AuditChange entry={entry} />
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
