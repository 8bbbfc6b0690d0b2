"use client";

import { shortJavaType } from "@/lib/format/java-type";
import type { RecentInvocation } from "@/lib/invoke/form/recent-invocations";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TimeAgo } from "../ui/time-ago";

const TONE = { value: "good", exception: "warn", error: "bad" } as const;

function call(entry: RecentInvocation): string {
  const { method, parameterTypes } = entry.request;
  return parameterTypes ? `${method}(${parameterTypes.map(shortJavaType).join(", ")})` : method;
}

/**
 * The service's last invocations sent from this browser, newest first: what was called,
 * when, how it ended; each can be put back into the form, or sent again at once.
 */
export function RecentList({ entries, onReplay }: { entries: readonly RecentInvocation[]; onReplay: (entry: RecentInvocation, send: boolean) => void }) {
  return (
    <section className="min-w-0 space-y-2" data-testid="recent-invocations" aria-label="Recent invocations">
      <h2 className="text-sm font-semibold">
        Recent invocations <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">in this browser, last {entries.length}</span>
      </h2>
      <ol className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {entries.map((e) => (
          <li key={`${e.at}-${call(e)}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-recent-method={e.request.method}>
            <code className="min-w-0 font-mono text-[13px] [overflow-wrap:anywhere]">{call(e)}</code>
            <Badge tone={TONE[e.outcome]}>{e.outcome}</Badge>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              <TimeAgo at={e.at} compact />
            </span>
            <span className="ml-auto flex gap-1.5">
              <Button type="button" size="sm" variant="ghost" onClick={() => onReplay(e, false)}>
                Edit
              </Button>
              <Button type="button" size="sm" onClick={() => onReplay(e, true)}>
                Replay
              </Button>
            </span>
            <span className="min-w-0 basis-full truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{e.summary}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
