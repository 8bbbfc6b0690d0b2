import {
  DEFAULT_SERVICES_VIEW,
  encodeServicesCursor,
  type SearchMode,
  type ServiceFilter,
  type ServiceSort,
  type ServicesCursor,
  type SortOrder,
} from "@/lib/api/services-cursor";
import { type ServicesResponse, servicesViewOf } from "@/lib/api/services";
import type { EntityIndex } from "../entity-index";
import { matchingPlaces } from "./service-positions";
import type { ServiceEntry } from "../service-entry";
import type { SortedServices } from "../sorted-services";

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
  return withStale(pageBodyJson(page), stale);
}

/**
 * The members of {@link pageJson}'s object but `stale` (`"services":[…],"total":…,"nextCursor":…`):
 * what depends only on the catalog's entries, and so may be kept per revision (recent-answers.ts).
 */
export function pageBodyJson(page: ServicePage): string {
  const services = page.entries.map((e) => {
    let json = summaryJson.get(e);
    if (json === undefined) summaryJson.set(e, (json = JSON.stringify(e.summary)));
    return json;
  });
  return `"services":[${services.join(",")}],"total":${page.total},"nextCursor":${JSON.stringify(page.nextCursor)}`;
}

/** The whole answer of {@link pageBodyJson}'s `body` with the stale markers of now. */
export function withStale(body: string, stale: StaleList): string {
  return `{${body},"stale":${JSON.stringify(stale)}}`;
}

/**
 * One text per distinct search, whatever its spelling: `q` in lower case (searches ignore
 * case), `by`, `limit`, the view with its defaults filled in, and the cursor as the API
 * encodes it. Two searches with the same key answer the same page of the same catalog.
 */
export function searchKey(search: ServiceSearch): string {
  const view = servicesViewOf(search);
  const cursor = search.cursor ? encodeServicesCursor(search.cursor) : "";
  return JSON.stringify([(search.q ?? "").toLowerCase(), search.by ?? "", search.limit, view.sort, view.order, view.filter, cursor]);
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

/**
 * One page of `search` over `services`, in list order: up to `limit` matches after the
 * cursor's service, how many match in all, and the cursor of the next page (null when no
 * match follows). The matches are found by place (service-positions.ts), not by testing
 * every entry.
 */
export function searchServices(services: SortedServices, index: EntityIndex, search: ServiceSearch): ServicePage {
  const all = services.all;
  const start = search.cursor ? services.indexAfter(search.cursor.after) : 0;
  const page: ServiceEntry[] = [];
  let total: number;
  let more: boolean;
  if (!search.q) {
    total = all.length;
    page.push(...all.slice(start, start + search.limit));
    more = start + search.limit < all.length;
  } else {
    const places = matchingPlaces(services, index, search.q, search.by, textMatcher(search.q));
    total = places.length;
    let k = 0;
    while (k < places.length && places[k]! < start) k++;
    for (; k < places.length && page.length < search.limit; k++) page.push(all[places[k]!]!);
    more = k < places.length;
  }
  const last = page.at(-1);
  const nextCursor = more && last ? encodeServicesCursor({ q: (search.q ?? "").toLowerCase(), by: search.by ?? "", after: last.id, afterValue: 0, ...DEFAULT_SERVICES_VIEW }) : null;
  return { entries: page, total, nextCursor };
}
