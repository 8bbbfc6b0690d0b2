"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type Ref, useLayoutEffect, useRef } from "react";
import type { ServiceSummary } from "@/lib/api/services";
import { ApplicationLinks } from "../catalog/application-links";
import { ServiceLink } from "../catalog/entity-links";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { ServiceBadges } from "./service-badges";
import { useMarkVirtualReady } from "./use-mark-virtual-ready";
import { useScrollMargin } from "./use-scroll-margin";
import type { VisibleRange } from "./visible-range";

const COLUMNS = 6;
/** A one-line row; rows that wrap are measured as they render. */
const ROW_ESTIMATE = 62;
const OVERSCAN = 12;

function ServiceRow({ service, staleRegistries, index, rowRef }: { service: ServiceSummary; staleRegistries: ReadonlySet<string>; index?: number; rowRef?: Ref<HTMLTableRowElement> }) {
  return (
    <TRow ref={rowRef} data-index={index} data-service-key={service.key}>
      <TD className="space-y-1 text-xs">
        {/* A name of thousands of characters wraps, and stops after four lines with an ellipsis; the whole name is in its title and on its page. */}
        <ServiceLink serviceKey={service.key} iface={service.interface} className="line-clamp-4" />
        <ServiceBadges service={service} staleRegistries={staleRegistries} />
      </TD>
      <TD className="text-right tabular-nums">
        <Badge tone={service.providers > 0 ? "good" : "bad"}>{service.providers}</Badge>
      </TD>
      <TD className="text-right tabular-nums">{service.consumers}</TD>
      <TD className="text-xs">
        <ApplicationLinks apps={service.applications} />
      </TD>
      <TD className="text-xs">
        <ApplicationLinks apps={service.consumerApplications} />
      </TD>
      <TD>
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

function Head() {
  return (
    <>
      <colgroup>
        <col className="w-[34%]" />
        <col className="w-[6.5rem]" />
        <col className="w-[6.5rem]" />
        <col />
        <col />
        <col className="w-[9.5rem]" />
      </colgroup>
      <THead>
        <tr>
          <TH>Service</TH>
          <TH className="text-right">Providers</TH>
          <TH className="text-right">Consumers</TH>
          <TH>Provided by</TH>
          <TH>Consumed by</TH>
          <TH>Dubbo</TH>
        </tr>
      </THead>
    </>
  );
}

/** The first rows, rendered on the server before the width is known; the virtual table takes over after hydration. */
export function StaticServicesTable({ services, staleRegistries, className }: { services: readonly ServiceSummary[]; staleRegistries: ReadonlySet<string>; className?: string }) {
  return (
    <Table data-testid="services-table" containerClassName={className} className="table-fixed">
      <Head />
      <tbody>
        {services.map((s) => (
          <ServiceRow key={s.key} service={s} staleRegistries={staleRegistries} />
        ))}
      </tbody>
    </Table>
  );
}

/**
 * One row per service, virtualised against the window's scroll: only the rows in view (and
 * a few around them) are in the page, so 10,000 services scroll as smoothly as 10. The
 * table has `total` rows; those not loaded yet show as pending and report the visible
 * range, so the list can load their page.
 */
export function ServicesTable({
  services,
  total,
  staleRegistries,
  onRange,
}: {
  services: readonly ServiceSummary[];
  total: number;
  staleRegistries: ReadonlySet<string>;
  onRange: (range: VisibleRange) => void;
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
    <Table data-testid="services-table" data-virtual className="table-fixed" aria-rowcount={total + 1}>
      <Head />
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
