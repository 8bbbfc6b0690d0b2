"use client";

import { ToggleGroup } from "radix-ui";
import type { SearchMode } from "@/lib/api/services-cursor";

/** What the Services filter is matched against; "" is the service key or an application. */
export type ServiceSearchMode = SearchMode | "";

const MODES: readonly { value: ServiceSearchMode; label: string; placeholder: string }[] = [
  { value: "", label: "Any", placeholder: "Filter by interface, group, version or application" },
  { value: "service", label: "Service", placeholder: "Service key: group/interface:version, * for any run" },
  { value: "application", label: "Application", placeholder: "Application that provides or consumes" },
  { value: "address", label: "Address", placeholder: "Host or host:port of a provider or consumer" },
];

/** Reads `?by=`: a known mode, or "" for anything else. */
export function searchModeOf(value: string): ServiceSearchMode {
  return MODES.find((m) => m.value === value)?.value ?? "";
}

export function placeholderOf(mode: ServiceSearchMode): string {
  return MODES.find((m) => m.value === mode)?.placeholder ?? "";
}

/** The search mode as a row of toggle buttons (radix ToggleGroup: arrow keys move between them). */
export function SearchModeSelector({ value, onChange }: { value: ServiceSearchMode; onChange: (mode: ServiceSearchMode) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value || "any"}
      onValueChange={(v) => v && onChange(searchModeOf(v === "any" ? "" : v))}
      aria-label="Search by"
      className="inline-flex shrink-0 self-start rounded-md sm:self-auto border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {MODES.map((m) => (
        <ToggleGroup.Item
          key={m.label}
          value={m.value || "any"}
          className="rounded px-2.5 py-1 text-sm text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=on]:bg-zinc-200/80 data-[state=on]:font-medium data-[state=on]:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=on]:bg-zinc-800 dark:data-[state=on]:text-zinc-50"
        >
          {m.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
