/**
 * A metrics answer (GET /api/v1/metrics) as a line chart draws it: one row per instant with
 * every provider's value of one measure, the providers in a stable order (each its line),
 * the marks inside the range, and each provider's latest value for the legend.
 */
import type { MetricsMark, MetricsResponse, MetricsSeries } from "../api/metrics";
import type { Measure } from "./measures";

/**
 * One instant of the chart: `t` (milliseconds since the epoch) and, keyed by provider
 * (`host:port`), its value of the measure then, null where it is not known (a gap in the
 * line). Every provider of the chart has a key in every row.
 */
export type ChartRow = { readonly t: number } & { readonly [provider: string]: number | null };

/** A provider the chart draws a line for. */
export interface ChartProvider {
  /** `host:port` as registered: the key of its values in every {@link ChartRow}. */
  readonly provider: string;
  readonly application: string | null;
  /** Whether the registry lists it now. */
  readonly registered: boolean;
}

/** What a chart of one measure draws. */
export interface ChartData {
  /** Every series' instants once each, oldest first. */
  readonly rows: readonly ChartRow[];
  /** The lines, see {@link chartProviders}. */
  readonly providers: readonly ChartProvider[];
  /** The marks within [from, to], see {@link marksInRange}. */
  readonly marks: readonly MetricsMark[];
}

/** Addresses in the order a person reads them: numbers as numbers, so 10.0.0.9 comes before 10.0.0.10. */
const ADDRESS_ORDER = new Intl.Collator("en", { numeric: true });

/**
 * The providers of the answer, each once (a provider named by two series is the first's),
 * registered ones first, then by address: the order of the lines, their colours and the
 * legend, the same on every refresh while the registry does not change.
 */
export function chartProviders(response: Pick<MetricsResponse, "series">): ChartProvider[] {
  const seen = new Map<string, ChartProvider>();
  for (const s of response.series) {
    if (!seen.has(s.provider)) seen.set(s.provider, { provider: s.provider, application: s.application, registered: s.registered });
  }
  return [...seen.values()].sort((a, b) => Number(b.registered) - Number(a.registered) || ADDRESS_ORDER.compare(a.provider, b.provider));
}

/**
 * The rows of one measure: the union of the series' instants, sorted; at each, every
 * provider's value, null where its series has no point then or the point's value is null.
 * Where a provider has two points at one instant (two series of it), the first known value wins.
 */
export function chartRows(response: Pick<MetricsResponse, "series">, measure: Measure, providers: readonly ChartProvider[] = chartProviders(response)): ChartRow[] {
  const byInstant = new Map<number, Map<string, number>>();
  for (const s of response.series) {
    for (const p of s.points) {
      let values = byInstant.get(p.t);
      if (!values) byInstant.set(p.t, (values = new Map()));
      const value = p[measure];
      if (value !== null && !values.has(s.provider)) values.set(s.provider, value);
    }
  }
  return [...byInstant.keys()]
    .sort((a, b) => a - b)
    .map((t) => {
      const values = byInstant.get(t)!;
      const row: Record<string, number | null> = {};
      for (const { provider } of providers) row[provider] = values.get(provider) ?? null;
      return { ...row, t };
    });
}

/** The marks from `from` to `to` (both included), oldest first; marks at one instant keep the answer's order. */
export function marksInRange(response: Pick<MetricsResponse, "marks" | "from" | "to">): MetricsMark[] {
  return response.marks.filter((m) => m.t >= response.from && m.t <= response.to).sort((a, b) => a.t - b.t);
}

/** Everything a chart of `measure` draws from `response`. */
export function chartData(response: MetricsResponse, measure: Measure): ChartData {
  const providers = chartProviders(response);
  return { rows: chartRows(response, measure, providers), providers, marks: marksInRange(response) };
}

/** One provider's latest known value of a measure. */
export interface LatestValue extends ChartProvider {
  /** The value of its last point where the measure is not null; null when no point has one. */
  readonly value: number | null;
  /** When that point was (milliseconds since the epoch); null with `value`. */
  readonly t: number | null;
}

/** The last point of `series` (by time) where `measure` is known, or null. */
function latestPoint(series: readonly MetricsSeries[], measure: Measure): { t: number; value: number } | null {
  let latest: { t: number; value: number } | null = null;
  for (const s of series) {
    for (const p of s.points) {
      const value = p[measure];
      if (value !== null && (latest === null || p.t > latest.t)) latest = { t: p.t, value };
    }
  }
  return latest;
}

/**
 * Each provider's latest known value of `measure`, in {@link chartProviders} order: the last
 * point whose value is not null, so a provider that stopped answering still shows what it
 * last said (with when), and one that never said reads null.
 */
export function latestValues(response: Pick<MetricsResponse, "series">, measure: Measure): LatestValue[] {
  return chartProviders(response).map((p) => {
    const latest = latestPoint(
      response.series.filter((s) => s.provider === p.provider),
      measure,
    );
    return { ...p, value: latest?.value ?? null, t: latest?.t ?? null };
  });
}

/** The shortest time axis drawn: one minute. */
export const MIN_SPAN_MS = 60_000;

/**
 * The time axis a chart of `response` draws: to `to`, from the earliest point or mark within
 * the range (the console scrapes a provider only once someone asks, so a fresh chart has a
 * few seconds, not the whole range, and is drawn at that scale), but at least a minute and
 * never before `from`.
 */
export function shownSpan(response: Pick<MetricsResponse, "series" | "marks" | "from" | "to">): { from: number; to: number } {
  let earliest = response.to;
  for (const s of response.series) for (const p of s.points) if (p.t >= response.from && p.t < earliest) earliest = p.t;
  for (const m of response.marks) if (m.t >= response.from && m.t < earliest) earliest = m.t;
  return { from: Math.max(response.from, Math.min(earliest, response.to - MIN_SPAN_MS)), to: response.to };
}
