import type { ServiceSummary } from "@/lib/api/services";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { JavaName } from "../ui/java-name";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { AppList, None } from "./app-list";
import { ServiceCards } from "./service-cards";

/**
 * One row per service: its identity, how many providers and consumers, which
 * applications provide and consume it, and the Dubbo releases of its providers. Below
 * `lg` the same facts come as cards; should the table still be too wide for its window,
 * its card scrolls sideways, never the page.
 */
export function ServicesTable({ services }: { services: readonly ServiceSummary[] }) {
  if (services.length === 0) return <Callout>No services match.</Callout>;
  return (
    <>
      <ServiceCards services={services} className="lg:hidden" />
      <Table data-testid="services-table" containerClassName="max-lg:hidden">
        <THead>
          <tr>
            <TH>Interface</TH>
            <TH>Group</TH>
            <TH>Version</TH>
            <TH className="text-right">Providers</TH>
            <TH className="text-right">Consumers</TH>
            <TH>Provided by</TH>
            <TH>Consumed by</TH>
            <TH>Dubbo</TH>
          </tr>
        </THead>
        <tbody>
          {services.map((s) => (
            <TRow key={s.key} data-service-key={s.key}>
              <TD className="min-w-48 text-xs">
                <JavaName name={s.interface} />
              </TD>
              <TD className="whitespace-nowrap">{s.group || <None />}</TD>
              <TD className="whitespace-nowrap">{s.version || <None />}</TD>
              <TD className="text-right tabular-nums">
                <Badge tone={s.providers > 0 ? "good" : "bad"}>{s.providers}</Badge>
              </TD>
              <TD className="text-right tabular-nums">{s.consumers}</TD>
              <TD className="text-xs">
                <AppList apps={s.applications} />
              </TD>
              <TD className="text-xs">
                <AppList apps={s.consumerApplications} />
              </TD>
              <TD>
                <span className="flex flex-wrap gap-1">
                  {s.releases.map((r) => (
                    <Badge key={r} tone="info">
                      {r}
                    </Badge>
                  ))}
                </span>
              </TD>
            </TRow>
          ))}
        </tbody>
      </Table>
    </>
  );
}
