"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { registryStatusQuery } from "@/lib/api/client/queries";
import { cn } from "@/lib/cn";
import { summariseRegistries, type Tone } from "@/lib/format/registry-state";
import { useEventStreamState } from "../live/use-event-stream-state";

const DOT: Record<Tone, string> = {
  good: "bg-emerald-500",
  warn: "bg-amber-500",
  bad: "bg-red-500",
  neutral: "bg-zinc-400",
};

/**
 * The header's registry dot: the worst state of all registries (amber while a last view
 * is served instead of a live one), linking to the status page. On a phone the
 * "Registry:" prefix is read out but not shown. `data-live` says whether the tab's change
 * stream is open (pages update as the registry changes) or the pages poll.
 */
export function RegistryStatusIndicator() {
  const { data, isError } = useQuery(registryStatusQuery());
  const live = useEventStreamState();
  const summary = isError
    ? { label: "Console unreachable", tone: "bad" as const }
    : data
      ? summariseRegistries(data.registries)
      : { label: "Checking…", tone: "neutral" as const };
  return (
    <Link
      href="/registry"
      data-testid="registry-indicator"
      data-tone={summary.tone}
      data-live={live}
      title={`Registry: ${summary.label}${live === "open" ? " · live updates" : live === "down" ? " · polling every 5 s" : ""}`}
      className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:bg-zinc-900"
    >
      <span className={cn("h-2.5 w-2.5 shrink-0 rounded-full", DOT[summary.tone])} aria-hidden />
      <span className="truncate">
        <span className="sr-only sm:not-sr-only">Registry: </span>
        {summary.label}
      </span>
    </Link>
  );
}
