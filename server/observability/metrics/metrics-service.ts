import type { AuditEntry } from "@/lib/api/audit";
import type { ChangeEvent } from "@/lib/api/events";
import { METRICS_RANGES, type MetricsMark, type MetricsPoint, type MetricsQuery, type MetricsResponse, type MetricsSeries } from "@/lib/api/metrics";
import { serviceKey } from "@/lib/dubbo/service-key";
import { type MetricsSelector, readingOf } from "@/lib/metrics/dubbo-provider-reading";
import { metricsQueries } from "@/lib/metrics/promql";
import { pointsOf } from "@/lib/metrics/reading-points";
import { NotFoundError } from "@/server/errors/request-errors";
import type { ProviderRecord, ServiceEntry } from "../../governance/catalog/service-entry";
import { DEFAULT_QOS_PORT, hostOf, qosPlaceOf } from "../qos/qos-service";
import { MetricsScraper, type MetricsScraperOptions } from "./metrics-scraper";
import { PrometheusClient, PrometheusError } from "./prometheus-client";

export interface MetricsCatalog {
  entry(key: string): ServiceEntry | undefined;
  onChange(listener: (event: ChangeEvent) => void): () => void;
}

export interface MetricsServiceOptions {
  /** PROMETHEUS_URL: read from that Prometheus; absent: scrape the providers' QoS. */
  readonly prometheusUrl?: string;
  /** The rate() window of Prometheus queries (CONSOLE_PROMETHEUS_RATE_WINDOW, default 1m: four 15 s scrapes). */
  readonly rateWindow?: string;
  /** CONSOLE_QOS_PORT: where QoS is asked when a provider's URL names no qos.port. */
  readonly qosPort?: number;
  readonly scraper?: MetricsScraperOptions;
  readonly prometheus?: PrometheusClient;
  readonly clock?: () => number;
}

/** Prometheus steps per range: about 60–120 points a chart. */
const STEP_SECONDS: Record<keyof typeof METRICS_RANGES, number> = { "5m": 5, "15m": 10, "1h": 30 };
/** How long a provider that left the registry is still drawn and read, and registration marks are kept. */
const REMEMBER_MS = 3_600_000;
/** How long the graph's edge rates are kept. */
const EDGE_RATES_MS = 10_000;

/** The key of {@link MetricsService.edgeRates}: the side, the service key, the application. */
export const edgeKey = (kind: "provides" | "consumes", service: string, application: string) => `${kind}\n${service}\n${application}`;

/** At most this many registration marks kept per service. */
const MAX_MARKS = 200;

interface Known {
  readonly address: string;
  readonly application: string;
  readonly urls: ProviderRecord["url"][];
  /** When the registry last listed it (now, while it does). */
  lastSeen: number;
  present: boolean;
}

interface Watched {
  known: Map<string, Known>;
  marks: MetricsMark[];
  askedAt: number;
}

/**
 * GET /api/v1/metrics (issue 18): a service's calls/s, p50, p99 and failures/s per provider,
 * from Prometheus (PROMETHEUS_URL) or scraped from the providers' own QoS `metrics`, with the
 * console's rule changes (the audit trail) and the providers' registrations and
 * de-registrations it saw (while the service was watched) as marks on the time axis.
 */
export class MetricsService {
  private readonly scraper: MetricsScraper;
  private readonly prometheus: PrometheusClient | null;
  private readonly watched = new Map<string, Watched>();
  private readonly clock: () => number;
  private readonly unsubscribe: () => void;
  private edgeCache: { at: number; rates: ReadonlyMap<string, number> } | null = null;

  constructor(
    private readonly catalog: MetricsCatalog,
    private readonly audit: { entries(): readonly AuditEntry[] },
    private readonly options: MetricsServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.scraper = new MetricsScraper({ clock: this.clock, ...options.scraper });
    this.prometheus = options.prometheus ?? (options.prometheusUrl ? new PrometheusClient(options.prometheusUrl) : null);
    this.unsubscribe = catalog.onChange((event) => {
      if (event.type === "service" && (event.kind === "providers" || event.kind === "removed")) this.providersChanged(event.key);
    });
  }

