"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type Ref, useLayoutEffect, useRef } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ServicesListView } from "@/lib/api/client/queries";
import type { ServiceSummary } from "@/lib/api/services";
import type { ServiceSort } from "@/lib/api/services-cursor";
import { cn } from "@/lib/cn";
import { ApplicationLinks } from "../catalog/application-links";
import { ServiceLink } from "../catalog/entity-links";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { effectiveSort } from "./list-view";
import { ServiceBadges } from "./service-badges";
import { useMarkVirtualReady } from "./use-mark-virtual-ready";
import { useScrollMargin } from "./use-scroll-margin";
import type { VisibleRange } from "./visible-range";

const COLUMNS = 6;
/** A compact one-line row (about 34 px); rows that wrap (a long name, many badges) are measured as they render. */
const ROW_ESTIMATE = 34;
const OVERSCAN = 12;
/** Cells of a compact row: less padding than a table's default. */
const CELL = "py-1.5";

function ServiceRow({ service, staleRegistries, index, rowRef }: { service: ServiceSummary; staleRegistries: ReadonlySet<string>; index?: number; rowRef?: Ref<HTMLTableRowElement> }) {
  return (
    <TRow ref={rowRef} data-index={index} data-service-key={service.key}>
      <TD className={cn(CELL, "text-xs")}>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          {/* A name of thousands of characters wraps, and stops after four lines with an ellipsis; the whole name is in its title and on its page. */}
          <ServiceLink serviceKey={service.key} iface={service.interface} className="line-clamp-4 min-w-0 [overflow-wrap:anywhere]" />
          <ServiceBadges service={service} staleRegistries={staleRegistries} />
        </span>
      </TD>
      <TD className={cn(CELL, "text-right tabular-nums")}>
        <Badge tone={service.providers > 0 ? "good" : "bad"}>{service.providers}</Badge>
      </TD>
      <TD className={cn(CELL, "text-right tabular-nums")}>{service.consumers}</TD>
      <TD className={cn(CELL, "text-xs")}>
        <span className="block truncate" title={service.applications.join(", ")}>
          <ApplicationLinks apps={service.applications} />
        </span>
      </TD>
      <TD className={cn(CELL, "text-xs")}>
        <span className="block truncate" title={service.consumerApplications.join(", ")}>
          <ApplicationLinks apps={service.consumerApplications} />
        </span>
      </TD>
      <TD className={CELL}>
        <span className="flex flex-wrap gap-1">
          {service.releases.map((r) => (
            <Badge key={r} tone="info">
              {r}
            </Badge>
          ))}
        </span>
      </TD>
    </TRow>
  );
}

/** A row not loaded yet: its page is on its way. */
function PendingRow({ index, rowRef }: { index: number; rowRef: Ref<HTMLTableRowElement> }) {
  return (
    <TRow ref={rowRef} data-index={index} data-pending-row aria-hidden>
      <TD colSpan={COLUMNS}>
        <span className="block h-4 w-1/3 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
      </TD>
    </TRow>
  );
}

/** Header cells stay in view under the sticky search bar (whose height the view sets in `--services-bar`). */
const STICKY = "sticky top-[calc(3.5rem+var(--services-bar,0px))] z-[5] bg-zinc-50 shadow-[inset_0_-1px_0] shadow-zinc-200 dark:bg-zinc-900 dark:shadow-zinc-800";

