"use client";

import type { AuditEntry } from "@/lib/api/audit";
import { routeSchema } from "@/lib/api/routing/routes";
import { useSession } from "../auth/use-session";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { StrandedConsumers, strandedBy } from "./stranded-consumers";
import { rollbackErrorMessage, useRollbackRoute } from "./use-rollback-route";

/**
 * "Restore" on a route's deletion entry (the Audit page): rolls the deletion back, which
 * creates the route again as it was (POST /api/v1/routes/{id}/rollback with the entry's id).
 * For a role that may write routes; a restore that would leave registered consumers with no
 * provider names them and is done only when confirmed again.
 */
export function RestoreDeletion({ entry }: { entry: AuditEntry }) {
  const { can } = useSession();
  const rollback = useRollbackRoute();
  const deleted = routeSchema.safeParse(entry.before);
  if (entry.kind !== "route.delete" || entry.outcome !== "ok" || !deleted.success || !can("routes.write")) return null;
  const route = deleted.data;
  const stranded = strandedBy(rollback.error);
  return (
    <ConfirmDialog
      trigger="Restore"
      title={`Restore route “${route.name}”?`}
      description={`It is created again as it was before this deletion (${route.rule}), and consumers obey it within seconds. The restore is recorded in the audit trail.`}
      confirmLabel={stranded ? "Restore anyway" : "Restore"}
      pendingLabel="Restoring…"
      pending={rollback.isPending}
      error={rollback.error && !stranded ? rollbackErrorMessage(rollback.error) : null}
      onClosed={() => rollback.reset()}
      onConfirm={(close) => rollback.mutate({ id: route.id, auditId: entry.id, ...(stranded ? { allowStranding: true } : {}) }, { onSuccess: close })}
    >
      {stranded && (
        <div className="space-y-1 text-sm" data-testid="restore-stranding">
          <p>Not restored yet: restored, it leaves registered consumers with no provider.</p>
          <StrandedConsumers consumers={stranded} />
        </div>
      )}
    </ConfirmDialog>
  );
}
