import {
  DEFAULT_SERVICES_VIEW,
  encodeServicesCursor,
  type SearchMode,
  type ServiceFilter,
  type ServiceSort,
  type ServicesCursor,
  type SortOrder,
} from "@/lib/api/services-cursor";
import type { ServicesResponse } from "@/lib/api/services";
import type { EntityIndex } from "./entity-index";
import type { ServiceEntry } from "./service-entry";
import type { SortedServices } from "./sorted-services";

/** One search of the service list, as GET /api/v1/services takes it (already validated). */
export interface ServiceSearch {
  readonly q?: string;
  readonly by?: SearchMode;
  readonly limit: number;
  readonly cursor?: ServicesCursor;
  /** Order and filter (see service-order.ts, servicesViewOf); absent, the list order and no filter. */
  readonly sort?: ServiceSort;
  readonly order?: SortOrder;
  readonly filter?: ServiceFilter;
}

export interface ServicePage {
  /** The page's entries, in list order. */
  readonly entries: readonly ServiceEntry[];
  readonly total: number;
  readonly nextCursor: string | null;
}

type StaleList = ServicesResponse["stale"];

/** GET /api/v1/services's answer for `page`. */
export function pageResponse(page: ServicePage, stale: StaleList): ServicesResponse {
  return { services: page.entries.map((e) => e.summary), total: page.total, nextCursor: page.nextCursor, stale };
}

const summaryJson = new WeakMap<ServiceEntry, string>();

/**
 * The same answer as {@link pageResponse}, as JSON text. Each entry's summary is
 * stringified once (entries are immutable) and pasted in, so a large page costs a join
 * instead of serialising every summary on every request.
 */
export function pageJson(page: ServicePage, stale: StaleList): string {
  const services = page.entries.map((e) => {
    let json = summaryJson.get(e);
    if (json === undefined) summaryJson.set(e, (json = JSON.stringify(e.summary)));
    return json;
  });
  return `{"services":[${services.join(",")}],"total":${page.total},"nextCursor":${JSON.stringify(page.nextCursor)},"stale":${JSON.stringify(stale)}}`;
}

/**
 * A test of one lower-case haystack (names one per line). Text with `*` is a glob that must
 * match a whole line, `*` standing for any run of characters; other text is a substring.
 */
export function textMatcher(q: string): (haystack: string) => boolean {
  const needle = q.toLowerCase();
  if (!needle.includes("*")) return (haystack) => haystack.includes(needle);
  const body = needle
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^\\n]*");
  const pattern = new RegExp(`^${body}$`, "m");
  return (haystack) => pattern.test(haystack);
}

function hostOf(address: string): string {
  const colon = address.lastIndexOf(":");
  return colon < 0 ? address : address.slice(0, colon);
}

/** The keys of the services the applications whose lower-case name `matches` provide or consume. */
function keysOfApplications(index: EntityIndex, matches: (name: string) => boolean): Set<string> {
  const keys = new Set<string>();
  for (const bucket of index.applications.values()) {
    if (!matches(bucket.lower)) continue;
    for (const key of bucket.provides.keys()) keys.add(key);
    for (const key of bucket.consumes.keys()) keys.add(key);
  }
  return keys;
}

/** The keys of the services provided or consumed at the addresses whose lower-case name `matches`. */
function keysAtAddresses(index: EntityIndex, matches: (name: string) => boolean): Set<string> {
  const keys = new Set<string>();
  for (const bucket of index.addresses.values()) {
    if (!matches(bucket.lower)) continue;
    for (const t of bucket.instances) for (const key of t.services.keys()) keys.add(key);
  }
  return keys;
}

/**
 * Which entries a search selects; null when it selects all (no `q`). By service, each
 * entry's own haystack is matched; by application or address, the names in the index are
 * (far fewer than the URLs), and an entry is selected when its key is among theirs.
 */
export function entryMatcher(q: string | undefined, by: SearchMode | undefined, index: EntityIndex): ((entry: ServiceEntry) => boolean) | null {
  if (!q) return null;
  const matches = textMatcher(q);
  if (by === "service") return (entry) => matches(entry.haystack);
  // An address matches by its host too, so that a glob of hosts (`10.*.3`) finds host:ports;
  // a substring of the host is one of the address already.
  const keys =
    by === "address" ? keysAtAddresses(index, q.includes("*") ? (name) => matches(name) || matches(hostOf(name)) : matches) : keysOfApplications(index, matches);
  if (by) return (entry) => keys.has(entry.key);
  return (entry) => keys.has(entry.key) || matches(entry.haystack);
}

/**
 * One page of `search` over `services`, in list order: up to `limit` matches after the
 * cursor's service, how many match in all, and the cursor of the next page (null when no
 * match follows). One pass over precomputed lower-case haystacks; nothing is sorted.
 */
export function searchServices(services: SortedServices, index: EntityIndex, search: ServiceSearch): ServicePage {
  const all = services.all;
  const start = search.cursor ? services.indexAfter(search.cursor.after) : 0;
  const matches = entryMatcher(search.q, search.by, index);
  const page: ServiceEntry[] = [];
  let total = 0;
  let more = false;
  if (matches === null) {
    total = all.length;
    page.push(...all.slice(start, start + search.limit));
    more = start + search.limit < all.length;
  } else {
    for (let i = 0; i < all.length; i++) {
      const entry = all[i]!;
      if (!matches(entry)) continue;
      total++;
      if (i < start) continue;
      if (page.length < search.limit) page.push(entry);
      else more = true;
    }
  }
  const last = page.at(-1);
  const nextCursor = more && last ? encodeServicesCursor({ q: (search.q ?? "").toLowerCase(), by: search.by ?? "", after: last.id, afterValue: 0, ...DEFAULT_SERVICES_VIEW }) : null;
  return { entries: page, total, nextCursor };
}
