import type { z } from "zod";
import type { instanceSchema } from "@/lib/api/catalog-entities";
import { countOf } from "@/lib/format/plural";
import { None } from "../ui/none";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { AddressLink, ApplicationLink } from "./entity-links";
import { SourceBadge } from "./source-badge";

type Instance = z.infer<typeof instanceSchema>;

/** Provider instances (`host:port`) and consumer hosts, each linking to its address and application. */
export function InstancesTable({ instances, showApplication }: { instances: readonly Instance[]; showApplication: boolean }) {
  if (instances.length === 0) return <Callout>No instance is registered.</Callout>;
  return (
    <Table stacked data-testid="instances-table">
      <THead>
        <tr>
          <TH>Address</TH>
          <TH>Role</TH>
          {showApplication && <TH>Application</TH>}
          <TH>Dubbo</TH>
          <TH>Seen at</TH>
          <TH className="text-right">Services</TH>
          <TH>Registry</TH>
        </tr>
      </THead>
      <tbody>
        {instances.map((i) => (
          <TRow key={`${i.registry} ${i.role} ${i.application} ${i.address}`} data-instance={i.address} data-role={i.role}>
            <TD data-label="Address">
              <span>
                <AddressLink value={i.address} />
              </span>
            </TD>
            <TD data-label="Role">
              <span>
                <Badge tone={i.role === "provider" ? "good" : "neutral"}>{i.role}</Badge>
              </span>
            </TD>
            {showApplication && (
              <TD data-label="Application">
                <span>{i.application ? <ApplicationLink name={i.application} /> : <None />}</span>
              </TD>
            )}
            <TD data-label="Dubbo">
              <span>{i.release ? <Badge tone="info">{i.release}</Badge> : <None />}</span>
            </TD>
            <TD data-label="Seen at">
              <span>{i.role === "provider" ? <SourceBadge source={i.source} /> : <None />}</span>
            </TD>
            <TD data-label="Services" className="text-right tabular-nums" title={i.services.join("\n")}>
              {countOf(i.services.length, "service")}
            </TD>
            <TD data-label="Registry" className="font-mono text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
              {i.registry}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
