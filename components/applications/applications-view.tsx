"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useDeferredValue } from "react";
import { applicationsQuery } from "@/lib/api/client/queries";
import { ApiError } from "@/lib/api/client/fetch-json";
import { cn } from "@/lib/cn";
import { countOf } from "@/lib/format/plural";
import { ApplicationLink } from "../catalog/entity-links";
import { None } from "../ui/none";
import { RegistryUnavailableCallout } from "../services/registry-unavailable-callout";
import { StaleBanner } from "../services/stale-banner";
import { useFilterParam } from "../services/use-filter-param";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Input } from "../ui/input";
import { Table, TD, TH, THead, TRow } from "../ui/table";

/**
 * Every application seen in the registries, consumer-only ones included: how many services
 * it provides and consumes, its instances and Dubbo releases. Filtered by name (`?q=`).
 */
export function ApplicationsView() {
  const [search, setSearch] = useFilterParam();
  const q = useDeferredValue(search.trim());
  const { data, error, isPending, isPlaceholderData, dataUpdatedAt } = useQuery({ ...applicationsQuery(q), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3">
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-zinc-400" aria-hidden />
        <Input type="search" className="pl-9" placeholder="Filter by application name" aria-label="Filter applications" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {error ? (
        error instanceof ApiError && error.code === "registry_unavailable" ? (
          <RegistryUnavailableCallout error={error} />
        ) : (
          <Callout tone="bad" title="Could not load applications">
            <p className="[overflow-wrap:anywhere]">{error.message}</p>
          </Callout>
        )
      ) : isPending ? (
        <Callout>Loading applications…</Callout>
      ) : (
        <>
          <StaleBanner stale={data.stale} fetchedAt={dataUpdatedAt} />
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="applications-count">
            {countOf(data.total, "application")}
            {q && ` ${data.total === 1 ? "matches" : "match"} “${q}”`}
          </p>
          {data.applications.length === 0 ? (
            <Callout>No application matches.</Callout>
          ) : (
            <div className={cn("transition-opacity", isPlaceholderData && "opacity-60")} aria-busy={isPlaceholderData}>
              <Table stacked data-testid="applications-table">
                <THead>
                  <tr>
                    <TH>Application</TH>
                    <TH className="text-right">Provides</TH>
                    <TH className="text-right">Consumes</TH>
                    <TH className="text-right">Instances</TH>
                    <TH>Dubbo</TH>
                  </tr>
                </THead>
                <tbody>
                  {data.applications.map((a) => (
                    <TRow key={a.name} data-application={a.name}>
                      <TD data-label="Application">
                        <span className="flex flex-wrap items-center gap-2">
                          <ApplicationLink name={a.name} className="font-medium" />
                          {a.provides === 0 && <Badge title="Registers consumers only">consumer only</Badge>}
                        </span>
                      </TD>
                      <TD data-label="Provides" className="text-right tabular-nums">
                        {a.provides}
                      </TD>
                      <TD data-label="Consumes" className="text-right tabular-nums">
                        {a.consumes}
                      </TD>
                      <TD data-label="Instances" className="text-right tabular-nums">
                        {a.instances}
                      </TD>
                      <TD data-label="Dubbo">
                        <span className="flex flex-wrap gap-1">
                          {a.releases.length > 0 ? a.releases.map((r) => <Badge key={r} tone="info">{r}</Badge>) : <None />}
                        </span>
                      </TD>
                    </TRow>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
