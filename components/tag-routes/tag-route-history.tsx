"use client";

import { useQuery } from "@tanstack/react-query";
import type { AuditEntry } from "@/lib/api/audit";
import { tagRouteHistoryQuery } from "@/lib/api/client/queries";
import type { TagRoute } from "@/lib/api/tag-routes";
import { KIND_LABELS, kindTone } from "@/lib/audit/kind-labels";
import { AuditActor } from "../audit/audit-actor";
import { AuditChange } from "../audit/audit-change";
import { useSession } from "../auth/use-session";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TimeAgo } from "../ui/time-ago";
import { useRollbackTagRoute } from "./use-tag-route-mutations";

/** Puts the rule back as `entry` found it (deleting it when the entry created it); a rollback that strands consumers asks again. */
function RollbackTagButton({ rule, entry }: { rule: TagRoute; entry: AuditEntry }) {
  const rollback = useRollbackTagRoute();
  const stranded = strandedBy(rollback.error);
  const deletes = entry.before === null || entry.before === undefined;
  return (
    <ConfirmDialog
      trigger="Roll back to before this change"
      title={`Roll back the tag rule of ${rule.application}?`}
      description={`${deletes ? "This change created the rule, so rolling it back deletes it" : "The rule is put back as it was before this change"} (${entry.summary}). Consumers see it within seconds; the rollback is recorded in the audit trail.`}
      confirmLabel={stranded ? "Roll back anyway" : "Roll back"}
      pendingLabel="Rolling back…"
      pending={rollback.isPending}
      error={rollback.error && !stranded ? rollback.error.message : null}
      onClosed={() => rollback.reset()}
      onConfirm={(close) => rollback.mutate({ id: rule.id, auditId: entry.id, ...(stranded ? { allowStranding: true } : {}) }, { onSuccess: close })}
    >
      {stranded && (
        <div className="space-y-1 text-sm">
          <p>This rollback leaves these consumers with no provider:</p>
          <StrandedConsumers consumers={stranded} />
        </div>
      )}
    </ConfirmDialog>
  );
}

/** One tag rule through all its edits (GET /api/v1/tag-routes/{id}/history), newest first, each with what changed and a rollback. */
export function TagRouteHistory({ rule }: { rule: TagRoute }) {
  const query = useQuery(tagRouteHistoryQuery(rule.id));
  const { can } = useSession();
  return (
    <section className="space-y-2" data-testid="tag-route-history" aria-label={`History of the tag rule of ${rule.application}`}>
      <h3 className="text-sm font-semibold">History</h3>
      {query.error && (
        <Callout tone="bad" title="The history could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.isPending && <p className="text-sm text-zinc-500">Reading the history…</p>}
      {query.data?.entries.length === 0 && <p className="text-sm text-zinc-500">No change of this rule is recorded (it was written by another tool).</p>}
      {query.data && query.data.entries.length > 0 && (
        <ol className="space-y-2">
          {query.data.entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-history-entry={entry.id} data-audit-kind={entry.kind}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone={kindTone(entry.kind)}>{KIND_LABELS[entry.kind]}</Badge>
                    {entry.outcome === "error" && <Badge tone="bad">failed</Badge>}
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">
                      <TimeAgo at={entry.at} />
                    </span>
                  </p>
                  <p className="[overflow-wrap:anywhere]">{entry.summary}</p>
                  <AuditActor actor={entry.actor} />
                </div>
                {can("routes.write") && entry.outcome === "ok" && entry.kind.startsWith("tag-route.") && <RollbackTagButton rule={rule} entry={entry} />}
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
