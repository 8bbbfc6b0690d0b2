"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { configRoutesQuery, routesQuery } from "@/lib/api/client/queries";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { StaleBanner } from "../services/stale-banner";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { ConfigRoutesTable } from "./config-routes-table";
import { NewRoutePicker } from "./new-route-picker";
import { RoutesTable } from "./routes-table";

/**
 * Every condition route of every service, each linking to its editor, and the start of a
 * new one; below, every config-center rule (all keys). Kept current by the change stream.
 */
export function AllRoutesView() {
  const query = useQuery(routesQuery({}));
  const config = useQuery(configRoutesQuery({}));
  const [picking, setPicking] = useState(false);
  const { can, role, state } = useSession();
  return (
    <div className="space-y-4" data-testid="all-routes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="routes-count">
          {query.data ? `${query.data.routes.length} route${query.data.routes.length === 1 ? "" : "s"} in the registry` : "Reading the routes…"}
        </p>
        {can("routes.write") ? (
          <Button type="button" variant="primary" size="sm" onClick={() => setPicking((p) => !p)} aria-expanded={picking}>
            <Plus className="h-4 w-4" aria-hidden /> New route
          </Button>
        ) : (
          state && <RoleNote role={role} data-testid="routes-read-only">can read routes but not change them.</RoleNote>
        )}
      </div>
      {picking && can("routes.write") && <NewRoutePicker />}
      {query.data && <StaleBanner stale={query.data.stale} fetchedAt={query.dataUpdatedAt} title="These routes may be out of date" />}
      {query.error && (
        <Callout tone="bad" title="The routes could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.data && query.data.routes.length === 0 && <Callout>No condition route is saved in the registry. Start one with New route.</Callout>}
      {query.data && query.data.routes.length > 0 && <RoutesTable routes={query.data.routes} withService />}
      <section className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="all-config-routes" aria-labelledby="all-config-routes-title">
        <h2 id="all-config-routes-title" className="text-base font-semibold">
          Config center (Dubbo 2.7.3+; the only copy 3.0.5+ obey)
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="config-routes-count">
          {config.data ? `${config.data.routes.length} condition rule${config.data.routes.length === 1 ? "" : "s"} in the config center, the copies Dubbo 3.0.5 and later consumers obey` : "Reading the config-center rules…"}
        </p>
        {config.data && <StaleBanner stale={config.data.stale} fetchedAt={config.dataUpdatedAt} title="These rules may be out of date" />}
        {config.error && (
          <Callout tone="bad" title="The config-center rules could not be read">
            {config.error.message}
          </Callout>
        )}
        {config.data && config.data.routes.length > 0 && <ConfigRoutesTable rules={config.data.routes} />}
      </section>
    </div>
  );
}
