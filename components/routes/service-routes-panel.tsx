"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { routeConfigKey } from "@/lib/api/routing/config-route-change";
import { routesQuery } from "@/lib/api/client/queries";
import type { Route } from "@/lib/api/routing/routes";
import { serviceHref } from "@/lib/format/hrefs";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { ConfigRoutesSection } from "./config-routes-section";
import { RouteEditor } from "./route-editor";
import { RouteHistory } from "./route-history";
import { newRouteHref, routeEditHref } from "./route-hrefs";
import { RoutesTable } from "./routes-table";
import { serviceRoutesFilter } from "./service-routes-filter";

/**
 * The Routes tab of a service: its condition routes, and the editor of a new one (`&new=1`)
 * or of one route (`&route={id}`), both kept in the address. Kept current by the change
 * stream: a route saved anywhere appears here within a second.
 */
export function ServiceRoutesPanel({ service }: { service: ServiceDetail }) {
  const params = useSearchParams();
  const router = useRouter();
  const query = useQuery(routesQuery(serviceRoutesFilter(service)));
  const [saved, setSaved] = useState<Route | null>(null);
  const routeId = params.get("route");
  const isNew = params.get("new") === "1";
  const found = routeId === null ? null : (query.data?.routes.find((r) => r.id === routeId) ?? null);
  // The route as the editor opened it: it stays open when someone else changes the route meanwhile (its Save then meets 409).
  // A named route keeps its id across edits, so a change elsewhere shows as another revision under the same id.
  const [opened, setOpened] = useState<Route | null>(null);
  if (found !== null && opened?.id !== found.id) setOpened(found);
  const editing = opened !== null && opened.id === routeId ? opened : found;
  const changedElsewhere = editing !== null && query.data !== undefined && (found === null || found.revision !== editing.revision);
  const { can, role, state } = useSession();
  const writer = can("routes.write");
  const go = (href: string) => router.replace(href, { scroll: false });
  const close = () => go(serviceHref(service.key, "routes"));

  const onReload = async (name: string) => {
    const fresh = await query.refetch();
    const current = fresh.data?.routes.find((r) => r.name === name);
    setOpened(current ?? null);
    go(current ? routeEditHref(current) : serviceHref(service.key, "routes"));
  };

  return (
    <div className="space-y-4" data-testid="service-routes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Condition routes in the registry for {service.key}, in the order Dubbo runs them.</p>
        {!writer && state && <RoleNote role={role} data-testid="routes-read-only">can read routes but not change them.</RoleNote>}
        {!isNew && writer && (
          <Button type="button" size="sm" variant="primary" onClick={() => (setSaved(null), go(newRouteHref(service.key)))}>
            <Plus className="h-4 w-4" aria-hidden /> New route
          </Button>
        )}
      </div>
      {saved && !isNew && routeId === null && (
        <Callout title={`Saved route “${saved.name}”`} data-testid="route-saved" data-saved-node={saved.node} data-saved-targets={saved.targets.join(" ")}>
          <p className="text-xs">
            Written under <span className="font-mono break-all">{saved.node.slice(0, saved.node.lastIndexOf("/") + 1)}</span> as the route URL{" "}
            <span className="font-mono break-all" data-testid="saved-url">
              {safeDecode(saved.url)}
            </span>
          </p>
          {saved.targets.includes("config-center") && (
            <p className="mt-1 text-xs">
              Its rule is also a condition of the config-center rule <span className="font-mono break-all">{routeConfigKey(saved)}.condition-router</span>.
            </p>
          )}
        </Callout>
      )}
      {query.error && (
        <Callout tone="bad" title="The routes could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.data && query.data.routes.length === 0 && <Callout>No condition route is saved for this service yet.</Callout>}
      {query.data && query.data.routes.length > 0 && <RoutesTable routes={query.data.routes} />}
      {routeId !== null && query.data && editing === null && (
        <Callout tone="warn" title="This route is not in the registry any more">
          It was deleted or renamed (or, for a route without a name of its own, edited) since this page was opened; open it again from the list.
        </Callout>
      )}
      {((isNew && writer) || (editing && writer)) && (
        <section className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          {changedElsewhere && (
            <Callout tone="warn" title="Someone else changed or deleted this route since you opened it" data-testid="changed-elsewhere">
              Saving your edit will be refused; reload it from the list to edit its current version.
            </Callout>
          )}
          <RouteEditor
            key={editing ? `${editing.id} ${editing.revision}` : "new"}
            service={service}
            route={editing}
            onSaved={(route) => {
              setSaved(route);
              setOpened(null);
              close();
            }}
            onCancel={close}
            onReload={(name) => void onReload(name)}
          />
        </section>
      )}
      {editing && (
        <RouteHistory
          key={editing.id}
          route={editing}
          onRolledBack={(restored) => {
            if (restored === null) return close();
            setOpened(restored);
            go(routeEditHref(restored));
          }}
        />
      )}
      <ConfigRoutesSection service={service} />
    </div>
  );
}

/** The route URL with its rule readable: the API's `url` is decoded once, and its `rule` parameter is encoded (Dubbo's URL.encode) inside it. */
function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url.replace(/\+/g, " "));
  } catch {
    return url;
  }
}
