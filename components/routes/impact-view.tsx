import type { ImpactView as Impact } from "@/lib/api/route-preview";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { providerAddress } from "./provider-address";

/** Which registered consumers the draft changes: their providers through the chain without it and with it. */
export function ImpactView({ impact }: { impact: Impact }) {
  if (impact.total === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">No consumer of this service is registered.</p>;
  return (
    <div className="space-y-2" data-testid="preview-impact">
      <p className="text-sm" data-impact-changed={impact.changed}>
        {impact.changed === 0 ? "No registered consumer changes" : `${impact.changed} of ${impact.total} registered consumers change`}.
      </p>
      <Table stacked className="text-xs">
        <THead>
          <tr>
            <TH>Consumer</TH>
            <TH>Dubbo</TH>
            <TH>Providers</TH>
            <TH>Change</TH>
          </tr>
        </THead>
        <tbody>
          {impact.consumers.map((c) => (
            <TRow key={c.url} data-impact-consumer={c.host}>
              <TD data-label="Consumer" className="[overflow-wrap:anywhere]">
                {c.application || "(no application)"} <span className="font-mono text-zinc-500 dark:text-zinc-400">{c.host}</span>
              </TD>
              <TD data-label="Dubbo">{c.release || "?"}</TD>
              <TD data-label="Providers" className="tabular-nums">
                {c.problem ? "—" : `${c.before} → ${c.after}`}
              </TD>
              <TD data-label="Change" className="[overflow-wrap:anywhere]">
                {c.problem ? (
                  <span className="text-amber-700 dark:text-amber-300">{c.problem}</span>
                ) : c.changed ? (
                  <span className="space-x-1">
                    <Badge tone="warn">changes</Badge>
                    {c.lost.length > 0 && <span>loses {c.lost.map(providerAddress).join(", ")}</span>}
                    {c.gained.length > 0 && <span>gains {c.gained.map(providerAddress).join(", ")}</span>}
                  </span>
                ) : (
                  <span className="text-zinc-500 dark:text-zinc-400">none</span>
                )}
              </TD>
            </TRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
