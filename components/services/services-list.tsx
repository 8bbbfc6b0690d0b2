"use client";

import { useCallback, useMemo } from "react";
import type { ServicesListView } from "@/lib/api/client/queries";
import type { ServiceSummary } from "@/lib/api/services";
import type { ServiceSort } from "@/lib/api/services-cursor";
import { Callout } from "../ui/callout";
import { useMediaQuery } from "../ui/use-media-query";
import { ServiceCards, StaticServiceCards } from "./service-cards";
import { ServicesTable, StaticServicesTable } from "./services-table";
import type { VisibleRange } from "./visible-range";

/**
 * How many rows and cards the server renders, before the browser knows its width and takes
 * over: a tall window's worth of each, no more, since both go into the first page.
 */
const STATIC_ROWS = 20;
const STATIC_CARDS = 8;
/** Load the next page when the rows in view come this close to the last loaded one. */
const PREFETCH_ROWS = 150;

/**
 * The services, as a virtual table from `lg` and as virtual cards below it (one column,
 * two from `sm`). On the server, where the width is unknown, the first rows come as both,
 * each hidden by CSS at the widths it does not suit. Asks for the next page (`onNeedMore`)
 * when the rows in view come near the end of what is loaded.
 */
export function ServicesList({
  services,
  total,
  staleRegistries,
  onNeedMore,
  view,
  onSort,
}: {
  services: readonly ServiceSummary[];
  total: number;
  staleRegistries: ReadonlySet<string>;
  onNeedMore: () => void;
  /** The order in effect and how to change it, for the table's column headers. */
  view: ServicesListView;
  onSort: (sort: ServiceSort) => void;
}) {
  const wide = useMediaQuery("(min-width: 64rem)");
  const twoColumns = useMediaQuery("(min-width: 40rem)");
  const loaded = services.length;
  const onRange = useCallback(
    (range: VisibleRange) => {
      if (range.last >= loaded - PREFETCH_ROWS && loaded < total) onNeedMore();
    },
    [loaded, total, onNeedMore],
  );
  const first = useMemo(() => services.slice(0, STATIC_ROWS), [services]);
  const firstCards = useMemo(() => services.slice(0, STATIC_CARDS), [services]);
  if (total === 0) return <Callout>No services match.</Callout>;
  if (wide === null) {
    return (
      <>
        <StaticServiceCards services={firstCards} staleRegistries={staleRegistries} className="lg:hidden" />
        <StaticServicesTable services={first} staleRegistries={staleRegistries} className="max-lg:hidden" view={view} onSort={onSort} />
      </>
    );
  }
  return wide ? (
    <ServicesTable services={services} total={total} staleRegistries={staleRegistries} onRange={onRange} view={view} onSort={onSort} />
  ) : (
    <ServiceCards services={services} total={total} lanes={twoColumns ? 2 : 1} staleRegistries={staleRegistries} onRange={onRange} />
  );
}
