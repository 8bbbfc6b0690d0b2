import type { ReactNode } from "react";
import type { Consumer, Provider } from "@/lib/api/catalog-entities";
import { AddressLink, ApplicationLink } from "../catalog/entity-links";
import { SourceBadge } from "../catalog/source-badge";
import { None } from "../ui/none";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

/** Enabled unless a configurator or the URL disabled it. */
function Status({ provider }: { provider: Provider }) {
  const on = provider.enabled && !provider.disabled;
  return <Badge tone={on ? "good" : "bad"}>{on ? "enabled" : "disabled"}</Badge>;
}

/**
 * One row per provider (de-duplicated across interface and instance level): where, who,
 * which release, and how it is weighted; with `actions`, a last column of what the
 * operator may do to each (offline, online, weight).
 */
export function ProvidersTable({ providers, actions }: { providers: readonly Provider[]; actions?: (provider: Provider) => ReactNode }) {
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
            <TD data-label="Weight" className="text-right tabular-nums">
              {p.weight}
            </TD>
            <TD data-label="Status">
              <span>
                <Status provider={p} />
              </span>
            </TD>
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
