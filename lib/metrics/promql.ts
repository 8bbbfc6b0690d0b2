/**
 * PromQL text for Dubbo's provider metrics of one service (or method), per scrape target
 * (`instance`): the queries the `prometheus` source of GET /api/v1/metrics sends.
 */
import { DUBBO_PROVIDER_METRICS, type MetricsSelector } from "./dubbo-provider-reading";

/** A PromQL string literal of `value` (double-quoted, `\`, `"` and line breaks escaped). */
export const promString = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/** The label matchers of `selector`: interface, group and version always (Dubbo writes "" for none), method when given. */
export function matchers(selector: MetricsSelector): string {
  const parts = [`interface=${promString(selector.interface)}`, `group=${promString(selector.group)}`, `version=${promString(selector.version)}`];
  if (selector.method !== undefined) parts.push(`method=${promString(selector.method)}`);
  return parts.join(",");
}

/** A rate window PromQL takes: a number and s, m or h. */
export const RATE_WINDOW = /^[1-9]\d{0,5}[smh]$/;

/**
 * The five queries, keyed by what each reads. `window` is the rate() range, e.g. "1m". The two
 * kinds of failure are asked apart and added by the caller: rate() drops the metric name, so
 * one query over both would hold two series of the same labels, which PromQL refuses.
 */
export function metricsQueries(selector: MetricsSelector, window: string): Record<"callsPerSecond" | "failedPerSecond" | "businessFailedPerSecond" | "p50Ms" | "p99Ms", string> {
  if (!RATE_WINDOW.test(window)) throw new Error(`rate window ${JSON.stringify(window)}: a number and s, m or h`);
  const m = matchers(selector);
  const rate = (name: string) => `sum by (instance) (rate(${name}{${m}}[${window}]))`;
  return {
    callsPerSecond: rate(DUBBO_PROVIDER_METRICS.requests),
    failedPerSecond: rate(DUBBO_PROVIDER_METRICS.failed),
    businessFailedPerSecond: rate(DUBBO_PROVIDER_METRICS.businessFailed),
    p50Ms: quantile(0.5, m, window),
    p99Ms: quantile(0.99, m, window),
  };
}

/** The `phi` quantile of response times in ms, per instance, over the window's calls of every selected method. */
const quantile = (phi: number, m: string, window: string) => `histogram_quantile(${phi}, sum by (instance, le) (rate(${DUBBO_PROVIDER_METRICS.rtBucket}{${m}}[${window}]))) * 1000`;
