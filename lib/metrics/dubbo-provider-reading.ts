/**
 * What one Dubbo 3 provider process's metrics say about one service (or one of its methods)
 * at one instant, read from the samples of its Prometheus text. The names are Dubbo 3.3's
 * (MetricsKey, provider side, RPC level METHOD): labels `interface`, `group`, `version`
 * (each "" when absent) and `method`.
 */
import type { PromSample } from "./prometheus-text";

/** The metric names read, as Dubbo's Prometheus reporter writes them. */
export const DUBBO_PROVIDER_METRICS = {
  requests: "dubbo_provider_requests_total",
  failed: "dubbo_provider_requests_failed_total",
  businessFailed: "dubbo_provider_requests_business_failed_total",
  /** Response times in seconds, cumulative buckets by `le` (dubbo.metrics.histogram.enabled). */
  rtBucket: "dubbo_provider_rt_milliseconds_histogram_seconds_bucket",
} as const;

const NAMES = new Set<string>(Object.values(DUBBO_PROVIDER_METRICS));

/** Whether a sample name is one {@link readingOf} reads (to keep only those when parsing). */
export const isReadMetric = (name: string) => NAMES.has(name);

/** The service (and method) a reading is of; `group` and `version` "" when the service has none. */
export interface MetricsSelector {
  readonly interface: string;
  readonly group: string;
  readonly version: string;
  readonly method?: string;
}

/** Counters summed over the selected methods, the response-time buckets too (so quantiles are of all their calls). */
export interface ProviderReading {
  readonly requests: number;
  /** Failed (timeouts, network, limits, …) plus business-failed calls. */
  readonly failures: number;
  /** `[upper bound in seconds, cumulative count]` by bound; empty when the process keeps no histogram. */
  readonly rtBuckets: readonly (readonly [number, number])[];
  /** How many methods the process reported for the selection; 0: it does not export it (or reports no metrics of it). */
  readonly methods: number;
}

/** The reading of `selector` in `samples`. */
export function readingOf(samples: readonly PromSample[], selector: MetricsSelector): ProviderReading {
  let requests = 0;
  let failures = 0;
  const buckets = new Map<number, number>();
  const methods = new Set<string>();
  for (const s of samples) {
    const l = s.labels;
    if (l.interface !== selector.interface || (l.group ?? "") !== selector.group || (l.version ?? "") !== selector.version) continue;
    if (selector.method !== undefined && l.method !== selector.method) continue;
    const finite = Number.isFinite(s.value) ? s.value : null;
    switch (s.name) {
      case DUBBO_PROVIDER_METRICS.requests:
        methods.add(l.method ?? "");
        requests += finite ?? 0;
        break;
      case DUBBO_PROVIDER_METRICS.failed:
      case DUBBO_PROVIDER_METRICS.businessFailed:
        failures += finite ?? 0;
        break;
      case DUBBO_PROVIDER_METRICS.rtBucket: {
        const le = l.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(l.le);
        if (l.le !== undefined && !Number.isNaN(le)) buckets.set(le, (buckets.get(le) ?? 0) + (finite ?? 0));
        break;
      }
    }
  }
  return { requests, failures, rtBuckets: [...buckets].sort((a, b) => a[0] - b[0]), methods: methods.size };
}
