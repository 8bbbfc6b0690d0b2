import type { AuditEntry, AuditFilterQuery, AuditQuery, AuditTrailSpan } from "@/lib/api/audit";
import { ValidationError } from "@/lib/errors";

/**
 * Pure selection of audit entries: the filters of GET /api/v1/audit (and its export) and a
 * route's history. `entries` are newest first (ids descending), as the audit log keeps them.
 */

/** The page of `entries` that `query` selects: matching entries older than the cursor, at most `limit`. */
export function selectAuditPage(entries: readonly AuditEntry[], query: AuditQuery): { entries: AuditEntry[]; nextCursor: string | null } {
  const match = auditMatcher(query);
  const page: AuditEntry[] = [];
  for (const e of entries) {
    if (query.cursor !== undefined && e.id >= query.cursor) continue;
    if (!match(e)) continue;
    if (page.length === query.limit) return { entries: page, nextCursor: page[page.length - 1]!.id };
    page.push(e);
  }
  return { entries: page, nextCursor: null };
}

/**
 * The test of `filter` for one entry: kind and user exactly; service as a case-insensitive
 * part of the service key (an interface alone, a package, a group); route by key or the key
 * before a rename; `from` and `to` inclusive on the entry's time.
 * @throws ValidationError when `from` is after `to`.
 */
export function auditMatcher(filter: AuditFilterQuery): (e: AuditEntry) => boolean {
  const { kind, user, route, from, to } = filter;
  if (from !== undefined && to !== undefined && from > to) {
    const message = `from (${new Date(from).toISOString()}) is after to (${new Date(to).toISOString()})`;
    throw new ValidationError(message, [{ path: "from", message }]);
  }
  const service = filter.service?.toLowerCase();
  return (e) =>
    (kind === undefined || e.kind === kind) &&
    (user === undefined || e.actor.name === user) &&
    (service === undefined || e.service.toLowerCase().includes(service)) &&
    (route === undefined || e.route?.key === route || e.route?.previousKey === route) &&
    (from === undefined || e.at >= from) &&
    (to === undefined || e.at <= to);
}

/**
 * How far back `entries` (newest first) go: the oldest, the count, the cap, and whether
 * older ones are gone: the trail is at its cap, or the oldest id is above the first
 * sequence ZooKeeper gives under a path (0), so entries before it were made and removed.
 */
export function trailSpan(entries: readonly AuditEntry[], max: number): AuditTrailSpan {
  const oldest = entries.at(-1);
  return {
    count: entries.length,
    max,
    oldest: oldest ? { id: oldest.id, at: oldest.at } : null,
    rotated: entries.length >= max || (oldest !== undefined && Number(oldest.id) > 0),
  };
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
