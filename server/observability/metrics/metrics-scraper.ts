import { isReadMetric } from "@/lib/metrics/dubbo-provider-reading";
import { type PromSample, PromTextError, parsePromText } from "@/lib/metrics/prometheus-text";
import { QosError, type QosEndpoint, qosCommand } from "../qos/qos-client";

/** One read of a process: when, and its samples of the watched services, or why it could not be read. */
export interface Scrape {
  readonly t: number;
  readonly samples: readonly PromSample[] | null;
  readonly error: string | null;
}

export interface MetricsScraperOptions {
  /** Between two reads of a process (default 5 s). */
  readonly intervalMs?: number;
  /** How far back reads are kept (default one hour). */
  readonly windowMs?: number;
  /** A process is read while asked about within this (default 10 minutes). */
  readonly watchMs?: number;
  /** At most this many processes are read; the least lately asked are dropped first (default 50). */
  readonly maxTargets?: number;
  /** At most this many kept samples per read (default 2,000). */
  readonly maxSamples?: number;
  readonly timeoutMs?: number;
  /** The largest Prometheus text read (default 4 MiB). */
  readonly maxBytes?: number;
  readonly clock?: () => number;
}

interface Target {
  readonly endpoint: QosEndpoint;
  /** The interfaces whose samples are kept. */
  readonly interfaces: Set<string>;
  askedAt: number;
  readonly scrapes: Scrape[];
  running: boolean;
}

const DEFAULTS = { intervalMs: 5_000, windowMs: 3_600_000, watchMs: 600_000, maxTargets: 50, maxSamples: 2_000, timeoutMs: 3_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Reads Dubbo 3 processes' own Prometheus text (QoS command `metrics`, dubbo-metrics-prometheus)
 * every few seconds while someone asks about them, and keeps an hour of reads in memory: the
 * `scrape` source of GET /api/v1/metrics when no Prometheus is configured. Bounded: only
 * processes asked about in the last ten minutes are read, at most `maxTargets` of them, and
 * only samples of the interfaces asked about are kept. No time-series database: a window.
 */
export class MetricsScraper {
  private readonly targets = new Map<string, Target>();
  private readonly o: typeof DEFAULTS;
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(options: MetricsScraperOptions = {}) {
    this.o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([k, v]) => k !== "clock" && v !== undefined)) };
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Marks the process at `endpoint` as asked about for `iface`, and reads it now when it has no
   * read yet (resolved once that first read is in, so a first answer has a point).
   */
  async watch(endpoint: QosEndpoint, iface: string): Promise<void> {
    if (this.closed) return;
    const id = `${endpoint.host}:${endpoint.port}`;
    let target = this.targets.get(id);
    if (!target) {
      target = { endpoint, interfaces: new Set(), askedAt: 0, scrapes: [], running: false };
      this.targets.set(id, target);
      this.dropLeastAsked();
    }
    target.askedAt = this.clock();
    const fresh = !target.interfaces.has(iface);
    target.interfaces.add(iface);
    this.start();
    if (fresh || target.scrapes.length === 0) await this.read(target);
  }

  /** The reads of the process at `endpoint` since `from`, oldest first. */
  scrapes(endpoint: QosEndpoint, from: number): readonly Scrape[] {
    const target = this.targets.get(`${endpoint.host}:${endpoint.port}`);
    return target ? target.scrapes.filter((s) => s.t >= from) : [];
  }

  /** How many processes are being read (for tests and the health page). */
  get watched(): number {
    return this.targets.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.targets.clear();
  }

  private start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    const now = this.clock();
    for (const [id, target] of this.targets) {
      if (now - target.askedAt > this.o.watchMs) this.targets.delete(id);
      // One instant for the whole tick: the processes' points line up on the chart's time axis.
      else void this.read(target, now);
    }
    if (this.targets.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private dropLeastAsked(): void {
    while (this.targets.size > this.o.maxTargets) {
      let oldest: [string, Target] | undefined;
      for (const entry of this.targets) if (!oldest || entry[1].askedAt < oldest[1].askedAt) oldest = entry;
      this.targets.delete(oldest![0]);
    }
  }

  private async read(target: Target, t = this.clock()): Promise<void> {
    if (target.running) return;
    target.running = true;
    let scrape: Scrape;
    try {
      const text = await qosCommand(target.endpoint, "metrics", [], { timeoutMs: this.o.timeoutMs, maxBytes: this.o.maxBytes });
      const samples = parsePromText(text, { keep: isReadMetric, maxSamples: Number.MAX_SAFE_INTEGER }).filter((s) => target.interfaces.has(s.labels.interface ?? ""));
      if (samples.length > this.o.maxSamples) scrape = { t, samples: null, error: `it reports ${samples.length} samples of the services asked about, more than the ${this.o.maxSamples} the console keeps per read` };
      else if (samples.length === 0 && !/dubbo_/.test(text)) scrape = { t, samples: null, error: noMetrics(text) };
      else scrape = { t, samples, error: null };
    } catch (e) {
      if (e instanceof QosError) scrape = { t, samples: null, error: e.message };
      else if (e instanceof PromTextError) scrape = { t, samples: null, error: `its metrics are not Prometheus text (${e.message})` };
      else throw e;
    } finally {
      target.running = false;
    }
    target.scrapes.push(scrape);
    const from = this.clock() - this.o.windowMs;
    while (target.scrapes.length > 0 && target.scrapes[0]!.t < from) target.scrapes.shift();
  }
}

/** Why a QoS `metrics` answer holds no Dubbo metrics, in words. */
function noMetrics(text: string): string {
  const said = text.trim().slice(0, 120);
  if (/MetricsReporter not init|Unsupported command|no application/i.test(said)) return `Dubbo's Prometheus reporter is not on in it (QoS said "${said}"): set dubbo.metrics.protocol=prometheus and dubbo.metrics.enable-rpc=true`;
  return `its QoS metrics command answered no Dubbo metrics${said ? ` ("${said}")` : ""}`;
}
