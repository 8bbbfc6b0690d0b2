import type { ConsumerImpact, ImpactView as Impact, RoutePreviewRequest } from "@/lib/api/routing/route-preview";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { ImpactProviders } from "./impact-providers";

/**
 * Which registered consumers the draft changes: their providers through the chain without it
 * and with it, each judged by the copy its Dubbo release obeys among those being saved (or
 * not at all, for a 3.0.5+ release when the save does not write the config-center copy).
 * A row names its first gained and lost providers; the whole lists are asked for `request`
 * when it is expanded (components/routes/impact-providers.tsx).
 */
export function ImpactView({ serviceKey, request, impact }: { serviceKey: string; request: RoutePreviewRequest | null; impact: Impact }) {
  if (impact.total === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">No consumer of this service is registered.</p>;
  return (
    <div className="space-y-2" data-testid="preview-impact">
      <p className="text-sm" data-impact-changed={impact.changed}>
        {impact.changed === 0 ? "No registered consumer changes" : `${impact.changed} of ${impact.total} registered consumers change`}
        {impact.ignoring > 0 && (
          <span className="text-zinc-500 dark:text-zinc-400">
            {" "}
            ({impact.ignoring} obey only the config-center copy, which this save does not write)
          </span>
        )}
        .
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
            <TRow key={c.url} data-impact-consumer={c.host} data-impact-basis={c.basis}>
              <TD data-label="Consumer" className="[overflow-wrap:anywhere]">
                <span>
                  {c.application || "(no application)"} <span className="font-mono text-zinc-500 dark:text-zinc-400">{c.host}</span>
                </span>
              </TD>
              <TD data-label="Dubbo" className="[overflow-wrap:anywhere]">
                <span>
                  <span className="mr-1">{c.release || "?"}</span>
                  <Basis c={c} />
                </span>
              </TD>
              <TD data-label="Providers" className="tabular-nums">
                {c.before === null || c.after === null ? "—" : `${c.before} → ${c.after}`}
              </TD>
              <TD data-label="Change" className="[overflow-wrap:anywhere]">
                <Change serviceKey={serviceKey} request={request} c={c} />
              </TD>
            </TRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** How the consumer was judged: the semantics of its release, the request's (release unknown), or not at all. */
function Basis({ c }: { c: ConsumerImpact }) {
  switch (c.basis) {
    case "release":
      return <Badge title={c.routing}>{c.semantics} semantics</Badge>;
    case "unknown-release":
      return (
        <Badge tone="warn" title={c.routing}>
          release unknown: {c.semantics}
        </Badge>
      );
    case "config-center":
      return <Badge title={c.routing}>config center, 3.x semantics</Badge>;
    case "ignores-registry":
      return <Badge title={c.routing}>config center only</Badge>;
  }
}

function Change({ serviceKey, request, c }: { serviceKey: string; request: RoutePreviewRequest | null; c: ConsumerImpact }) {
  if (c.problem) return <span className="text-amber-700 dark:text-amber-300">{c.problem}</span>;
  if (c.basis === "ignores-registry") return <span className="text-zinc-500 dark:text-zinc-400" title={c.routing}>unaffected: this save does not write the config-center copy it obeys</span>;
  if (c.after === 0 && c.before !== null && c.before > 0) return <Badge tone="bad">will have no provider</Badge>;
  if (!c.changed) return <span className="text-zinc-500 dark:text-zinc-400">none</span>;
  return (
    <span className="space-x-1">
      <Badge tone="warn">changes</Badge>
      <ImpactProviders serviceKey={serviceKey} request={request} c={c} />
    </span>
  );
}
