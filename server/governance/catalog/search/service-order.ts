import { servicesViewOf } from "@/lib/api/services";
import { encodeServicesCursor, type ServiceFilter } from "@/lib/api/services-cursor";
import type { EntityIndex } from "../entity-index";
import type { ServiceEntry } from "../service-entry";
import { matchingPlaces } from "./service-positions";
import { type ServicePage, type ServiceSearch, searchServices, textMatcher } from "./service-search";
import type { SortedServices } from "../sorted-services";
import { comparatorOf, countOf, type Position, viewOrder } from "./view-order";

function filterOf(filter: ServiceFilter | ""): ((entry: ServiceEntry) => boolean) | null {
  switch (filter) {
    case "":
      return null;
    case "no-providers":
      return (e) => e.summary.providers === 0;
    case "no-consumers":
      return (e) => e.summary.consumers === 0;
  }
}

/**
 * One page of `search` in the order and with the filter of its `view`. The list order with
 * no filter is {@link searchServices}'s single pass; any other view takes the matches in
 * the view's order (view-order.ts: made once per catalog `revision`, so a request sorts
 * integers, or nothing without `q`) and starts after the cursor's service and count, so a
 * page follows the previous one even when counts changed between them (a service whose
 * count moved it behind the cursor is not repeated).
 */
export function listServices(services: SortedServices, index: EntityIndex, search: ServiceSearch, revision?: number): ServicePage {
  const view = servicesViewOf(search);
  if (view.sort === "name" && view.order === "asc" && view.filter === "") return searchServices(services, index, search);
  const all = services.all;
  const order = viewOrder(services, view, revision);
  let places: ArrayLike<number> = order.places;
  if (search.q) {
    // The matches are found by place (service-positions.ts), as the list order finds them.
    const { ranks } = order;
    places = matchingPlaces(services, index, search.q, search.by, textMatcher(search.q)).sort((a, b) => ranks[a]! - ranks[b]!);
  }
  const keep = filterOf(view.filter);
  const count = countOf(view.sort);
  const selected: ServiceEntry[] = [];
  for (let i = 0; i < places.length; i++) {
    const entry = all[places[i]!]!;
    if (!keep || keep(entry)) selected.push(entry);
  }
  const cursor = search.cursor;
  const start = cursor ? firstAfter(selected, { id: cursor.after, value: cursor.afterValue }, comparatorOf(view), count) : 0;
  const page = selected.slice(start, start + search.limit);
  const last = page.at(-1);
  const more = start + search.limit < selected.length;
  const nextCursor =
    more && last ? encodeServicesCursor({ q: (search.q ?? "").toLowerCase(), by: search.by ?? "", after: last.id, afterValue: count(last), ...view }) : null;
  return { entries: page, total: selected.length, nextCursor };
}

/** The index of the first entry of `sorted` (in the view's order) strictly after `after`. */
function firstAfter(sorted: readonly ServiceEntry[], after: Position, compare: (a: Position, b: Position) => number, count: (e: ServiceEntry) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const entry = sorted[mid]!;
    if (compare({ id: entry.id, value: count(entry) }, after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
