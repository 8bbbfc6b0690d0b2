import type { ServiceSort, ServicesView } from "@/lib/api/services-cursor";
import type { ServiceEntry } from "../service-entry";
import { compareIds, type SortedServices } from "../sorted-services";

/** The count a list is sorted by; 0 for every service when sorted by name. */
export function countOf(sort: ServiceSort): (entry: ServiceEntry) => number {
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

/** A position in an ordered list: a service and its count. */
export interface Position {
  readonly id: ServiceEntry["id"];
  readonly value: number;
}

/** The order of `view`: by count (ties by name, always ascending), or by name; `desc` reverses the count or the name. */
export function comparatorOf(view: ServicesView): (a: Position, b: Position) => number {
  const dir = view.order === "asc" ? 1 : -1;
  if (view.sort === "name") return (a, b) => dir * compareIds(a.id, b.id);
  return (a, b) => dir * (a.value - b.value) || compareIds(a.id, b.id);
}

/**
 * Every service of a list in the order of one view (its sort and order; the filter is not
 * applied): `places[r]` is the place in list order of the service ranked `r`, and
 * `ranks[p]` the rank of the service at place `p`. With it, a search sorts its matches by
 * comparing two integers instead of two names, and a list without `q` is read in order.
 */
export interface ViewOrder {
  readonly places: Int32Array;
  readonly ranks: Int32Array;
}

/** The view orders kept per list, made for one revision of the catalog (CatalogStore.revision). */
const kept = new WeakMap<SortedServices, { revision: number; orders: Map<string, ViewOrder> }>();

function makeOrder(services: SortedServices, view: ServicesView): ViewOrder {
  const all = services.all;
  const count = countOf(view.sort);
  const compare = comparatorOf(view);
  const positions = all.map((e) => ({ id: e.id, value: count(e) }));
  const places = Int32Array.from(all.keys());
  // The list order is by name already: a sort by name needs no comparison of names.
  if (view.sort === "name") {
    if (view.order === "desc") places.reverse();
  } else places.sort((a, b) => compare(positions[a]!, positions[b]!));
  const ranks = new Int32Array(all.length);
  places.forEach((place, rank) => (ranks[place] = rank));
  return { places, ranks };
}

/**
 * The order of `view` over `services`. Given the catalog's `revision` (which moves whenever
 * an entry changes, and so whenever a count may have), it is made once per revision and
 * view and reused until the revision moves; without one it is made afresh.
 */
export function viewOrder(services: SortedServices, view: ServicesView, revision?: number): ViewOrder {
  if (revision === undefined) return makeOrder(services, view);
  let state = kept.get(services);
  if (state?.revision !== revision) kept.set(services, (state = { revision, orders: new Map() }));
  const key = `${view.sort}\n${view.order}`;
  let order = state.orders.get(key);
  if (!order) state.orders.set(key, (order = makeOrder(services, view)));
  return order;
}
