"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { routesQuery } from "@/lib/api/queries";
import { StaleBanner } from "../services/stale-banner";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { NewRoutePicker } from "./new-route-picker";
import { RoutesTable } from "./routes-table";

/** Every condition route of every service, each linking to its editor, and the start of a new one. Kept current by the change stream. */
export function AllRoutesView() {
  const query = useQuery(routesQuery({}));
  const [picking, setPicking] = useState(false);
  return (
    <div className="space-y-4" data-testid="all-routes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="routes-count">
          {query.data ? `${query.data.routes.length} route${query.data.routes.length === 1 ? "" : "s"} in the registry` : "Reading the routes…"}
        </p>
        <Button type="button" variant="primary" size="sm" onClick={() => setPicking((p) => !p)} aria-expanded={picking}>
          <Plus className="h-4 w-4" aria-hidden /> New route
        </Button>
      </div>
      {picking && <NewRoutePicker />}
      {query.data && <StaleBanner stale={query.data.stale} fetchedAt={query.dataUpdatedAt} title="These routes may be out of date" />}
      {query.error && (
        <Callout tone="bad" title="The routes could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.data && query.data.routes.length === 0 && <Callout>No condition route is saved in the registry. Start one with New route.</Callout>}
      {query.data && query.data.routes.length > 0 && <RoutesTable routes={query.data.routes} withService />}
    </div>
  );
}
