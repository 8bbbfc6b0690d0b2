/**
 * Which later changes must be rolled back before an older one can be: a rollback puts a
 * route back as an entry found it only while the route is as that entry left it (see
 * RouteStore.restore), so rolling back an older entry means first undoing, newest first,
 * each change that moved the route on since. Pure, from the route's history; isomorphic
 * (the History panel offers only the rollbacks that can succeed, the API names the entries).
 */

/** What this reads of an audit entry: its id, outcome, and the route's node before and after. */
export interface RollbackStep {
  readonly id: string;
  readonly outcome: "ok" | "error";
  readonly kind: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The ZooKeeper node of a route state as an entry records it (null: no route). */
function nodeOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const node = (state as { node?: unknown }).node;
  return typeof node === "string" ? node : null;
}

/**
 * The entries to roll back, in order, before `target` can be: empty when the route is as
 * `target` left it (`current`, its node now; null when it does not exist); null when no run
 * of rollbacks of the entries in `history` gets it there (it was changed outside the trail).
 * `history` is the route's entries, newest first, as GET /api/v1/routes/{id}/history lists them.
 */
export function rollbackFirst<E extends RollbackStep>(history: readonly E[], target: E, current: string | null): E[] | null {
  const goal = nodeOf(target.after);
  const later = history.filter((e) => e.id > target.id && e.outcome === "ok" && e.kind.startsWith("route."));
  const used = new Set<string>();
  const first: E[] = [];
  let state = current;
  while (state !== goal) {
    // The newest change that left the route in `state`: undoing it puts the route back as it found it.
    const undo = later.find((e) => !used.has(e.id) && nodeOf(e.after) === state);
    if (undo === undefined) return null;
    used.add(undo.id);
    first.push(undo);
    state = nodeOf(undo.before);
  }
  return first;
}
