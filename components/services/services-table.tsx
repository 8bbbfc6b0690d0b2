import type { ServiceSummary } from "@/lib/api/services";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

export function ServicesTable({ services }: { services: readonly ServiceSummary[] }) {
  if (services.length === 0) return <Callout>No services match.</Callout>;
  return (
    <Table data-testid="services-table">
      <THead>
        <tr>
          <TH>Interface</TH>
          <TH>Group</TH>
          <TH>Version</TH>
          <TH className="text-right">Providers</TH>
          <TH className="text-right">Consumers</TH>
          <TH>Applications</TH>
          <TH>Dubbo</TH>
        </tr>
      </THead>
      <tbody>
        {services.map((s) => (
          <TRow key={s.key} data-service-key={s.key}>
            <TD className="font-mono text-xs break-all">{s.interface}</TD>
            <TD>{s.group || <span className="text-zinc-400">—</span>}</TD>
            <TD>{s.version || <span className="text-zinc-400">—</span>}</TD>
            <TD className="text-right tabular-nums">
              <Badge tone={s.providers > 0 ? "good" : "bad"}>{s.providers}</Badge>
            </TD>
            <TD className="text-right tabular-nums">{s.consumers}</TD>
            <TD className="text-xs">{s.applications.join(", ")}</TD>
            <TD className="space-x-1">
              {s.releases.map((r) => (
                <Badge key={r} tone="info">
                  {r}
                </Badge>
              ))}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
