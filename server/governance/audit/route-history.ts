import { type AuditEntry, type RollbackResponse, type RouteHistoryResponse } from "@/lib/api/audit";
import { routeSchema } from "@/lib/api/routing/routes";
import type { Actor } from "@/lib/auth/actor";
import { rollbackFirst } from "@/lib/audit/rollback-order";
import { ConflictError } from "@/server/errors/governance-errors";
import { isConsoleError, ValidationError } from "@/lib/errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { RouteStore } from "../rules/condition/route-store";
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
   *   something else; ConflictError when the route changed since the entry (`rollBackFirst`
   *   names the later entries to roll back first, when rollbacks can get there; see restore).
   */
  async rollback(id: string, auditId: string, actor?: Actor, allowStranding = false): Promise<RollbackResponse> {
    const key = this.keyOf(id);
    const entry = this.audit.entry(auditId);
    if (!entry) throw new NotFoundError(`no audit entry ${auditId} (it may have been rotated out); GET /api/v1/routes/${id}/history lists this route's entries`, { auditId });
    if (!entry.route || !this.audit.history(key).some((e) => e.id === auditId)) {
      const message = `audit entry ${auditId} is not about route ${id}`;
      throw new ValidationError(message, [{ path: "auditId", message }]);
    }
    const states = { id: entry.id, before: routeOrNull(entry, "before"), after: routeOrNull(entry, "after") };
    try {
      return { route: await this.routes.restore(states, actor, { allowStranding }) };
    } catch (e) {
      // The store found the route moved on since the entry (`current`: its node in ZooKeeper now): say which entries to roll back first.
      if (isConsoleError(e) && e.code === "conflict" && e.details !== undefined && "current" in e.details) refuseOutOfOrder(this.audit.history(key), entry, e.details.current as string | null);
      throw e;
    }
  }

  private keyOf(id: string): string {
    const current = this.routes.find(id);
    const key = current ? routeKeyOf(current) : this.audit.keyOfRouteId(id);
    if (key === undefined) throw new NotFoundError(`no route has id ${id}, and no audit entry names it`, { id });
    return key;
  }
}

/**
 * Refuses the rollback of `entry` while later changes (as the trail holds them, newest first
 * in `history`) moved the route on to `current` (its node in ZooKeeper now, null: none):
 * names the entries to roll back first, in order. Returns when rollbacks cannot get there.
 */
function refuseOutOfOrder(history: readonly AuditEntry[], entry: AuditEntry, current: string | null): void {
  const first = rollbackFirst(history, entry, current);
  if (first === null || first.length === 0) return;
  const named = first.map((e) => `${e.id} (${e.summary})`).join(", then ");
  throw new ConflictError(`the route changed after audit entry ${entry.id}: roll back ${first.length === 1 ? "entry" : "entries"} ${named} first, newest first, then this one`, {
    auditId: entry.id,
    rollBackFirst: first.map((e) => e.id),
  });
}

/** An entry's `before` or `after` as a route; a field cut short (truncated) cannot be restored. */
function routeOrNull(entry: AuditEntry, side: "before" | "after") {
  const parsed = routeSchema.nullable().safeParse(entry[side]);
  if (parsed.success) return parsed.data;
  const message = `audit entry ${entry.id} does not hold the route's whole state (${side}), so it cannot be rolled back to`;
  throw new ValidationError(message, [{ path: "auditId", message }]);
}
