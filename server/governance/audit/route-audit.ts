import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import type { Route } from "@/lib/api/routing/routes";
import { auditedActor, type AuditedActor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";
import { routeKeyOf } from "./route-key";

/**
 * The audit entry of a route change, from the route as the API showed it before and after
 * (null: there was none, or it is gone). Pure. The kind comes from what changed, whichever
 * endpoint made the change: only `enabled` is an enable or disable, only `priority` a
 * priority change, anything else an edit.
 */

/** The fields of a route that a change can change, in the order a summary names them. */
const FIELDS = ["name", "group", "version", "rule", "priority", "force", "runtime", "enabled", "configCenter"] as const;

/** Which of FIELDS differ between `before` and `after`. */
export function changedFields(before: Route, after: Route): (typeof FIELDS)[number][] {
  return FIELDS.filter((f) => before[f] !== after[f]);
}

/** The kind of a change from `before` to `after`. */
export function routeChangeKind(before: Route | null, after: Route | null): AuditKind {
  if (before === null) return "route.create";
  if (after === null) return "route.delete";
  const changed = changedFields(before, after);
  if (changed.length === 1 && changed[0] === "enabled") return after.enabled ? "route.enable" : "route.disable";
  if (changed.length === 1 && changed[0] === "priority") return "route.priority";
  return "route.edit";
}

/**
 * The entry of a change from `before` to `after` (not both null) made by `actor`;
 * `rolledBackTo`: the audit id whose `before` a rollback restored.
 */
export function routeChangeDraft(actor: AuditedActor, before: Route | null, after: Route | null, rolledBackTo?: string, at = Date.now()): AuditDraft {
  const route = (after ?? before)!;
  const kind = rolledBackTo === undefined ? routeChangeKind(before, after) : "route.rollback";
  const key = routeKeyOf(route);
  const previousKey = before && after ? routeKeyOf(before) : undefined;
  return {
    at,
    actor: auditedActor(actor),
    kind,
    service: serviceKey({ interface: route.service, group: route.group, version: route.version }),
    route: { key, ...(previousKey !== undefined && previousKey !== key ? { previousKey } : {}), name: route.name, id: route.id },
    summary: summary(kind, before, after, rolledBackTo),
    before,
    after,
    outcome: "ok",
  };
}

function summary(kind: AuditKind, before: Route | null, after: Route | null, rolledBackTo: string | undefined): string {
  const route = (after ?? before)!;
  const what = `route ${JSON.stringify(route.name)} of ${serviceKey({ interface: route.service, group: route.group, version: route.version })}`;
  switch (kind) {
    case "route.create":
      return `created ${what}`;
    case "route.delete":
      return `deleted ${what}`;
    case "route.enable":
      return `enabled ${what}`;
    case "route.disable":
      return `disabled ${what}`;
    case "route.priority":
      return `changed the priority of ${what} from ${before!.priority} to ${after!.priority}`;
    case "route.rollback":
      return `rolled back ${what} to before entry ${rolledBackTo}${after === null ? " (deleted it)" : before === null ? " (created it again)" : ""}`;
    default:
      return `edited ${what}: ${changedFields(before!, after!).join(", ") || "its config-center copy"}`;
  }
}
