"use client";

import { useQuery } from "@tanstack/react-query";
import { applicationQuery } from "@/lib/api/client/queries";
import { EntityProblem } from "../catalog/entity-problem";
import { InstancesTable } from "../catalog/instances-table";
import { EntityHeader, Fact, Section } from "../catalog/page-header";
import { ServiceRefsTable } from "../catalog/service-refs-table";
import { StaleBanner } from "../services/stale-banner";
import { Callout } from "../ui/callout";
import { CopyButton } from "../ui/copy-button";
import { VisibleText } from "../ui/visible-text";
import { applicationChoices } from "../configs/config-choices";
import { ConfigsPanel } from "../configs/configs-panel";
import { ApplicationMetricsSection } from "./application-metrics-section";

/** One application: the services it provides and consumes (linking to each), and its instances. */
export function ApplicationDetailView({ name }: { name: string }) {
  const { data, error, isPending, dataUpdatedAt } = useQuery(applicationQuery(name));
  if (error) return <EntityProblem error={error} what="This application" back={{ href: "/applications", label: "Back to Applications" }} />;
  if (isPending) return <Callout>Loading the application…</Callout>;
  const providers = data.instances.filter((i) => i.role === "provider").length;
  return (
    <div className="space-y-6" data-testid="application-detail">
      <EntityHeader
        kind="Application"
        title={<span className="[overflow-wrap:anywhere]"><VisibleText text={data.name} /></span>}
        actions={<CopyButton text={data.name} label="Copy application name" />}
        facts={
          <>
            <Fact label="Provides">{data.provides.length}</Fact>
            <Fact label="Consumes">{data.consumes.length}</Fact>
            <Fact label="Provider instances">{providers}</Fact>
            <Fact label="Consumer hosts">{data.instances.length - providers}</Fact>
          </>
        }
      />
      <StaleBanner stale={data.stale} fetchedAt={dataUpdatedAt} title="This application may be out of date" />
      <Section title="Provides" count={data.provides.length}>
        <ServiceRefsTable services={data.provides} empty="Provides no service: a consumer-only application." countLabel="Providers" testId="provided-services" />
      </Section>
      <ApplicationMetricsSection detail={data} />
      <Section title="Consumes" count={data.consumes.length}>
        <ServiceRefsTable services={data.consumes} empty="Consumes no service it registered as a consumer." countLabel="Consumers" testId="consumed-services" />
      </Section>
      <Section title="Instances" count={data.instances.length}>
        <InstancesTable instances={data.instances} showApplication={false} />
      </Section>
      <Section title="Configuration">
        <ConfigsPanel target={{ kind: "application", application: data.name }} filter={{ application: data.name }} choices={applicationChoices(data)} consumers={[]} subject={data.name} />
      </Section>
    </div>
  );
}
