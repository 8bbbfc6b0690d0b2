"use client";

import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { PreviewProvider, RoutePreviewRequest, RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import { routePreviewQuery } from "@/lib/api/client/queries";
import { Badge } from "../ui/badge";
import { providerAddress } from "@/lib/dubbo/provider-address";
import { PROVIDER_PAGE, pagesOfRows, providerPageRequest } from "./provider-page-request";

/** A row's height before it is measured: a badge and address line, and one line of reason. */
const ROW_ESTIMATE_PX = 58;

/**
 * Every provider of the preview, kept or dropped, with the reason in words and the URL on
 * request: a virtual list, so 10,000 providers cost the rows on screen. The answer holds
 * the first page; the others are asked (`providerPage`) when the list scrolls to them, for
 * `request`, the draft the answer is for (null: the rule does not parse, and only the
 * first page is shown).
 */
export function ProviderDecisions({ serviceKey, request, answer }: { serviceKey: string; request: RoutePreviewRequest | null; answer: RoutePreviewResponse }) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = answer.providerCount;
  // The virtualizer keeps state that must not be memoised away (see @tanstack/react-virtual with the React compiler).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_ESTIMATE_PX, overscan: 6, initialRect: { width: 600, height: 448 } });
  const rows = virtualizer.getVirtualItems();
  const pages = request && rows.length > 0 ? pagesOfRows(rows[0]!.index, rows.at(-1)!.index) : [];
  const fetched = useQueries({ queries: pages.map((p) => routePreviewQuery(serviceKey, providerPageRequest(request!, p))) });
  const rowOf = (i: number): PreviewProvider | undefined => {
    if (i < answer.providers.length) return answer.providers[i];
    const at = pages.indexOf(Math.floor(i / PROVIDER_PAGE));
    return at < 0 ? undefined : fetched[at]?.data?.providers[i - Math.floor(i / PROVIDER_PAGE) * PROVIDER_PAGE];
  };
  if (count === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">The service has no provider to route.</p>;
  return (
    <div ref={scroller} className="max-h-[28rem] overflow-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-testid="preview-providers" data-count={count}>
      <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const p = rowOf(row.index);
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="absolute top-0 left-0 w-full space-y-1 border-b border-zinc-100 px-3 py-2 dark:border-zinc-800"
              style={{ transform: `translateY(${row.start}px)` }}
              {...(p ? { "data-preview-provider": p.url, "data-kept": p.kept } : { "data-pending-row": "" })}
            >
              {p ? <Decision p={p} /> : <p className="text-xs text-zinc-500 dark:text-zinc-400">Loading provider {row.index + 1}…</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Decision({ p }: { p: PreviewProvider }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={p.kept ? "good" : "bad"}>{p.kept ? "kept" : "dropped"}</Badge>
        <span className="font-mono text-xs [overflow-wrap:anywhere]">{providerAddress(p.url)}</span>
      </div>
      <p className="text-xs text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300" data-reason>
        {p.reason.replace(/^(kept|dropped): /, "")}
      </p>
    </>
  );
}
