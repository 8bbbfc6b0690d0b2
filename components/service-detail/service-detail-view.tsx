"use client";

import { useQuery } from "@tanstack/react-query";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { configsQuery, routesQuery, serviceQuery } from "@/lib/api/client/queries";
import { ServiceRoutesPanel } from "../routes/service-routes-panel";
import { serviceRoutesFilter } from "../routes/service-routes-filter";
import { EntityProblem } from "../catalog/entity-problem";
import { EntityHeader, Fact } from "../catalog/page-header";
import { None } from "../ui/none";
import { StaleBanner } from "../services/stale-banner";
import { NoProvidersCallout } from "../services/no-providers-marker";
import { Callout } from "../ui/callout";
import { CopyButton } from "../ui/copy-button";
import { JavaName } from "../ui/java-name";
import { VisibleText } from "../ui/visible-text";
import { ServiceKeyText } from "../ui/service-key-text";
import { GrayReleasePanel } from "../gray/gray-release-panel";
import { RouterSnapshotsPanel } from "../qos/router-snapshots-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { HealthCell, useProviderHealth } from "../health/provider-health";
import { MethodsPanel } from "./methods-panel";
import { ConsumersTable, ProvidersTable } from "./providers-table";
import { RawUrlsPanel } from "./raw-urls-panel";
import { RoutesPanel } from "./routes-panel";
import { useTabParam } from "./use-tab-param";
import { useSession } from "../auth/use-session";
import { CONFIG_WRITE } from "../configs/config-permission";
import { ProviderActions } from "../configs/provider-actions";
import { ConfigsPanel } from "../configs/configs-panel";
import { serviceChoices } from "../configs/config-choices";
import { effectiveProviders } from "../configs/effective-providers";
import { AccessPanel } from "../access/access-panel";
import { MockBanner } from "../mocks/mock-banner";
import { MocksPanel } from "../mocks/mocks-panel";
import { MetricsPanel } from "../metrics/metrics-panel";

const TABS = ["providers", "consumers", "metrics", "methods", "routes", "configuration", "gray", "access", "mocks", "urls"] as const;

function TabCount({ n }: { n: number }) {
  return <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">{n}</span>;
}

function Header({ service }: { service: ServiceDetail }) {
  return (
    <EntityHeader
      kind="Service"
      title={<JavaName name={service.interface} className="line-clamp-4" />}
      actions={<CopyButton text={service.interface} label="Copy interface name" />}
      facts={
        <>
          <Fact label="Group">{service.group ? <VisibleText text={service.group} /> : <None />}</Fact>
          <Fact label="Version">{service.version ? <VisibleText text={service.version} /> : <None />}</Fact>
          <Fact label="Providers">{service.providers.length}</Fact>
          <Fact label="Consumers">{service.consumers.length}</Fact>
          <span className="inline-flex min-w-0 items-center gap-1" data-fact="Key">
            <span className="text-zinc-500 dark:text-zinc-400">Key</span>
            <ServiceKeyText value={service.key} className="min-w-0 text-xs text-zinc-900 dark:text-zinc-100" data-testid="service-key" />
            <CopyButton text={service.key} label="Copy service key" />
          </span>
        </>
      }
    />
  );
}

/**
 * One service in full: who provides and consumes it, its methods, its routes and every raw
 * URL. Kept current by the change stream (or polling while it is down); the tab is in `?tab=`.
 */
export function ServiceDetailView({ serviceKey }: { serviceKey: string }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(serviceQuery(serviceKey));
  const routes = useQuery({ ...routesQuery(serviceRoutesFilter(data ?? { interface: "", group: "", version: "" })), enabled: data !== undefined });
  const configs = useQuery({ ...configsQuery({ service: data?.interface ?? "", group: data?.group ?? "", version: data?.version ?? "" }), enabled: data !== undefined });
  const [tab, setTab] = useTabParam(TABS);
  const session = useSession();
  const health = useProviderHealth(data ? { service: data.interface, group: data.group, version: data.version } : null);
  if (error) return <EntityProblem error={error} what="This service" back={{ href: "/services", label: "Back to Services" }} />;
  if (isPending) return <Callout>Loading the service…</Callout>;
  // The providers' weight and status after this service's overrides (the catalog lists their registered URLs).
  const effective = effectiveProviders(data.providers, configs.data?.configs ?? []);
  const shown = effective.map((e) => e.provider);
  const overridesOf = new Map(effective.map((e) => [e.provider, e.overrides]));
  const withOverrides = { ...data, providers: shown };
  return (
    <div className="space-y-4" data-testid="service-detail">
      <Header service={data} />
      <StaleBanner stale={data.stale} fetchedAt={dataUpdatedAt} title="This service may be out of date" />
      <NoProvidersCallout providers={data.providers.length} lastSeen={data.providersLastSeen} />
      <MockBanner service={data} onOpen={() => setTab("mocks")} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Service">
          <TabsTrigger value="providers">
            Providers <TabCount n={data.providers.length} />
          </TabsTrigger>
          <TabsTrigger value="consumers">
            Consumers <TabCount n={data.consumers.length} />
          </TabsTrigger>
          <TabsTrigger value="metrics">Metrics</TabsTrigger>
          <TabsTrigger value="methods">
            Methods <TabCount n={data.methods.length} />
          </TabsTrigger>
          <TabsTrigger value="routes">
            Routes <TabCount n={routes.data?.routes.length ?? data.routes.filter((r) => r.category === "routers").length} />
          </TabsTrigger>
          <TabsTrigger value="configuration">Configuration</TabsTrigger>
          <TabsTrigger value="gray">Gray release</TabsTrigger>
          <TabsTrigger value="access">Access</TabsTrigger>
          <TabsTrigger value="mocks">Mocks</TabsTrigger>
          <TabsTrigger value="urls">Raw URLs</TabsTrigger>
        </TabsList>
        <TabsContent value="providers">
          <ProvidersTable
            providers={shown}
            overrides={(p) => overridesOf.get(p)}
            health={(p) => <HealthCell health={health.byAddress.get(p.address)} />}
            actions={session.can(CONFIG_WRITE) ? (p) => <ProviderActions service={withOverrides} provider={p} /> : undefined}
          />
        </TabsContent>
        <TabsContent value="consumers">
          <ConsumersTable consumers={data.consumers} />
          <RouterSnapshotsPanel service={{ interface: data.interface, group: data.group, version: data.version }} />
        </TabsContent>
        <TabsContent value="metrics">
          <MetricsPanel service={{ interface: data.interface, group: data.group, version: data.version }} />
        </TabsContent>
        <TabsContent value="methods">
          <MethodsPanel service={data} />
        </TabsContent>
        <TabsContent value="routes">
          <ServiceRoutesPanel service={data} />
          <RoutesPanel routes={data.routes.filter((r) => r.category === "configurators")} />
        </TabsContent>
        <TabsContent value="configuration">
          <ConfigsPanel
            target={{ kind: "service", service: data.interface, group: data.group, version: data.version, key: data.key }}
            filter={{ service: data.interface, group: data.group, version: data.version }}
            choices={serviceChoices(data)}
            consumers={data.consumers}
            subject={data.key}
          />
        </TabsContent>
        <TabsContent value="gray">
          <GrayReleasePanel service={data} providers={shown} />
        </TabsContent>
        <TabsContent value="access">
          <AccessPanel service={data} />
        </TabsContent>
        <TabsContent value="mocks">
          <MocksPanel service={data} />
        </TabsContent>
        <TabsContent value="urls">
          <RawUrlsPanel service={data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
