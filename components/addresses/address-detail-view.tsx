"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api/client/fetch-json";
import { addressQuery } from "@/lib/api/client/queries";
import { ApplicationLinks } from "../catalog/application-links";
import { EntityProblem } from "../catalog/entity-problem";
import { InstancesTable } from "../catalog/instances-table";
import { EntityHeader, Fact, Section } from "../catalog/page-header";
import { ServiceRefsTable } from "../catalog/service-refs-table";
import { HealthCell, useProviderHealth } from "../health/provider-health";
import { QosPanel } from "../qos/qos-panel";
import { StaleBanner } from "../services/stale-banner";
import { Callout } from "../ui/callout";
import { CopyButton } from "../ui/copy-button";
import { VisibleText } from "../ui/visible-text";
import { AddressMetricsSection } from "./address-metrics-section";

/** The provider addresses (`host:port`) among the instances, each once, in order. */
function providerAddresses(instances: readonly { role: string; address: string }[]): string[] {
  return [...new Set(instances.filter((i) => i.role === "provider").map((i) => i.address))].sort();
}

/** One provider address's health, as the console's connection to it knows it. */
function AddressHealth({ address }: { address: string }) {
  const health = useProviderHealth({ address });
  return (
    <li className="flex min-w-0 flex-wrap items-start gap-x-3 gap-y-1" data-health-address={address}>
      <span className="font-mono text-sm">{address}</span>
      {health.error ? <span className="text-xs text-red-700 dark:text-red-300">{health.error.message}</span> : <HealthCell health={health.byAddress.get(address)} />}
    </li>
  );
}

/** One host (every port) or host:port: the services provided and consumed there, and by which applications. */
export function AddressDetailView({ value }: { value: string }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(addressQuery(value));
  if (error) {
    const problem = <EntityProblem error={error} what="This address" notFound="Nothing is registered at this address" back={{ href: "/services", label: "Back to Services" }} />;
    // A provider taken offline through QoS is no longer registered: its process can still be asked, and brought online again.
    if (!(error instanceof ApiError && error.code === "not_found" && value.includes(":"))) return problem;
    return (
      <div className="space-y-6" data-testid="address-unregistered">
        {problem}
        <Section title="Dubbo QoS" testId="address-qos">
          <QosPanel address={value} />
        </Section>
      </div>
    );
  }
  if (isPending) return <Callout>Loading the address…</Callout>;
  return (
    <div className="space-y-6" data-testid="address-detail">
      <EntityHeader
        kind={value.includes(":") ? "Address" : "Host"}
        title={<span className="font-mono [overflow-wrap:anywhere]"><VisibleText text={data.value} /></span>}
        actions={<CopyButton text={data.value} label="Copy address" />}
        facts={
          <>
            <Fact label="Provides">{data.provides.length}</Fact>
            <Fact label="Consumes">{data.consumes.length}</Fact>
            <Fact label="Applications">
              <ApplicationLinks apps={data.applications} />
            </Fact>
          </>
        }
      />
      <StaleBanner stale={data.stale} fetchedAt={dataUpdatedAt} title="This address may be out of date" />
      {providerAddresses(data.instances).length > 0 && (
        <Section title="Health" count={providerAddresses(data.instances).length}>
          <ul className="space-y-2" data-testid="address-health">
            {providerAddresses(data.instances).map((address) => (
              <AddressHealth key={address} address={address} />
            ))}
          </ul>
        </Section>
      )}
      <AddressMetricsSection detail={data} />
      {providerAddresses(data.instances).length > 0 && (
        <Section title="Dubbo QoS" count={providerAddresses(data.instances).length} testId="address-qos">
          <div className="space-y-3">
            {providerAddresses(data.instances).map((address) => (
              <QosPanel key={address} address={address} />
            ))}
          </div>
        </Section>
      )}
      <Section title="Provides" count={data.provides.length}>
        <ServiceRefsTable services={data.provides} empty="No service is provided here." countLabel="Providers" testId="provided-services" />
      </Section>
      <Section title="Consumes" count={data.consumes.length}>
        <ServiceRefsTable services={data.consumes} empty="No service is consumed from here." countLabel="Consumers" testId="consumed-services" />
      </Section>
      <Section title="Instances" count={data.instances.length}>
        <InstancesTable instances={data.instances} showApplication />
      </Section>
    </div>
  );
}
