import type { ServicesListView } from "@/lib/api/client/queries";
import { SERVICE_FILTERS, SERVICE_SORTS, SORT_ORDERS, type ServiceFilter, type ServiceSort, type SortOrder } from "@/lib/api/services-cursor";

/** The order a sort starts in when chosen: names A to Z, counts the most first (as the API's default). */
export function defaultOrder(sort: ServiceSort): SortOrder {
  return sort === "name" ? "asc" : "desc";
}

/** The list view `?sort=`, `?order=` and `?filter=` ask for; anything unknown reads as the default (""). */
export function listViewOf(sort: string, order: string, filter: string): ServicesListView {
  const known = <T extends string>(values: readonly T[], v: string): T | "" => ((values as readonly string[]).includes(v) ? (v as T) : "");
  return { sort: known<ServiceSort>(SERVICE_SORTS, sort), order: known<SortOrder>(SORT_ORDERS, order), filter: known<ServiceFilter>(SERVICE_FILTERS, filter) };
}

/** The sort and order in effect, defaults filled in. */
export function effectiveSort(view: ServicesListView): { sort: ServiceSort; order: SortOrder } {
  const sort = view.sort || "name";
  return { sort, order: view.order || defaultOrder(sort) };
}

/**
 * The view after the operator picks `sort` (a column header, the sort menu): the same sort
 * again flips its order; another starts in its default order. The list order (name, A to Z)
 * is "" "" so the address stays clean.
 */
export function sortedBy(view: ServicesListView, sort: ServiceSort, order?: SortOrder): ServicesListView {
  const current = effectiveSort(view);
  const next = order ?? (current.sort === sort ? (current.order === "asc" ? "desc" : "asc") : defaultOrder(sort));
  if (sort === "name" && next === "asc") return { ...view, sort: "", order: "" };
  return { ...view, sort, order: next === defaultOrder(sort) ? "" : next };
}
