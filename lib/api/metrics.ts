/**
 * The HTTP contract of live metrics (issue 18): GET /api/v1/metrics?service=&group=&version=
 * answers, per provider of the service, calls per second, response time p50 / p99 and
 * failures per second over a recent range, read from Dubbo 3's own metrics
 * (dubbo-metrics-default, exported by dubbo-metrics-prometheus under the names Dubbo writes,
 * `dubbo_provider_requests_total`, `dubbo_provider_rt_milliseconds_p99`, …):
 * - `prometheus`: from the Prometheus at PROMETHEUS_URL, over its HTTP API (PromQL);
 * - `scrape`: without it, the console reads each provider process's Prometheus text itself
 *   (QoS command `metrics`, at the provider's host and QoS port) every few seconds, and keeps
 *   one hour in memory, only for services someone asked about lately.
 * Beside the series, `marks`: the console's own rule changes of the service (the audit
 * trail) and the registrations and de-registrations of its providers it saw.
 */
import { z } from "zod";
import { choiceParam, textParam } from "./query-params";

export const METRICS_SOURCES = ["prometheus", "scrape"] as const;
export type MetricsSource = (typeof METRICS_SOURCES)[number];

/** The ranges a chart can show, and their length in seconds. */
export const METRICS_RANGES = { "5m": 300, "15m": 900, "1h": 3600 } as const;
export type MetricsRange = keyof typeof METRICS_RANGES;

/** GET /api/v1/metrics. `address` (host:port) narrows to one provider, `application` to its providers, `method` to one method. */
export const metricsQuerySchema = z.object({
  service: z.string({ error: "service must be an interface name such as io.x.Api" }).trim().min(1, { error: "service must not be empty" }).max(255, { error: "service is at most 255 characters" }),
  group: textParam("group", { max: 100 }),
  version: textParam("version", { max: 100 }),
  address: z
    .string()
    .trim()
    .max(300, { error: "address is at most 300 characters" })
    .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):\d{1,5}$/, { error: "address must be host:port, as the provider is registered" })
    .optional(),
  method: z
    .string()
    .trim()
    .max(255, { error: "method is at most 255 characters" })
    .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: "method must be a Java method name" })
    .optional(),
  /** Only the providers of this application (the application page's charts). */
  application: textParam("application", { max: 255 }),
  range: choiceParam("range", Object.keys(METRICS_RANGES) as [MetricsRange, ...MetricsRange[]]).default("15m"),
});
export type MetricsQuery = z.output<typeof metricsQuerySchema>;

/**
 * One instant of one provider. Each value is null where it is not known at that instant
 * (no sample yet, the provider not scraped then, p50/p99 before a call was timed).
 */
export const metricsPointSchema = z.object({
  /** Milliseconds since the epoch. */
  t: z.number().int().nonnegative(),
  callsPerSecond: z.number().nonnegative().nullable(),
  /** Response time, milliseconds, as the provider's own window of recent calls says (Dubbo's aggregation). */
  p50Ms: z.number().nonnegative().nullable(),
  p99Ms: z.number().nonnegative().nullable(),
  /** Failed calls per second: Dubbo's failed (timeouts, network, limits, …) and business-failed calls. */
  failuresPerSecond: z.number().nonnegative().nullable(),
});
export type MetricsPoint = z.infer<typeof metricsPointSchema>;

export const metricsSeriesSchema = z.object({
  /** The provider, `host:port` as registered; for a process no longer registered, as it last was. */
  provider: z.string(),
  application: z.string().nullable(),
  /** Whether the registry lists it now. */
  registered: z.boolean(),
  points: z.array(metricsPointSchema),
});
export type MetricsSeries = z.infer<typeof metricsSeriesSchema>;

export const METRICS_MARK_KINDS = ["rule", "registered", "unregistered"] as const;

/** Something that happened to the service, drawn on the time axis. */
export const metricsMarkSchema = z.object({
  t: z.number().int().nonnegative(),
  kind: z.enum(METRICS_MARK_KINDS),
  /** In words: "route saved by alice: => host != 10.0.0.3", "10.0.0.3:20880 registered". */
  summary: z.string(),
  /** The audit entry of a rule change (open it in the audit trail). */
  auditId: z.string().nullable(),
});
export type MetricsMark = z.infer<typeof metricsMarkSchema>;

export const metricsResponseSchema = z.object({
  service: z.string(),
  source: z.enum(METRICS_SOURCES),
  range: z.enum(Object.keys(METRICS_RANGES) as [MetricsRange, ...MetricsRange[]]),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  /** The distance between points. */
  stepSeconds: z.number().positive(),
  series: z.array(metricsSeriesSchema),
  marks: z.array(metricsMarkSchema),
  /** Providers whose metrics could not be read, and why in words (QoS off, no metrics reporter, Prometheus down). */
  unavailable: z.array(z.object({ provider: z.string(), reason: z.string() })),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;
