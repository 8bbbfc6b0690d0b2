import Link from "next/link";
import type { Route } from "@/lib/api/routing/routes";
import { serviceHref } from "@/lib/format/hrefs";
import { JavaName } from "../ui/java-name";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { RouteActions } from "./route-actions";
import { routeServiceKey } from "./route-hrefs";
import { visibleText } from "@/lib/format/visible-text";

const WRITERS: Record<Route["origin"]["writer"], string> = { console: "console", "dubbo-admin": "Dubbo Admin copy", other: "other tool" };

/** The config-center side of a route's targets, by where its copy stands; nothing when it has none. */
const COPIES: Record<Route["configCenter"], { text: string; tone: "info" | "neutral" | "warn"; title: string } | null> = {
  present: { text: "config center", tone: "info", title: "Its rule is a condition of the service's config-center rule, which Dubbo 3.0.5+ consumers obey" },
  withheld: { text: "config center when enabled", tone: "neutral", title: "Saved with a config-center copy; disabled, its condition is kept out of the config-center rule until it is enabled" },
  missing: { text: "config center: missing", tone: "warn", title: "Saved with a config-center copy, but the config-center rule lacks its condition; save the route to put it back" },
  none: null,
};

/** Routes with their origin, state, targets, priority, force and whether Dubbo 2.7 consumers load them; `withService` adds the service column. */
export function RoutesTable({ routes, withService = false }: { routes: readonly Route[]; withService?: boolean }) {
  return (
    <Table stacked data-testid="routes-table">
      <THead>
        <tr>
          {withService && <TH>Service</TH>}
          <TH>Name</TH>
          <TH>Rule</TH>
          <TH>Priority</TH>
          <TH>State</TH>
          <TH>Targets</TH>
          <TH>Origin</TH>
          <TH>Dubbo 2.7</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <tbody>
        {routes.map((r) => (
          <TRow key={r.id} data-route={r.name} data-route-id={r.id}>
            {withService && (
              <TD data-label="Service" className="max-w-64 [overflow-wrap:anywhere]">
                <Link href={serviceHref(routeServiceKey(r), "routes")} className="entity-link">
                  <JavaName name={r.service} />
                </Link>
                {(r.group || r.version) && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{visibleText([r.group && `group ${r.group}`, r.version && `version ${r.version}`].filter(Boolean).join(", "))}</span>}
              </TD>
            )}
            <TD data-label="Name" className="font-medium [overflow-wrap:anywhere]">
              {r.name}
            </TD>
            <TD data-label="Rule" className="font-mono text-xs [overflow-wrap:anywhere]" data-route-rule>
              {r.rule}
            </TD>
            <TD data-label="Priority" className="tabular-nums">
              {r.priority}
            </TD>
            <TD data-label="State">
              <span className="flex flex-wrap gap-1">
                <Badge tone={r.enabled ? "good" : "neutral"}>{r.enabled ? "enabled" : "disabled"}</Badge>
                {r.force && <Badge tone="warn">force</Badge>}
                {r.runtime && <Badge>runtime</Badge>}
              </span>
            </TD>
            <TD data-label="Targets" data-route-targets={r.targets.join(" ")} data-route-copy={r.configCenter}>
              <span className="flex flex-wrap gap-1">
                <Badge>registry</Badge>
                <CopyBadge state={r.configCenter} />
              </span>
            </TD>
            <TD data-label="Origin">
              <span>
                <Badge tone={r.origin.writer === "console" ? "info" : "neutral"}>{WRITERS[r.origin.writer]}</Badge>
              </span>
            </TD>
            <TD data-label="Dubbo 2.7" className="text-xs">
              {r.origin.loaded && !r.enabled ? <span className="text-zinc-500 dark:text-zinc-400" data-route-loaded="disabled">would load it once enabled; ignores it while disabled</span> : r.origin.loaded ? <span className="text-emerald-700 dark:text-emerald-300">loads it</span> : <span className="text-amber-700 dark:text-amber-300" title={r.origin.reason ?? undefined}>ignores it{r.origin.reason ? `: ${r.origin.reason}` : ""}</span>}
            </TD>
            <TD data-label="">
              <RouteActions route={r} />
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

function CopyBadge({ state }: { state: Route["configCenter"] }) {
  const copy = COPIES[state];
  return copy ? (
    <Badge tone={copy.tone} title={copy.title}>
      {copy.text}
    </Badge>
  ) : null;
}
