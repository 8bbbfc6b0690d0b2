"use client";

import { ToggleGroup } from "radix-ui";
import type { ServicesListView } from "@/lib/api/client/queries";
import type { ServiceFilter, ServiceSort, SortOrder } from "@/lib/api/services-cursor";
import { effectiveSort } from "./list-view";

const SORTS: readonly { sort: ServiceSort; order: SortOrder; label: string }[] = [
  { sort: "name", order: "asc", label: "Name A–Z" },
  { sort: "name", order: "desc", label: "Name Z–A" },
  { sort: "providers", order: "desc", label: "Most providers" },
  { sort: "providers", order: "asc", label: "Fewest providers" },
  { sort: "consumers", order: "desc", label: "Most consumers" },
  { sort: "consumers", order: "asc", label: "Fewest consumers" },
  { sort: "applications", order: "desc", label: "Most applications" },
  { sort: "applications", order: "asc", label: "Fewest applications" },
];

const FILTERS: readonly { value: ServiceFilter; label: string; title: string }[] = [
  { value: "no-providers", label: "No providers", title: "Only services no provider is registered for now" },
  { value: "no-consumers", label: "No consumers", title: "Only services nothing consumes" },
];

const SEGMENT =
  "rounded px-2.5 py-1 text-sm text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=on]:bg-zinc-200/80 data-[state=on]:font-medium data-[state=on]:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=on]:bg-zinc-800 dark:data-[state=on]:text-zinc-50";

/**
 * How the Services list is ordered and narrowed: a sort menu (the table's column headers
 * sort too; cards have none) and the "no providers" / "no consumers" filters, one at a time.
 */
export function ListControls({ view, onSort, onFilter }: { view: ServicesListView; onSort: (sort: ServiceSort, order: SortOrder) => void; onFilter: (filter: ServiceFilter | "") => void }) {
  const { sort, order } = effectiveSort(view);
  return (
    <div className="flex flex-wrap items-center gap-2 sm:contents">
      <label className="inline-flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="max-sm:sr-only">Sort</span>
        <select
          aria-label="Sort services"
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          value={`${sort}:${order}`}
          onChange={(e) => {
            const chosen = SORTS.find((s) => `${s.sort}:${s.order}` === e.target.value);
            if (chosen) onSort(chosen.sort, chosen.order);
          }}
        >
          {SORTS.map((s) => (
            <option key={`${s.sort}:${s.order}`} value={`${s.sort}:${s.order}`}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <ToggleGroup.Root
        type="single"
        value={view.filter}
        onValueChange={(v) => onFilter(FILTERS.some((f) => f.value === v) ? (v as ServiceFilter) : "")}
        aria-label="Show only"
        className="inline-flex shrink-0 rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {FILTERS.map((f) => (
          <ToggleGroup.Item key={f.value} value={f.value} title={f.title} className={SEGMENT}>
            {f.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}
