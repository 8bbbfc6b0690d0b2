/**
 * Chart points from a provider's readings over time: calls and failures per second are the
 * counters' increase between two readings over the time between them (a counter that went
 * down means the process restarted: its new value is the increase, as Prometheus's rate()
 * reads a reset); p50 / p99 are the quantiles of the response-time buckets' increase (the
 * calls between the two readings), as histogram_quantile() of a rate. A missing reading (the scrape failed)
 * gives a point of nulls and no rate across it.
 */
import type { MetricsPoint } from "@/lib/api/metrics";
import type { ProviderReading } from "./dubbo-provider-reading";
import { histogramQuantile } from "./histogram-quantile";

export interface TimedReading {
  /** Milliseconds since the epoch. */
  readonly t: number;
  /** null: the process could not be read then. */
  readonly reading: ProviderReading | null;
}

/** The increase of a counter from `before` to `after`, a reset read as a restart from 0. */
export const increase = (before: number, after: number) => (after >= before ? after - before : after);

/** One point per reading in `readings` (ordered by time), the first without rates. */
export function pointsOf(readings: readonly TimedReading[]): MetricsPoint[] {
  const out: MetricsPoint[] = [];
  let previous: TimedReading | undefined;
  for (const r of readings) {
    const now = r.reading;
    const before = previous?.reading;
    const seconds = previous ? (r.t - previous.t) / 1000 : 0;
    const rated = now && before && seconds > 0;
    out.push({
      t: r.t,
      callsPerSecond: rated ? increase(before.requests, now.requests) / seconds : null,
      failuresPerSecond: rated ? increase(before.failures, now.failures) / seconds : null,
      ...(rated ? quantiles(before.rtBuckets, now.rtBuckets) : { p50Ms: null, p99Ms: null }),
    });
    previous = r;
  }
  return out;
}

/** p50 and p99 in ms of the calls counted between two readings' buckets (null when none was timed, or the bounds differ). */
function quantiles(before: ProviderReading["rtBuckets"], after: ProviderReading["rtBuckets"]): { p50Ms: number | null; p99Ms: number | null } {
  const restarted = before.length !== after.length || before.some(([le], i) => after[i]![0] !== le) || before.some(([, c], i) => after[i]![1] < c);
  const window = after.map(([le, c], i) => [le, restarted ? c : c - before[i]![1]] as const);
  const ms = (phi: number) => {
    const q = histogramQuantile(phi, window);
    return q === null || !Number.isFinite(q) ? null : q * 1000;
  };
  return { p50Ms: ms(0.5), p99Ms: ms(0.99) };
}