  get source(): MetricsResponse["source"] {
    return this.prometheus ? "prometheus" : "scrape";
  }

  close(): void {
    this.unsubscribe();
    this.scraper.close();
  }

  /** @throws NotFoundError for a service neither registered nor watched lately; PrometheusError (502) when Prometheus cannot answer. */
  async query(q: MetricsQuery): Promise<MetricsResponse> {
    const id = { interface: q.service, group: q.group ?? "", version: q.version ?? "" };
    const key = serviceKey(id);
    const entry = this.catalog.entry(key);
    // Nothing is kept for a name that was never registered: asking for made-up names costs no memory.
    if (!entry && !this.watched.get(key)?.known.size) throw new NotFoundError(`service ${key} is not registered`, { service: key });
    const watched = this.watch(key, entry);
    const now = this.clock();
    const range = q.range;
    const from = now - METRICS_RANGES[range] * 1000;
    let providers = [...watched.known.values()].filter((k) => k.present || now - k.lastSeen <= REMEMBER_MS);
    if (q.address !== undefined) providers = providers.filter((p) => p.address === q.address);
    if (q.application) providers = providers.filter((p) => p.application === q.application);
    const registered = new Set(entry?.providers.map((p) => p.address) ?? []);
    const selector: MetricsSelector = { ...id, ...(q.method !== undefined ? { method: q.method } : {}) };
    const base = { service: key, range, from, to: now, marks: this.marksOf(key, watched, providers, from, now) };
    if (this.prometheus) {
      const step = STEP_SECONDS[range];
      const start = Math.floor(from / 1000 / step) * step * 1000;
      const { series, unavailable } = await this.fromPrometheus(this.prometheus, selector, providers, registered, start, now, step, q.address !== undefined || Boolean(q.application));
      return { ...base, source: "prometheus", stepSeconds: step, series, unavailable };
    }
    const { series, unavailable } = await this.fromScrapes(selector, providers, registered, from);
    return { ...base, source: "scrape", stepSeconds: (this.options.scraper?.intervalMs ?? 5_000) / 1000, series, unavailable };
  }

  /**
   * Calls per second lately per service, application and side, for the graph's edges
   * (key {@link edgeKey}): from Prometheus, two queries (provider and consumer counters by
   * interface, group, version and application_name), kept 10 s; without it, from the reads
   * of the services watched now (no process is read just to draw the graph). Never throws:
   * when Prometheus cannot answer, no rates.
   */
  async edgeRates(): Promise<ReadonlyMap<string, number>> {
    const now = this.clock();
    if (this.edgeCache && now - this.edgeCache.at < EDGE_RATES_MS) return this.edgeCache.rates;
    const rates = this.prometheus ? await this.edgeRatesFromPrometheus(this.prometheus, now).catch(() => new Map<string, number>()) : this.edgeRatesFromScrapes(now);
    this.edgeCache = { at: now, rates };
    return rates;
  }

  private async edgeRatesFromPrometheus(client: PrometheusClient, now: number): Promise<Map<string, number>> {
    const window = this.options.rateWindow ?? "1m";
    const rates = new Map<string, number>();
    await Promise.all((["provides", "consumes"] as const).map(async (kind) => {
      const name = kind === "provides" ? "dubbo_provider_requests_total" : "dubbo_consumer_requests_total";
      const series = await client.queryRange(`sum by (interface, group, version, application_name) (rate(${name}[${window}]))`, now, now, 1);
      for (const s of series) {
        const value = s.values.at(-1)?.[1];
        const m = s.metric;
        if (value === undefined || !Number.isFinite(value) || !m.interface || !m.application_name) continue;
        rates.set(edgeKey(kind, serviceKey({ interface: m.interface, group: m.group ?? "", version: m.version ?? "" }), m.application_name), value);
      }
    }));
    return rates;
  }

