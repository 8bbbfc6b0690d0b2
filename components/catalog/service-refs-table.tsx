import type { z } from "zod";
import type { serviceRefSchema } from "@/lib/api/catalog-entities";
import { None } from "../ui/none";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { ServiceLink } from "./entity-links";

type ServiceRef = z.infer<typeof serviceRefSchema>;

/** Services an application or address provides or consumes, each linking to its page, with how many of its URLs are here. */
export function ServiceRefsTable({ services, empty, countLabel, testId }: { services: readonly ServiceRef[]; empty: string; countLabel: string; testId: string }) {
  if (services.length === 0) return <Callout>{empty}</Callout>;
  return (
    <Table stacked data-testid={testId} className="table-fixed">
      <THead>
        <tr>
          <TH className="w-[55%]">Interface</TH>
          <TH>Group</TH>
          <TH>Version</TH>
          <TH className="text-right">{countLabel}</TH>
        </tr>
      </THead>
      <tbody>
        {services.map((s) => (
          <TRow key={s.key} data-service-ref={s.key}>
            <TD data-label="Interface" className="text-xs">
              <span className="min-w-0">
                <ServiceLink serviceKey={s.key} iface={s.interface} />
              </span>
            </TD>
            <TD data-label="Group" className="[overflow-wrap:anywhere]">
              {s.group || <None />}
            </TD>
            <TD data-label="Version" className="[overflow-wrap:anywhere]">
              {s.version || <None />}
            </TD>
            <TD data-label={countLabel} className="text-right tabular-nums">
              {s.count}
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
