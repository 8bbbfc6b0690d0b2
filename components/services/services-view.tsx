"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { ApiError } from "@/lib/api/fetch-json";
import { servicesQuery } from "@/lib/api/queries";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { ServicesTable } from "./services-table";

/** The searchable list of services. */
export function ServicesView() {
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const { data, error, isPending } = useQuery({ ...servicesQuery(q), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3">
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
        <Input
          className="pl-9"
          placeholder="Filter by interface, group, version or application"
          aria-label="Filter services"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {error ? (
        <Callout tone="bad" data-testid="services-error">
          {error instanceof ApiError && error.code === "registry_unavailable"
            ? `The registry is unavailable: ${error.message}. The list will appear once the console has a session.`
            : `Could not load services: ${error.message}`}
        </Callout>
      ) : isPending ? (
        <Callout>Loading services…</Callout>
      ) : (
        <>
          <p className="text-xs text-zinc-500" data-testid="services-count">
            {data.total === data.services.length ? `${data.total} services` : `${data.services.length} of ${data.total} services`}
          </p>
          <ServicesTable services={data.services} />
        </>
      )}
    </div>
  );
}
