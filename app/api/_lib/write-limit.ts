import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { Requirement } from "@/lib/auth/roles";
import type { Engine } from "@/server/runtime/engine";

/**
 * Counts a change against its user's budget (CONSOLE_WRITE_RATE) before the handler runs:
 * every method guarded by `routes.write` or `configs.write` (route, config-rule and config changes, rollbacks) is a
 * change, and each change writes an audit entry, so this is what keeps one user from
 * rotating the trail's older entries away (CONSOLE_AUDIT_MAX) in minutes. A refused change
 * is a 429 `rate_limited` with Retry-After, and nothing is written: neither the change nor
 * an entry. Counted per signed-in user or token (`via:name`), in this process's memory.
 * @throws RateLimitedError
 */
export function limitWrites(permission: Requirement, actor: Actor, engine: Pick<Engine, "writeLimits">): void {
  if (permission === "routes.write" || permission === "configs.write") engine.writeLimits.take(`${actor.via}:${actor.name}`);
}
