"use client";

import { useQuery } from "@tanstack/react-query";
import { addressQuery } from "@/lib/api/client/queries";
import { ApplicationLinks } from "../catalog/application-links";
import { EntityProblem } from "../catalog/entity-problem";
import { InstancesTable } from "../catalog/instances-table";
import { EntityHeader, Fact, Section } from "../catalog/page-header";
import { ServiceRefsTable } from "../catalog/service-refs-table";
import { StaleBanner } from "../services/stale-banner";
import { Callout } from "../ui/callout";
import { CopyButton } from "../ui/copy-button";
import { VisibleText } from "../ui/visible-text";

/** One host (every port) or host:port: the services provided and consumed there, and by which applications. */
export function AddressDetailView({ value }: { value: string }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(addressQuery(value));
  if (error) return <EntityProblem error={error} what="This address" notFound="Nothing is registered at this address" back={{ href: "/services", label: "Back to Services" }} />;
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
