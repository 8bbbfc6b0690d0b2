import type { MetricsResponse } from "@/lib/api/metrics";
import { formatClockTime } from "@/lib/format/clock-time";
import { cn } from "@/lib/cn";
import { type ChartProvider, chartProviders, type LatestValue, latestValues } from "@/lib/metrics/chart-rows";
import { formatMeasureNumber, type Measure, MEASURE_WORDS, MEASURES } from "@/lib/metrics/measures";
import { AddressLink } from "../catalog/entity-links";
import { Badge } from "../ui/badge";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { type ChartTheme, lineStyle } from "./chart-colours";

/** The data attribute of each measure's latest raw value on a row. */
const ATTRIBUTES: Readonly<Record<Measure, string>> = { callsPerSecond: "data-calls-per-second", p50Ms: "data-p50-ms", p99Ms: "data-p99-ms", failuresPerSecond: "data-failures-per-second" };

/** The latest value of every measure, by provider, in the order of the chart's lines (latestValues keeps that order for every measure). */
function rowsOf(response: MetricsResponse): { provider: ChartProvider; latest: Record<Measure, LatestValue> }[] {
  const columns = MEASURES.map((m) => [m, latestValues(response, m)] as const);
  return chartProviders(response).map((provider, i) => ({ provider, latest: Object.fromEntries(columns.map(([m, values]) => [m, values[i]!])) as Record<Measure, LatestValue> }));
}

/** The raw numbers of a row as data attributes, leaving out those not known. */
function rawAttributes(latest: Record<Measure, LatestValue>): Record<string, string> {
  return Object.fromEntries(MEASURES.flatMap((m) => (latest[m].value === null ? [] : [[ATTRIBUTES[m], String(latest[m].value)]])));
}

function ValueCell({ latest, chosen }: { latest: LatestValue; chosen: boolean }) {
  return (
    <TD className={cn("text-right whitespace-nowrap tabular-nums", chosen && "font-semibold")} title={latest.t === null ? "not known" : `at ${formatClockTime(latest.t)}`}>
      {formatMeasureNumber(latest.value)}
    </TD>
  );
}

/**
 * Each provider's latest known value of every measure (its last point that has one), the
 * chosen measure in bold, with the colour of its line. The table says
 * `data-testid="metrics-latest"`; each row `data-provider` (host:port) and the raw numbers in
 * `data-calls-per-second`, `data-p50-ms`, `data-p99-ms`, `data-failures-per-second` (left
 * out where the value is not known).
 */
export function MetricsLatestTable({ response, measure, theme }: { response: MetricsResponse; measure: Measure; theme: ChartTheme }) {
  const rows = rowsOf(response);
  return (
    <Table data-testid="metrics-latest" aria-label="Latest value per provider">
      <THead>
        <tr>
          <TH>Provider</TH>
          {MEASURES.map((m) => (
            <TH key={m} className="text-right" title={MEASURE_WORDS[m].title}>
              {MEASURE_WORDS[m].label}
            </TH>
          ))}
        </tr>
      </THead>
      <tbody>
        {rows.map(({ provider: p, latest }, i) => (
            <TRow key={p.provider} data-provider={p.provider} data-registered={p.registered} {...rawAttributes(latest)}>
              <TD className="min-w-0">
                <span className="flex items-center gap-2">
                  <svg aria-hidden width="16" height="8" className="shrink-0">
                    <line x1="0" y1="4" x2="16" y2="4" strokeWidth="2.5" {...lineStyle(theme, i)} />
                  </svg>
                  <AddressLink value={p.provider} className="text-[13px]" />
                  {p.application && <span className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{p.application}</span>}
                  {!p.registered && <Badge tone="neutral">not registered</Badge>}
                </span>
              </TD>
              {MEASURES.map((m) => (
                <ValueCell key={m} latest={latest[m]} chosen={m === measure} />
              ))}
            </TRow>
        ))}
      </tbody>
    </Table>
  );
}
