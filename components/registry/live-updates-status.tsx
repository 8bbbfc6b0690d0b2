"use client";

import { Radio, RefreshCw } from "lucide-react";
import { FALLBACK_POLL_MS } from "../live/event-stream-state";
import { useEventStreamState } from "../live/use-event-stream-state";

/** How the pages of this tab are kept current: the console's change stream, or polling while it is down. */
export function LiveUpdatesStatus() {
  const state = useEventStreamState();
  const open = state === "open";
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400" data-testid="live-updates" data-state={state}>
      {open ? <Radio className="h-3.5 w-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden /> : <RefreshCw className="h-3.5 w-3.5" aria-hidden />}
      {open
        ? "Live: pages update as the registry changes."
        : state === "connecting"
          ? "Connecting to the console's change stream…"
          : `The console's change stream is down: pages refresh every ${FALLBACK_POLL_MS / 1000} s until it is back.`}
    </p>
  );
}
