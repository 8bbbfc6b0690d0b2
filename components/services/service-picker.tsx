"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import type { ServiceSummary } from "@/lib/api/services";
import { servicesPagesQuery } from "@/lib/api/client/queries";
import { useDebounced } from "../routes/use-debounced";
import { Input } from "../ui/input";
import { ServiceKeyText } from "../ui/service-key-text";

/** How many matching services the picker lists. */
const SHOWN = 12;

/**
 * A first step that chooses a service, searched as on the Services page: the first
 * {@link SHOWN} matches, each a link to `hrefOf(service)`, with `detail` beside it.
 */
export function ServicePicker({ label, testId, hrefOf, detail }: { label: string; testId: string; hrefOf: (s: ServiceSummary) => string; detail?: (s: ServiceSummary) => ReactNode }) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 200);
  const query = useInfiniteQuery(servicesPagesQuery(q, ""));
  const services = query.data?.pages[0]?.services.slice(0, SHOWN) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <label className="block text-sm font-medium">
        {label}
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search by interface, group, version or application" className="mt-1" aria-label="Search services" autoFocus />
      </label>
      {query.error && <p className="text-sm text-red-700 dark:text-red-300">{query.error.message}</p>}
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {services.map((s) => (
          <li key={s.key} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5" data-pick-service={s.key}>
            <Link href={hrefOf(s)} className="entity-link min-w-0 text-sm">
              <ServiceKeyText value={s.key} />
            </Link>
            {detail?.(s)}
          </li>
        ))}
      </ul>
      {total > SHOWN && <p className="text-xs text-zinc-500 dark:text-zinc-400">{total - SHOWN} more match: narrow the search.</p>}
      {query.data && total === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No service matches.</p>}
    </div>
  );
}
