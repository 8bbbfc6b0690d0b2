"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { registryStatusQuery } from "@/lib/api/queries";
import { cn } from "@/lib/cn";
import { summariseRegistries, type Tone } from "@/lib/format/registry-state";

const DOT: Record<Tone, string> = {
  good: "bg-emerald-500",
  warn: "bg-amber-500",
  bad: "bg-red-500",
  neutral: "bg-zinc-400",
};

/** The header's registry dot: the worst state of all registries, linking to the status page. */
export function RegistryStatusIndicator() {
  const { data, isError } = useQuery(registryStatusQuery());
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
      className="flex items-center gap-2 rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-900"
    >
      <span className={cn("h-2.5 w-2.5 rounded-full", DOT[summary.tone])} aria-hidden />
      Registry: {summary.label}
    </Link>
  );
}
