"use client";

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, type ReactNode, type Ref, useLayoutEffect, useRef } from "react";
import type { ServiceSummary } from "@/lib/api/services";
import { cn } from "@/lib/cn";
import { countOf } from "@/lib/format/plural";
import { ApplicationLinks } from "../catalog/application-links";
import { ServiceLink } from "../catalog/entity-links";
import { Badge } from "../ui/badge";
import { None } from "../ui/none";
import { ServiceBadges } from "./service-badges";
import { useMarkVirtualReady } from "./use-mark-virtual-ready";
import { useScrollMargin } from "./use-scroll-margin";
import type { VisibleRange } from "./visible-range";

const CARD_ESTIMATE = 150;
const GAP_PX = 8;
const OVERSCAN = 6;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

const CARD = "min-w-0 space-y-1.5 rounded-lg border border-zinc-200 bg-white px-3 py-2.5 dark:border-zinc-800 dark:bg-zinc-900";

/** One service as a card: the same facts as a table row, nothing to scroll sideways for. `data-service-card` is its key. */
function ServiceCard({ service: s, staleRegistries }: { service: ServiceSummary; staleRegistries: ReadonlySet<string> }) {
  return (
    <div data-service-card={s.key} className={CARD}>
      <div className="flex items-start justify-between gap-3">
        <ServiceLink serviceKey={s.key} iface={s.interface} className="line-clamp-4 min-w-0 text-[13px] leading-snug" />
        <Badge tone={s.providers > 0 ? "good" : "bad"} className="shrink-0">
          {countOf(s.providers, "provider")}
        </Badge>
      </div>
      <ServiceBadges service={s} staleRegistries={staleRegistries} />
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
        <Field label="Consumers">{s.consumers}</Field>
        <Field label="Provided by">
          <ApplicationLinks apps={s.applications} />
        </Field>
        <Field label="Consumed by">
          <ApplicationLinks apps={s.consumerApplications} />
        </Field>
        <Field label="Dubbo">
          <span className="flex flex-wrap gap-1">{s.releases.length > 0 ? s.releases.map((r) => <Badge key={r} tone="info">{r}</Badge>) : <None />}</span>
        </Field>
      </dl>
    </div>
  );
}

/** The first cards, rendered on the server before the width is known. */
export function StaticServiceCards({ services, staleRegistries, className }: { services: readonly ServiceSummary[]; staleRegistries: ReadonlySet<string>; className?: string }) {
  return (
    <ul data-testid="services-cards" className={cn("grid gap-2 sm:grid-cols-2", className)}>
      {services.map((s) => (
        <li key={s.key}>
          <ServiceCard service={s} staleRegistries={staleRegistries} />
        </li>
      ))}
    </ul>
  );
}

function PendingCard({ index, cardRef, style }: { index: number; cardRef: Ref<HTMLLIElement>; style: CSSProperties }) {
  return <li ref={cardRef} data-index={index} data-pending-row aria-hidden style={style} className={cn(CARD, "h-40 animate-pulse")} />;
}

/**
 * The services as cards, for phones and tablets (two columns from `sm`), virtualised
 * against the window's scroll like the table.
 */
export function ServiceCards({
  services,
  total,
  lanes,
  staleRegistries,
  onRange,
}: {
  services: readonly ServiceSummary[];
  total: number;
  lanes: 1 | 2;
  staleRegistries: ReadonlySet<string>;
  onRange: (range: VisibleRange) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useMarkVirtualReady();
  const scrollMargin = useScrollMargin(listRef);
  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: () => CARD_ESTIMATE,
    overscan: OVERSCAN,
    gap: GAP_PX,
    lanes,
    scrollMargin,
    getItemKey: (i) => services[i]?.key ?? `pending-${i}`,
  });
  const items = virtualizer.getVirtualItems();
  const [firstIndex, lastIndex] = [items[0]?.index ?? 0, items.at(-1)?.index ?? -1];
  useLayoutEffect(() => {
    if (lastIndex >= 0) onRange({ first: firstIndex, last: lastIndex });
  }, [firstIndex, lastIndex, onRange]);
  const laneWidth = lanes === 1 ? "100%" : `calc((100% - ${GAP_PX}px) / 2)`;
  return (
    <ul ref={listRef} data-testid="services-cards" data-virtual className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const service = services[item.index];
        const style: CSSProperties = {
          position: "absolute",
          top: 0,
          left: lanes === 1 ? 0 : `calc(${item.lane} * (100% + ${GAP_PX}px) / 2)`,
          width: laneWidth,
          transform: `translateY(${item.start - scrollMargin}px)`,
        };
        return service ? (
          <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} style={style}>
            <ServiceCard service={service} staleRegistries={staleRegistries} />
          </li>
        ) : (
          <PendingCard key={item.key} index={item.index} cardRef={virtualizer.measureElement} style={style} />
        );
      })}
    </ul>
  );
}
