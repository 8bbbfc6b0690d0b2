import type { AuditEntry, AuditQuery, AuditResponse } from "@/lib/api/audit";

/**
 * Pure selection of audit entries: the filters of GET /api/v1/audit and a route's history.
 * `entries` are newest first (ids descending), as the audit log keeps them.
 */

/** The page of `entries` that `query` selects: matching entries older than the cursor, at most `limit`. */
export function selectAuditPage(entries: readonly AuditEntry[], query: AuditQuery): AuditResponse {
  const page: AuditEntry[] = [];
  for (const e of entries) {
    if (query.cursor !== undefined && e.id >= query.cursor) continue;
    if (!matches(e, query)) continue;
    if (page.length === query.limit) return { entries: page, nextCursor: page[page.length - 1]!.id };
    page.push(e);
  }
  return { entries: page, nextCursor: null };
}

function matches(e: AuditEntry, q: AuditQuery): boolean {
  return (
    (q.kind === undefined || e.kind === q.kind) &&
    (q.user === undefined || e.actor.name === q.user) &&
    (q.service === undefined || e.service === q.service || interfaceOf(e.service) === q.service) &&
    (q.route === undefined || e.route?.key === q.route || e.route?.previousKey === q.route)
  );
}

/** The interface of a service key `group/interface:version`. */
export function interfaceOf(key: string): string {
  const slash = key.indexOf("/");
  const rest = slash < 0 ? key : key.slice(slash + 1);
  const colon = rest.indexOf(":");
  return colon < 0 ? rest : rest.slice(0, colon);
}

/**
 * The entries of one route, newest first: those with its key, following renames both ways
 * (an edit that renamed it carries the old key as `previousKey`).
 */
export function routeHistory(entries: readonly AuditEntry[], key: string): AuditEntry[] {
  const keys = new Set([key]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of entries) {
      const r = e.route;
      if (!r?.previousKey) continue;
      if (keys.has(r.key) !== keys.has(r.previousKey)) {
        keys.add(r.key).add(r.previousKey);
        grew = true;
      }
    }
  }
  return entries.filter((e) => e.route !== undefined && (keys.has(e.route.key) || (e.route.previousKey !== undefined && keys.has(e.route.previousKey))));
}

/** The key of the route whose id is (or, in some entry, was) `id`: from an entry naming it after, before or as its route. */
export function keyOfRouteId(entries: readonly AuditEntry[], id: string): string | undefined {
  for (const e of entries) {
    if (!e.route) continue;
    if (e.route.id === id || idOf(e.after) === id) return e.route.key;
    if (idOf(e.before) === id) return e.route.previousKey ?? e.route.key;
  }
  return undefined;
}

function idOf(route: unknown): string | undefined {
  return typeof route === "object" && route !== null && "id" in route && typeof route.id === "string" ? route.id : undefined;
}
