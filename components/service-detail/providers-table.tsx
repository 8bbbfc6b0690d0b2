import type { ReactNode } from "react";
import type { Consumer, Provider } from "@/lib/api/catalog-entities";
import type { ProviderOverrides } from "@/lib/override/editor/provider-effective";
import { AddressLink, ApplicationLink } from "../catalog/entity-links";
import { SourceBadge } from "../catalog/source-badge";
import { None } from "../ui/none";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

/** Enabled unless a configurator or the URL disabled it; "by config" when an override of this service decided it. */
function Status({ provider, overrides }: { provider: Provider; overrides: ProviderOverrides | undefined }) {
  const on = provider.enabled && !provider.disabled;
  const by = overrides?.disabled;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-status={on ? "enabled" : "disabled"}>
      <Badge tone={on ? "good" : "bad"}>{on ? "enabled" : "disabled"}</Badge>
      {by && <span className="text-xs text-zinc-500 dark:text-zinc-400">by config{by.partial ? ", for some consumers" : ""}</span>}
    </span>
  );
}

/**
 * One row per provider (de-duplicated across interface and instance level): where, who,
 * which release, and how it is weighted; with `actions`, a last column of what the
 * operator may do to each (offline, online, weight). `overrides` says which of a
 * provider's weight and status the service's configs set (the providers given are then
 * those after the configs).
 */
export function ProvidersTable({
  providers,
  actions,
  overrides,
  health,
}: {
  providers: readonly Provider[];
  actions?: (provider: Provider) => ReactNode;
  overrides?: (provider: Provider) => ProviderOverrides | undefined;
  /** The Health column's cell of a provider (the console's connection to it); none: no column. */
  health?: (provider: Provider) => ReactNode;
}) {
  if (providers.length === 0) return <Callout>No provider is registered for this service right now.</Callout>;
  return (
    <Table stacked data-testid="providers-table">
      <THead>
        <tr>
          <TH>Address</TH>
          <TH>Application</TH>
          <TH>Dubbo</TH>
          <TH className="text-right">Weight</TH>
          <TH>Status</TH>
          {health && <TH>Health</TH>}
          <TH>Seen at</TH>
          <TH>Registry</TH>
          {actions && <TH>Actions</TH>}
        </tr>
      </THead>
      <tbody>
        {providers.map((p) => (
          <TRow key={`${p.registry} ${p.protocol}://${p.address}`} data-provider={p.address}>
            <TD data-label="Address">
              <span>
                <AddressLink value={p.address} />
                {p.protocol !== "dubbo" && <span className="ml-1.5 text-xs text-zinc-500 dark:text-zinc-400">{p.protocol}</span>}
              </span>
            </TD>
            <TD data-label="Application">
              <span>{p.application ? <ApplicationLink name={p.application} /> : <None />}</span>
            </TD>
            <TD data-label="Dubbo">
              <span>{p.release ? <Badge tone="info">{p.release}</Badge> : <None />}</span>
            </TD>
            <TD data-label="Weight" className="text-right tabular-nums" data-weight={p.weight}>
              {p.weight}
              {overrides?.(p)?.weight && <span className="block text-xs text-zinc-500 dark:text-zinc-400">by config{overrides(p)?.weight?.partial ? ", for some consumers" : ""}</span>}
            </TD>
            <TD data-label="Status">
              <span>
                <Status provider={p} overrides={overrides?.(p)} />
              </span>
            </TD>
            {health && <TD data-label="Health">{health(p)}</TD>}
            <TD data-label="Seen at">
              <span>
                <SourceBadge source={p.source} />
              </span>
            </TD>
            <TD data-label="Registry" className="font-mono text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
              {p.registry}
            </TD>
            {actions && <TD data-label="Actions">{actions(p)}</TD>}
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

/** One row per consumer: its host (consumers register port 0), application and release. */
export function ConsumersTable({ consumers }: { consumers: readonly Consumer[] }) {
  if (consumers.length === 0) return <Callout>No consumer of this service is registered right now.</Callout>;
  return (
    <Table stacked data-testid="consumers-table">
      <THead>
        <tr>
          <TH>Host</TH>
          <TH>Application</TH>
          <TH>Dubbo</TH>
          <TH>Registry</TH>
        </tr>
      </THead>
      <tbody>
        {consumers.map((c) => (
          <TRow key={`${c.registry} ${c.url}`} data-consumer={c.host}>
            <TD data-label="Host">
              <span>
                <AddressLink value={c.host} />
              </span>
            </TD>
            <TD data-label="Application">
              <span>{c.application ? <ApplicationLink name={c.application} /> : <None />}</span>
            </TD>
            <TD data-label="Dubbo">
              <span>{c.release ? <Badge tone="info">{c.release}</Badge> : <None />}</span>
            </TD>
            <TD data-label="Registry" className="font-mono text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
              {c.registry}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
