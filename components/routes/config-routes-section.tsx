"use client";

import { useQuery } from "@tanstack/react-query";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { configRoutesQuery } from "@/lib/api/client/queries";
import { StaleBanner } from "../services/stale-banner";
import { Callout } from "../ui/callout";
import { ConfigRoutesTable } from "./config-routes-table";
import { serviceRoutesFilter } from "./service-routes-filter";
import { WhoObeysTable } from "./who-obeys-table";

/**
 * The config-center half of a service's Routes tab: its service rule and the rules of its
 * consumer and provider applications, and who obeys which copy. Kept current by the change
 * stream (a rule change arrives as the service's `routers` event).
 */
export function ConfigRoutesSection({ service }: { service: ServiceDetail }) {
  const query = useQuery(configRoutesQuery(serviceRoutesFilter(service)));
  return (
    <section className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800" data-testid="config-routes" aria-labelledby="config-routes-title">
      <div className="space-y-1">
        <h2 id="config-routes-title" className="text-base font-semibold">
          Config center (Dubbo 2.7.3+; the only copy 3.0.5+ obey)
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Condition rules at /dubbo/config/dubbo/&#123;key&#125;.condition-router: the service rule {service.interface}:{service.version}:{service.group} and the rules of its consumer and provider applications.
        </p>
      </div>
      {query.data && <StaleBanner stale={query.data.stale} fetchedAt={query.dataUpdatedAt} title="These rules may be out of date" />}
      {query.error && (
        <Callout tone="bad" title="The config-center rules could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.data && query.data.routes.length === 0 && <Callout>No config-center rule concerns this service. Tick “Also config center” in a route’s editor, or copy a registry route above, to publish one for Dubbo 3.0.5+ consumers.</Callout>}
      {query.data && query.data.routes.length > 0 && <ConfigRoutesTable rules={query.data.routes} />}
      <WhoObeysTable consumers={service.consumers} />
    </section>
  );
}