  private edgeRatesFromScrapes(now: number): Map<string, number> {
    const rates = new Map<string, number>();
    for (const [key, w] of this.watched) {
      const entry = this.catalog.entry(key);
      if (!entry) continue;
      const selector: MetricsSelector = entry.id;
      for (const p of w.known.values()) {
        const place = this.endpointOf(p);
        if (!p.present || !place.qos) continue;
        const reads = this.scraper.scrapes(place.qos, now - 60_000).filter((r) => r.samples);
        if (reads.length < 2) continue;
        const points = pointsOf(reads.slice(-2).map((r) => ({ t: r.t, reading: readingOf(r.samples!, selector) })));
        const rate = points.at(-1)?.callsPerSecond;
        if (rate === null || rate === undefined) continue;
        const k = edgeKey("provides", key, p.application);
        rates.set(k, (rates.get(k) ?? 0) + rate);
      }
    }
    return rates;
  }

  private watch(key: string, entry: ServiceEntry | undefined): Watched {
    let w = this.watched.get(key);
    if (!w) {
      w = { known: new Map(), marks: [], askedAt: 0 };
      this.watched.set(key, w);
      this.remember(w, entry, false);
    }
    w.askedAt = this.clock();
    return w;
  }

  /** Notes the providers `entry` lists now; with `mark`, a registration / de-registration mark for each change. */
  private remember(w: Watched, entry: ServiceEntry | undefined, mark: boolean): void {
    const now = this.clock();
    const present = new Map<string, ProviderRecord[]>();
    for (const p of entry?.providers ?? []) present.set(p.address, [...(present.get(p.address) ?? []), p]);
    for (const [address, records] of present) {
      const held = w.known.get(address);
      if (mark && !held?.present) w.marks.push({ t: now, kind: "registered", summary: `${address} registered (${records[0]!.application})`, auditId: null });
      w.known.set(address, { address, application: records[0]!.application, urls: records.map((r) => r.url), lastSeen: now, present: true });
    }
    for (const held of w.known.values()) {
      if (present.has(held.address) || !held.present) continue;
      if (mark) w.marks.push({ t: now, kind: "unregistered", summary: `${held.address} unregistered (${held.application})`, auditId: null });
      held.present = false;
      held.lastSeen = now;
    }
    while (w.marks.length > MAX_MARKS || (w.marks.length > 0 && now - w.marks[0]!.t > REMEMBER_MS)) w.marks.shift();
  }

  private providersChanged(key: string): void {
    const w = this.watched.get(key);
    if (!w) return;
    if (this.clock() - w.askedAt > REMEMBER_MS) {
      this.watched.delete(key);
      return;
    }
    this.remember(w, this.catalog.entry(key), true);
  }

  private marksOf(key: string, w: Watched, providers: readonly Known[], from: number, to: number): MetricsMark[] {
    const applications = new Set(providers.map((p) => p.application));
    const rules: MetricsMark[] = this.audit
      .entries()
      .filter((e) => e.at >= from && e.at <= to && !e.kind.startsWith("invoke") && (e.service === key || applications.has(e.service)))
      .map((e) => ({ t: e.at, kind: "rule", summary: `${e.summary} (${e.actor.name})`, auditId: e.id }));
    return [...rules, ...w.marks.filter((m) => m.t >= from && m.t <= to)].sort((a, b) => a.t - b.t);
  }

  private endpointOf(p: Known) {
    return qosPlaceOf(hostOf(p.address), p.urls, this.options.qosPort ?? DEFAULT_QOS_PORT, `provider ${p.address}`);
  }

