"use client";

import type { RegistryState } from "@/lib/api/registry-state";
import { describeRegistryState } from "@/lib/format/registry-state";
import { formatDuration } from "@/lib/format/relative-time";
import { Badge } from "../ui/badge";
import { useNow } from "../ui/use-now";

/**
 * The connection's last state changes, newest first: each state, when it began (ago and
 * absolute) and how long it lasted (the newest: so far), with its detail.
 */
export function StateHistory({ history }: { history: readonly RegistryState[] }) {
  const now = useNow();
  if (history.length === 0) return null;
  return (
    <details className="text-sm" data-testid="state-history" open>
      <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Last state changes</summary>
      <ol className="mt-2 space-y-1.5">
        {history.map((state, i) => {
          const d = describeRegistryState(state);
          // In the past, a connecting period is an attempt, not necessarily an outage.
          const label = state.type === "connecting" ? "Connecting" : d.label;
          const tone = state.type === "connecting" ? "warn" : d.tone;
          const until = i === 0 ? now : history[i - 1]!.since;
          return (
            <li key={`${state.type} ${state.since}`} data-state={state.type} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-baseline gap-x-3">
              <span>
                <Badge tone={tone}>{label}</Badge>
              </span>
              <span className="min-w-0 text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
                <time dateTime={new Date(state.since).toISOString()} suppressHydrationWarning>
                  {new Date(state.since).toLocaleString()}
                </time>
                {until !== null && <> · {i === 0 ? "for" : "lasted"} {formatDuration(until - state.since)}</>}
                <span className="block text-zinc-500">{d.detail}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
