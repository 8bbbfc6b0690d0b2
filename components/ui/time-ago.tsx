"use client";

import { formatAgo } from "@/lib/format/relative-time";
import { useNow } from "./use-now";

/**
 * "42 s ago", ticking every second, followed by the absolute time in muted text (or only
 * the absolute time when `compact`). `at` is epoch milliseconds.
 */
export function TimeAgo({ at, compact = false }: { at: number; compact?: boolean }) {
  const now = useNow();
  const date = new Date(at);
  const absolute = date.toLocaleString();
  return (
    <>
      <time dateTime={date.toISOString()} title={absolute} suppressHydrationWarning>
        {now === null ? absolute : formatAgo(now - at)}
      </time>
      {!compact && now !== null && <span className="text-zinc-500 dark:text-zinc-400"> ({absolute})</span>}
    </>
  );
}
