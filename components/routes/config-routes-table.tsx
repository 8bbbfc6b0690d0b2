import type { ConfigRoute } from "@/lib/api/routing/config-routes";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { ConfigRouteActions } from "./config-route-actions";
import { ConfigRouteConditions } from "./config-route-conditions";

const STATE_TONE = { active: "good", disabled: "neutral", not_valid: "warn", refused: "bad" } as const;
const STATE_WORDS = { active: "active", disabled: "disabled", not_valid: "not valid", refused: "refused" } as const;

/**
 * Config-center condition rules: key and scope, state (with why Dubbo refuses one),
 * conditions, flags and format, and which registered consumers obey each, in words.
 */
export function ConfigRoutesTable({ rules }: { rules: readonly ConfigRoute[] }) {
  return (
    <Table stacked data-testid="config-routes-table">
      <THead>
        <tr>
          <TH>Key</TH>
          <TH>State</TH>
          <TH>Conditions</TH>
          <TH>Flags</TH>
          <TH>Who obeys it</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <tbody>
        {rules.map((r) => (
          <TRow key={`${r.registry} ${r.node}`} data-config-route={r.key} data-config-status={r.status} data-config-revision={r.revision}>
            <TD data-label="Key" className="max-w-72 align-top">
              <span>
                <span className="block font-mono text-xs [overflow-wrap:anywhere]">{r.key}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">{r.scope === "service" ? "service rule" : "application rule"}</span>
              </span>
            </TD>
            <TD data-label="State" className="align-top">
              <span className="space-y-1">
                <Badge tone={STATE_TONE[r.status]}>{STATE_WORDS[r.status]}</Badge>
                {r.problem && <span className="block text-xs text-red-700 dark:text-red-300">{r.problem.message}{r.problem.line !== null ? ` (line ${r.problem.line})` : ""}</span>}
                {r.notes.map((n) => (
                  <span key={n} className="block text-xs text-amber-700 dark:text-amber-300">
                    {n}
                  </span>
                ))}
              </span>
            </TD>
            <TD data-label="Conditions" className="min-w-48 align-top">
              <ConfigRouteConditions rule={r} />
            </TD>
            <TD data-label="Flags" className="align-top">
              {r.rule && (
                <span className="flex flex-wrap gap-1">
                  <Badge tone={r.rule.enabled ? "good" : "neutral"}>{r.rule.enabled ? "enabled" : "disabled"}</Badge>
                  {r.rule.force && <Badge tone="warn">force</Badge>}
                  <Badge>priority {r.rule.priority}</Badge>
                  <Badge tone="info" title={r.rule.format === "v3.1" ? "multi-destination: shown read-only" : undefined}>
                    {r.rule.format}
                  </Badge>
                </span>
              )}
            </TD>
            <TD data-label="Who obeys" className="max-w-96 align-top text-xs">
              <ConsumersWords rule={r} />
            </TD>
            <TD data-label="" className="align-top">
              <ConfigRouteActions rule={r} />
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

function ConsumersWords({ rule }: { rule: ConfigRoute }) {
  if (rule.consumers.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">No registered consumer reads this key. {rule.readers}</span>;
  return (
    <ul className="space-y-1">
      {rule.consumers.map((c) => (
        <li
          key={`${c.registry} ${c.service} ${c.application} ${c.address} ${c.via}`}
          data-config-consumer={c.application}
          data-obeys={c.obeys}
          className={c.obeys ? "text-emerald-800 dark:text-emerald-300" : "text-zinc-600 dark:text-zinc-400"}
        >
          {c.words}
        </li>
      ))}
    </ul>
  );
}
