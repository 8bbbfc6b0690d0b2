"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { ApiError } from "@/lib/api/fetch-json";
import { servicesQuery } from "@/lib/api/queries";
import { cn } from "@/lib/cn";
import { describeServiceCount } from "@/lib/format/service-count";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { RegistryUnavailableCallout } from "./registry-unavailable-callout";
import { ServicesTable } from "./services-table";
import { StaleBanner } from "./stale-banner";
import { useFilterParam } from "./use-filter-param";

/** The searchable list of services; the filter lives in the address (`?q=`). */
export function ServicesView() {
  const [search, setSearch] = useFilterParam();
  const q = useDeferredValue(search.trim());
  const { data, error, isPending, isPlaceholderData, dataUpdatedAt } = useQuery({ ...servicesQuery(q), placeholderData: keepPreviousData });
  // While the previous filter's list stands in for the new one, describe what is shown.
  const [shownQ, setShownQ] = useState(q);
  if (data && !isPlaceholderData && shownQ !== q) setShownQ(q);
  return (
    <div className="space-y-3">
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
        <Input
          type="search"
          className="pl-9"
          placeholder="Filter by interface, group, version or application"
          aria-label="Filter services"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {error ? (
        error instanceof ApiError && error.code === "registry_unavailable" ? (
          <RegistryUnavailableCallout error={error} />
        ) : (
          <Callout tone="bad" data-testid="services-error" title="Could not load services">
            <p className="[overflow-wrap:anywhere]">{error.message}</p>
          </Callout>
        )
      ) : isPending ? (
        <Callout>Loading services…</Callout>
      ) : (
        <>
          <StaleBanner stale={data.stale} fetchedAt={dataUpdatedAt} />
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="services-count">
            {describeServiceCount(data.services.length, data.total, shownQ)}
          </p>
          <div className={cn("transition-opacity", isPlaceholderData && "opacity-60")} aria-busy={isPlaceholderData}>
            <ServicesTable services={data.services} />
          </div>
        </>
      )}
    </div>
  );
}