/** A header that sorts the list by its column: once in its default order, again the other way. */
function SortHeader({ sort, label, view, onSort, className }: { sort: ServiceSort; label: string; view: ServicesListView; onSort: (sort: ServiceSort) => void; className?: string }) {
  const current = effectiveSort(view);
  const active = current.sort === sort;
  const Icon = !active ? ArrowUpDown : current.order === "asc" ? ArrowUp : ArrowDown;
  return (
    <TH className={cn(STICKY, className)} aria-sort={active ? (current.order === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        onClick={() => onSort(sort)}
        className={cn("inline-flex items-center gap-1 rounded uppercase hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:text-zinc-100", active && "text-zinc-900 dark:text-zinc-100")}
        title={`Sort by ${label.toLowerCase()}`}
      >
        {label}
        <Icon className={cn("h-3 w-3", !active && "opacity-40")} aria-hidden />
      </button>
    </TH>
  );
}

function Head({ view, onSort }: { view: ServicesListView; onSort: (sort: ServiceSort) => void }) {
  return (
    <>
      <colgroup>
        <col className="w-[50%]" />
        <col className="w-[6.5rem]" />
        <col className="w-[7.5rem]" />
        <col />
        <col />
        <col className="w-[8.5rem]" />
      </colgroup>
      <THead>
        <tr>
          <SortHeader sort="name" label="Service" view={view} onSort={onSort} />
          <SortHeader sort="providers" label="Providers" view={view} onSort={onSort} className="text-right" />
          <SortHeader sort="consumers" label="Consumers" view={view} onSort={onSort} className="text-right" />
          <SortHeader sort="applications" label="Provided by" view={view} onSort={onSort} />
          <TH className={STICKY}>Consumed by</TH>
          <TH className={STICKY}>Dubbo</TH>
        </tr>
      </THead>
    </>
  );
}

/** The first rows, rendered on the server before the width is known; the virtual table takes over after hydration. */
export function StaticServicesTable({
  services,
  staleRegistries,
  className,
  view,
  onSort,
}: {
  services: readonly ServiceSummary[];
  staleRegistries: ReadonlySet<string>;
  className?: string;
  view: ServicesListView;
  onSort: (sort: ServiceSort) => void;
}) {
  return (
    <Table data-testid="services-table" containerClassName={cn("overflow-visible", className)} className="table-fixed">
      <Head view={view} onSort={onSort} />
      <tbody>
        {services.map((s) => (
          <ServiceRow key={s.key} service={s} staleRegistries={staleRegistries} />
        ))}
      </tbody>
    </Table>
  );
}

/**
 * One compact row per service, virtualised against the window's scroll: only the rows in
 * view (and a few around them) are in the page, so 10,000 services scroll as smoothly as 10.
 * The header sticks under the search bar; its column names sort the list. The
 * table has `total` rows; those not loaded yet show as pending and report the visible
 * range, so the list can load their page.
 */
export function ServicesTable({
  services,
  total,
  staleRegistries,
  onRange,
  view,
  onSort,
}: {
  services: readonly ServiceSummary[];
  total: number;
  staleRegistries: ReadonlySet<string>;
  onRange: (range: VisibleRange) => void;
  view: ServicesListView;
  onSort: (sort: ServiceSort) => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  useMarkVirtualReady();
  const scrollMargin = useScrollMargin(bodyRef);
  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (i) => services[i]?.key ?? `pending-${i}`,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const [firstIndex, lastIndex] = [first?.index ?? 0, last?.index ?? -1];
  useLayoutEffect(() => {
    if (lastIndex >= 0) onRange({ first: firstIndex, last: lastIndex });
  }, [firstIndex, lastIndex, onRange]);
  const top = first ? first.start - scrollMargin : 0;
  const bottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    // The card does not scroll sideways (the fixed layout fits its columns), so the header can stick to the window.
    <Table data-testid="services-table" data-virtual containerClassName="overflow-visible" className="table-fixed" aria-rowcount={total + 1}>
      <Head view={view} onSort={onSort} />
      <tbody ref={bodyRef}>
        {top > 0 && (
          <tr aria-hidden>
            <td colSpan={COLUMNS} style={{ height: top, padding: 0 }} />
          </tr>
        )}
        {items.map((item) => {
          const service = services[item.index];
          return service ? (
            <ServiceRow key={item.key} service={service} staleRegistries={staleRegistries} index={item.index} rowRef={virtualizer.measureElement} />
          ) : (
            <PendingRow key={item.key} index={item.index} rowRef={virtualizer.measureElement} />
          );
        })}
        {bottom > 0 && (
          <tr aria-hidden>
            <td colSpan={COLUMNS} style={{ height: bottom, padding: 0 }} />
          </tr>
        )}
      </tbody>
    </Table>
  );
}