  private async fromScrapes(selector: MetricsSelector, providers: readonly Known[], registered: ReadonlySet<string>, from: number) {
    const series: MetricsSeries[] = [];
    const unavailable: MetricsResponse["unavailable"] = [];
    await Promise.all(providers.map((p) => {
      const place = this.endpointOf(p);
      return place.qos ? this.scraper.watch(place.qos, selector.interface) : undefined;
    }));
    for (const p of providers) {
      const place = this.endpointOf(p);
      if (!place.qos) {
        unavailable.push({ provider: p.address, reason: place.off! });
        continue;
      }
      const scrapes = this.scraper.scrapes(place.qos, from);
      const last = scrapes.at(-1);
      if (last?.error) unavailable.push({ provider: p.address, reason: `QoS metrics at ${place.qos.host}:${place.qos.port}: ${last.error}` });
      const readings = scrapes.map((s) => ({ t: s.t, reading: s.samples ? readingOf(s.samples, selector) : null }));
      if (readings.length > 0 && readings.every((r) => r.reading?.methods === 0)) {
        unavailable.push({ provider: p.address, reason: `its metrics (QoS ${place.qos.host}:${place.qos.port}) hold nothing of this service: a Dubbo 3 provider counts calls with dubbo.metrics.enable-rpc=true` });
        continue;
      }
      series.push({ provider: p.address, application: p.application, registered: registered.has(p.address), points: pointsOf(readings) });
    }
    return { series, unavailable };
  }

  /**
   * The series Prometheus has of `selector` by scrape target, each drawn as the provider whose
   * host and QoS port it names. A target matching no known provider is drawn under its own
   * name only when it shares a host with one (a relabelled or moved port), and never when one
   * provider was asked for (`onlyKnown`).
   */
  private async fromPrometheus(client: PrometheusClient, selector: MetricsSelector, providers: readonly Known[], registered: ReadonlySet<string>, start: number, end: number, step: number, onlyKnown: boolean) {
    const queries = metricsQueries(selector, this.options.rateWindow ?? "1m");
    const fields = Object.keys(queries) as (keyof typeof queries)[];
    const answers = await Promise.all(fields.map((f) => client.queryRange(queries[f], start, end, step)));
    const byInstance = new Map<string, Map<number, Partial<Record<(typeof fields)[number], number>>>>();
    fields.forEach((field, i) => {
      for (const s of answers[i]!) {
        const instance = s.metric.instance ?? "";
        const rows = byInstance.get(instance) ?? new Map();
        byInstance.set(instance, rows);
        for (const [sec, value] of s.values) {
          const row = rows.get(sec) ?? {};
          if (Number.isFinite(value)) row[field] = value;
          rows.set(sec, row);
        }
      }
    });
    const providerOf = new Map<string, Known>();
    for (const p of providers) {
      const place = this.endpointOf(p);
      if (place.qos) providerOf.set(`${place.qos.host}:${place.qos.port}`, p);
    }
    const series: MetricsSeries[] = [];
    const unavailable: MetricsResponse["unavailable"] = [];
    const drawn = new Set<string>();
    for (const [instance, rows] of byInstance) {
      const p = providerOf.get(instance);
      if (!p && (onlyKnown || !providers.some((x) => hostOf(x.address) === hostOf(instance)))) continue;
      const points: MetricsPoint[] = [];
      for (let sec = Math.ceil(start / 1000); sec * 1000 <= end; sec += step) {
        const row = rows.get(sec) ?? {};
        const failures = row.failedPerSecond === undefined && row.businessFailedPerSecond === undefined ? null : (row.failedPerSecond ?? 0) + (row.businessFailedPerSecond ?? 0);
        points.push({ t: sec * 1000, callsPerSecond: row.callsPerSecond ?? null, failuresPerSecond: failures, p50Ms: row.p50Ms ?? null, p99Ms: row.p99Ms ?? null });
      }
      const address = p?.address ?? instance;
      drawn.add(address);
      series.push({ provider: address, application: p?.application ?? null, registered: registered.has(address), points });
    }
    for (const p of providers) if (!drawn.has(p.address)) unavailable.push({ provider: p.address, reason: `Prometheus has no dubbo_provider_requests_total of this service for it (is ${this.endpointOf(p).qos ? `${hostOf(p.address)}:${this.endpointOf(p).port}/metrics` : "its QoS"} a scrape target?)` });
    series.sort((a, b) => a.provider.localeCompare(b.provider));
    return { series, unavailable };
  }
}

export { PrometheusError };
