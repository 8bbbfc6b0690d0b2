import { type AuditEntry, type RollbackResponse, type RouteHistoryResponse } from "@/lib/api/audit";
import { routeSchema } from "@/lib/api/routes";
import type { Actor } from "@/lib/auth/actor";
import { NotFoundError, ValidationError } from "@/lib/errors";
import type { RouteStore } from "../route-store";
import type { AuditLog } from "./audit-log";
import { routeKeyOf } from "./route-key";

/**
 * What /api/v1/routes/{id}/history and /rollback call: a route's entries in the audit trail,
 * and putting it back as an entry found it. A route is found by any id it had: its current
 * one (from the registry's view), or one an entry names (so a deleted or since-edited
 * route's id still works, as long as the trail holds an entry about it).
 */
export class RouteHistory {
  constructor(
    private readonly routes: Pick<RouteStore, "find" | "restore">,
    private readonly audit: Pick<AuditLog, "entry" | "history" | "keyOfRouteId">,
  ) {}

  /** Every entry about the route `id` names, newest first. @throws NotFoundError when neither the registry nor the trail knows the id. */
  history(id: string): RouteHistoryResponse {
    return { entries: this.audit.history(this.keyOf(id)) };
  }

  /**
   * Restores the route `id` names to the `before` of entry `auditId` (RouteStore.restore),
   * recorded as a `route.rollback`.
   * @throws NotFoundError for an unknown id or entry; ValidationError for an entry about
   *   something else; ConflictError when the route changed since the entry (see restore).
   */
  async rollback(id: string, auditId: string, actor?: Actor): Promise<RollbackResponse> {
    const key = this.keyOf(id);
    const entry = this.audit.entry(auditId);
    if (!entry) throw new NotFoundError(`no audit entry ${auditId} (it may have been rotated out); GET /api/v1/routes/${id}/history lists this route's entries`, { auditId });
    if (!entry.route || !this.audit.history(key).some((e) => e.id === auditId)) {
      const message = `audit entry ${auditId} is not about route ${id}`;
      throw new ValidationError(message, [{ path: "auditId", message }]);
    }
    const states = { id: entry.id, before: routeOrNull(entry, "before"), after: routeOrNull(entry, "after") };
    return { route: await this.routes.restore(states, actor) };
  }

  private keyOf(id: string): string {
    const current = this.routes.find(id);
    const key = current ? routeKeyOf(current) : this.audit.keyOfRouteId(id);
    if (key === undefined) throw new NotFoundError(`no route has id ${id}, and no audit entry names it`, { id });
    return key;
  }
}

/** An entry's `before` or `after` as a route; a field cut short (truncated) cannot be restored. */
function routeOrNull(entry: AuditEntry, side: "before" | "after") {
  const parsed = routeSchema.nullable().safeParse(entry[side]);
  if (parsed.success) return parsed.data;
  const message = `audit entry ${entry.id} does not hold the route's whole state (${side}), so it cannot be rolled back to`;
  throw new ValidationError(message, [{ path: "auditId", message }]);
}
