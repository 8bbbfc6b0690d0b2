"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type CSSProperties, useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { ApiError } from "@/lib/api/client/fetch-json";
import { servicesPagesQuery } from "@/lib/api/client/queries";
import { cn } from "@/lib/cn";
import { describeServiceCount } from "@/lib/format/service-count";
import { Callout } from "../ui/callout";
import type { ServiceFilter, ServiceSort, SortOrder } from "@/lib/api/services-cursor";
import { Input } from "../ui/input";
import { ListControls } from "./list-controls";
import { listViewOf, sortedBy } from "./list-view";
import { RegistryUnavailableCallout } from "./registry-unavailable-callout";
import { placeholderOf, SearchModeSelector, searchModeOf } from "./search-mode";
import { ServicesList } from "./services-list";
import { StaleBanner } from "./stale-banner";
import { useElementHeight } from "./use-element-height";
import { useFilterParam } from "./use-filter-param";

/** The list's order and filter, kept in `?sort=`, `?order=` and `?filter=`. */
function useListView() {
  const [sortParam, setSortParam] = useFilterParam("sort");
  const [orderParam, setOrderParam] = useFilterParam("order");
  const [filterParam, setFilter] = useFilterParam("filter");
  const view = useMemo(() => listViewOf(sortParam, orderParam, filterParam), [sortParam, orderParam, filterParam]);
  const onSort = useCallback(
    (sort: ServiceSort, order?: SortOrder) => {
      const next = sortedBy(view, sort, order);
      setSortParam(next.sort);
      setOrderParam(next.order);
    },
    [view, setSortParam, setOrderParam],
  );
  return { view, onSort, onFilter: setFilter as (filter: ServiceFilter | "") => void };
}

/**
 * The searchable list of services: the filter in `?q=`, what it is matched against in
 * `?by=`, the order and "no providers" / "no consumers" filters in `?sort=`, `?order=`,
 * `?filter=`. The search bar stays in view (with the table's header under it) as the list
 * scrolls. Pages of the list load as they scroll into view; the change stream keeps the
 * loaded ones current.
 */
export function ServicesView() {
  const [search, setSearch] = useFilterParam();
  const [byParam, setBy] = useFilterParam("by");
  const { view, onSort, onFilter } = useListView();
  const by = searchModeOf(byParam);
  const q = useDeferredValue(search.trim());
  const bar = useRef<HTMLDivElement>(null);
  const barHeight = useElementHeight(bar);
  const { data, error, isPending, isPlaceholderData, dataUpdatedAt, hasNextPage, isFetching, fetchNextPage } = useInfiniteQuery({
    ...servicesPagesQuery(q, by, view),
    placeholderData: keepPreviousData,
  });
  const services = useMemo(() => data?.pages.flatMap((p) => p.services) ?? [], [data]);
  const head = data?.pages[0];
  const staleRegistries = useMemo(() => new Set(head?.stale.map((s) => s.registry)), [head]);
  // Not while any fetch of the list runs: a live refetch of the loaded pages is not cut
  // short, and when it ends (isFetching turns false) the list asks again if still needed.
  const onNeedMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, fetchNextPage]);
  // While the previous search's list stands in for the new one, describe what is shown.
  const [shown, setShown] = useState({ q, by });
  if (data && !isPlaceholderData && (shown.q !== q || shown.by !== by)) setShown({ q, by });
  return (
    <div className="space-y-3" style={{ "--services-bar": `${barHeight}px` } as CSSProperties}>
      <div ref={bar} data-testid="services-bar" className="sticky top-14 z-10 -mx-1 space-y-2 bg-zinc-50 px-1 py-2 sm:flex sm:flex-wrap sm:items-center sm:gap-2 sm:space-y-0 dark:bg-zinc-950">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative w-full max-w-md">
            <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
            <Input type="search" className="pl-9" placeholder={placeholderOf(by)} aria-label="Filter services" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <SearchModeSelector value={by} onChange={setBy} />
        </div>
        <ListControls view={view} onSort={onSort} onFilter={onFilter} />
      </div>
      {error ? (
        error instanceof ApiError && error.code === "registry_unavailable" ? (
          <RegistryUnavailableCallout error={error} />
        ) : (
          <Callout tone="bad" data-testid="services-error" title="Could not load services">
            <p className="[overflow-wrap:anywhere]">{error.message}</p>
          </Callout>
        )
      ) : isPending || !head ? (
        <Callout>Loading services…</Callout>
      ) : (
        <>
          <StaleBanner stale={head.stale} fetchedAt={dataUpdatedAt} />
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="services-count">
            {describeServiceCount(head.total, head.total, shown.q, shown.by)}
          </p>
          <div className={cn("transition-opacity", isPlaceholderData && "opacity-60")} aria-busy={isPlaceholderData}>
            <ServicesList services={services} total={head.total} staleRegistries={staleRegistries} onNeedMore={onNeedMore} view={view} onSort={onSort} />
          </div>
        </>
      )}
    </div>
  );
}
