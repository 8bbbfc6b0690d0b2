"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTheme } from "next-themes";
import { useMemo, useState } from "react";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { type MetricsRange, type MetricsResponse, type MetricsSource, metricsResponseSchema } from "@/lib/api/metrics";
import { chartData, shownSpan } from "@/lib/metrics/chart-rows";
import { type Measure, MEASURE_WORDS, MEASURES } from "@/lib/metrics/measures";
import { Callout } from "../ui/callout";
import { CHART_COLOURS } from "./chart-colours";
import { MetricsChart } from "./metrics-chart";
import { MetricsLatestTable } from "./metrics-latest-table";
import { SegmentedChoice } from "./segmented-choice";

/** Asked again this often while shown (the server reads Prometheus, or its own scrapes, each time). */
const REFETCH_MS = 5_000;

const SOURCE_WORDS: Readonly<Record<MetricsSource, string>> = { prometheus: "from Prometheus", scrape: "scraped from the providers' QoS" };

const RANGE_CHOICES: readonly { value: MetricsRange; label: string; title: string }[] = [
  { value: "5m", label: "5 min", title: "The last 5 minutes" },
  { value: "15m", label: "15 min", title: "The last 15 minutes" },
  { value: "1h", label: "1 h", title: "The last hour" },
];
const MEASURE_CHOICES = MEASURES.map((m) => ({ value: m, label: MEASURE_WORDS[m].label, title: MEASURE_WORDS[m].title }));

/** The query of GET /api/v1/metrics for the service (and the one provider, when given) over `range`. */
function metricsQuery(service: MetricsPanelProps["service"], only: { address?: string | undefined; application?: string | undefined }, range: MetricsRange): string {
  const of = `service=${encodeURIComponent(service.interface)}&group=${encodeURIComponent(service.group)}&version=${encodeURIComponent(service.version)}`;
  return `${of}${only.address ? `&address=${encodeURIComponent(only.address)}` : ""}${only.application ? `&application=${encodeURIComponent(only.application)}` : ""}&range=${range}`;
}

export interface MetricsPanelProps {
  readonly service: { readonly interface: string; readonly group: string; readonly version: string };
  /** `host:port`: only this provider of the service. */
  readonly address?: string;
  /** Only this application's providers of the service. */
  readonly application?: string;
}

/**
 * The service's live metrics (GET /api/v1/metrics), asked again every few seconds while
 * shown: a chart of the measure picked over the range picked, one line per provider, with the
 * service's rule changes and its providers' (de)registrations marked; each provider's latest
 * values; the providers that could not be read, and why. The root says
 * `data-testid="metrics-panel"`, `data-state` (loading, error, empty, ready), and once an
 * answer came, `data-metrics-source` (prometheus or scrape).
 */
export function MetricsPanel({ service, address, application }: MetricsPanelProps) {
  const [range, setRange] = useState<MetricsRange>("15m");
  const [measure, setMeasure] = useState<Measure>("callsPerSecond");
  const dark = useTheme().resolvedTheme === "dark";
  const query = metricsQuery(service, { address, application }, range);
  const answer = useQuery({
    queryKey: ["metrics", query],
    queryFn: ({ signal }) => fetchJson(`/api/v1/metrics?${query}`, metricsResponseSchema, signal),
    refetchInterval: REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = answer.data;
  const chart = useMemo(() => (data ? chartData(data, measure) : null), [data, measure]);
  const span = useMemo(() => (data ? shownSpan(data) : null), [data]);
  const state = answer.error && !data ? "error" : !data ? "loading" : data.series.length === 0 ? "empty" : "ready";
  return (
    <section className="min-w-0 space-y-3" data-testid="metrics-panel" data-state={state} data-metrics-source={data?.source} data-range={range} aria-busy={answer.isPlaceholderData || undefined}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="font-semibold">{MEASURE_WORDS[measure].title}</span>
          {data && (
            <span className="text-zinc-500 dark:text-zinc-400" data-testid="metrics-source">
              {" "}
              · {SOURCE_WORDS[data.source]}, every {data.stepSeconds} s
            </span>
          )}
        </p>
        <div className="flex min-w-0 flex-wrap gap-2">
          <SegmentedChoice label="Measure" value={measure} options={MEASURE_CHOICES} onChange={setMeasure} testId="metrics-measure" />
          <SegmentedChoice label="Range" value={range} options={RANGE_CHOICES} onChange={setRange} testId="metrics-range" />
        </div>
      </div>
      {answer.error && (
        <p className="text-sm [overflow-wrap:anywhere] text-red-700 dark:text-red-300" role="alert" data-testid="metrics-error">
          {answer.error.message}
        </p>
      )}
      {state === "loading" && <p className="text-sm text-zinc-500 dark:text-zinc-400">Reading the metrics…</p>}
      {state === "empty" && <EmptyMetrics />}
      {data && chart && span && data.series.length > 0 && (
        <>
          <MetricsChart data={chart} measure={measure} from={span.from} to={span.to} dark={dark} />
          <MetricsLatestTable response={data} measure={measure} theme={dark ? CHART_COLOURS.dark : CHART_COLOURS.light} />
        </>
      )}
      {data && <Unavailable unavailable={data.unavailable} />}
    </section>
  );
}

/** Nothing to draw yet, and where metrics come from. */
function EmptyMetrics() {
  return (
    <Callout data-testid="metrics-empty">
      <p>
        <span className="font-medium">No metrics yet:</span> Dubbo 3 providers export them when <code className="font-mono text-xs">dubbo.metrics</code> is on (with dubbo-metrics-prometheus). With a Prometheus that scrapes them (PROMETHEUS_URL), the console asks it; without one it reads each provider&apos;s QoS{" "}
        <code className="font-mono text-xs">metrics</code> command itself, so QoS must be on and reachable from the console. A provider that just started shows up after its first calls.
      </p>
    </Callout>
  );
}

/** The providers whose metrics could not be read, and why. */
function Unavailable({ unavailable }: { unavailable: MetricsResponse["unavailable"] }) {
  if (unavailable.length === 0) return null;
  return (
    <div className="min-w-0 space-y-1" data-testid="metrics-unavailable">
      <p className="text-xs font-medium text-amber-800 dark:text-amber-300">Not read:</p>
      <ul className="space-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        {unavailable.map((u) => (
          <li key={u.provider} className="min-w-0 [overflow-wrap:anywhere]" data-provider={u.provider}>
            <span className="font-mono">{u.provider}</span>: {u.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
