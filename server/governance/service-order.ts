import { servicesViewOf } from "@/lib/api/services";
import { encodeServicesCursor, type ServiceFilter, type ServiceSort, type ServicesView } from "@/lib/api/services-cursor";
import type { EntityIndex } from "./entity-index";
import type { ServiceEntry } from "./service-entry";
import { matchingPlaces } from "./service-positions";
import { type ServicePage, type ServiceSearch, searchServices, textMatcher } from "./service-search";
import { compareIds, type SortedServices } from "./sorted-services";

/** The count a list is sorted by; 0 for every service when sorted by name. */
function countOf(sort: ServiceSort): (entry: ServiceEntry) => number {
  switch (sort) {
    case "name":
      return () => 0;
    case "providers":
      return (e) => e.summary.providers;
    case "consumers":
      return (e) => e.summary.consumers;
    case "applications":
      return (e) => e.summary.applications.length;
  }
}

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

/** A position in an ordered list: a service and its count. */
interface Position {
  readonly id: ServiceEntry["id"];
  readonly value: number;
}

/** The order of `view`: by count (ties by name, always ascending), or by name; `desc` reverses the count or the name. */
function comparatorOf(view: ServicesView): (a: Position, b: Position) => number {
  const dir = view.order === "asc" ? 1 : -1;
  if (view.sort === "name") return (a, b) => dir * compareIds(a.id, b.id);
  return (a, b) => dir * (a.value - b.value) || compareIds(a.id, b.id);
}

/**
 * One page of `search` in the order and with the filter of its `view`. The list order with
 * no filter is {@link searchServices}'s single pass; any other view selects the matches,
 * sorts them (work proportional to the matches, n log n) and starts after the cursor's
 * service and count, so a page follows the previous one even when counts changed between
 * them (a service whose count moved it behind the cursor is not repeated).
 */
export function listServices(services: SortedServices, index: EntityIndex, search: ServiceSearch): ServicePage {
  const view = servicesViewOf(search);
  if (view.sort === "name" && view.order === "asc" && view.filter === "") return searchServices(services, index, search);
  // The matches are found by place (service-positions.ts), as the list order finds them.
  const candidates = search.q ? matchingPlaces(services, index, search.q, search.by, textMatcher(search.q)).map((i) => services.all[i]!) : services.all;
  const keep = filterOf(view.filter);
  const count = countOf(view.sort);
  const compare = comparatorOf(view);
  const selected: Position[] = [];
  const entries = new Map<Position, ServiceEntry>();
  for (const entry of candidates) {
    if (keep && !keep(entry)) continue;
    const position = { id: entry.id, value: count(entry) };
    selected.push(position);
    entries.set(position, entry);
  }
  selected.sort(compare);
  const cursor = search.cursor;
  const start = cursor ? firstAfter(selected, { id: cursor.after, value: cursor.afterValue }, compare) : 0;
  const page = selected.slice(start, start + search.limit);
  const last = page.at(-1);
  const more = start + search.limit < selected.length;
  const nextCursor =
    more && last ? encodeServicesCursor({ q: (search.q ?? "").toLowerCase(), by: search.by ?? "", after: last.id, afterValue: last.value, ...view }) : null;
  return { entries: page.map((p) => entries.get(p)!), total: selected.length, nextCursor };
}

/** The index of the first position strictly after `after` in `sorted`. */
function firstAfter(sorted: readonly Position[], after: Position, compare: (a: Position, b: Position) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
