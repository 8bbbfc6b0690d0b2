"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { servicesPagesQuery } from "@/lib/api/queries";
import { invokeHref } from "@/lib/format/hrefs";
import { useDebounced } from "../routes/use-debounced";
import { Input } from "../ui/input";
import { ServiceKeyText } from "../ui/service-key-text";

/** How many matching services the picker lists. */
const SHOWN = 12;

/** The Invoke page's first step: choose the service, searched as on the Services page. */
export function InvokeServicePicker() {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 200);
  const query = useInfiniteQuery(servicesPagesQuery(q, ""));
  const services = query.data?.pages[0]?.services.slice(0, SHOWN) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="invoke-service-picker">
      <label className="block text-sm font-medium">
        Which service?
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search by interface, group, version or application" className="mt-1" aria-label="Search services" autoFocus />
      </label>
      {query.error && <p className="text-sm text-red-700 dark:text-red-300">{query.error.message}</p>}
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {services.map((s) => (
          <li key={s.key} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5" data-pick-service={s.key}>
            <Link href={invokeHref(s)} className="entity-link min-w-0 text-sm">
              <ServiceKeyText value={s.key} />
            </Link>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">{s.providers === 1 ? "1 provider" : `${s.providers} providers`}</span>
          </li>
        ))}
      </ul>
      {total > SHOWN && <p className="text-xs text-zinc-500 dark:text-zinc-400">{total - SHOWN} more match: narrow the search.</p>}
      {query.data && total === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No service matches.</p>}
    </div>
  );
}
