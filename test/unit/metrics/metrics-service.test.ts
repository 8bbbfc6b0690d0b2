import { afterEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/api/audit";
import type { ChangeEvent } from "@/lib/api/events";
import { type MetricsQuery, metricsQuerySchema, type MetricsResponse } from "@/lib/api/metrics";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { metricsQueries } from "@/lib/metrics/promql";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";
import { MetricsService } from "@/server/observability/metrics/metrics-service";
import type { PrometheusClient, PromSeries } from "@/server/observability/metrics/prometheus-client";

/**
 * The metrics service with a fake catalog, audit trail, clock and Prometheus: its marks and
 * its `prometheus` source. The `scrape` source reads real QoS and is covered by
 * test/integration/metrics.test.ts.
 */

const API = "io.x.Api";
const KEY = "io.x.Api:1.0.0";
const APP = "demo-provider";
/** Not aligned to a 5 s step, so the range start is floored. */
const NOW = 1_700_000_302_500;
const A = "10.0.0.5:20880";
const B = "10.0.0.6:20880";

function provider(address: string, extra = ""): { node: string; url: ReturnType<typeof parseDubboUrl> } {
  const text = `dubbo://${address}/${API}?application=${APP}&interface=${API}&version=1.0.0&release=3.3.1&methods=say${extra}`;
  return { node: encodeURIComponent(text), url: parseDubboUrl(text) };
}

/** The catalog's entry of io.x.Api:1.0.0 with providers at these addresses (URL parameters after `@`: "10.0.0.6:20880@&qos.port=33333"). */
function entry(...addresses: string[]): ServiceEntry {
  const providers = addresses.map((a) => {
    const [address, extra] = a.split("@");
    return provider(address!, extra ?? "");
  });
  return deriveServiceEntry({ interface: API, group: "", version: "1.0.0" }, KEY, [{ registry: "zk", providers, consumers: [], routes: [], instanceProviders: [] }])!;
}

class FakeCatalog {
  readonly entries = new Map<string, ServiceEntry>();
  readonly listeners = new Set<(event: ChangeEvent) => void>();
  entry(key: string): ServiceEntry | undefined {
    return this.entries.get(key);
  }
  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Sets (or, with none, removes) the service's providers and says so as the catalog does. */
  providers(...addresses: string[]): void {
    if (addresses.length === 0) this.entries.delete(KEY);
    else this.entries.set(KEY, entry(...addresses));
    this.emit({ type: "service", key: KEY, kind: addresses.length === 0 ? "removed" : "providers" });
  }
  emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }
}

interface RangeCall {
  readonly query: string;
  readonly start: number;
  readonly end: number;
  readonly step: number;
}

/** A Prometheus answering each query from `answers` (none: no series), recording what it was asked. */
function fakePrometheus(answers: Readonly<Record<string, readonly PromSeries[]>> = {}) {
  const calls: RangeCall[] = [];
  const client = {
    async queryRange(query: string, start: number, end: number, step: number): Promise<PromSeries[]> {
      calls.push({ query, start, end, step });
      return [...(answers[query] ?? [])];
    },
  };
  return { calls, client: client as unknown as PrometheusClient };
}

let seq = 0;
function audit(at: number, over: Partial<AuditEntry> = {}): AuditEntry {
  seq++;
  return {
    id: String(seq).padStart(10, "0"),
    at,
    actor: { name: "alice", role: "admin", via: "session", address: "127.0.0.1" },
    kind: "route.create",
    service: KEY,
    summary: `change ${seq}`,
    before: null,
    after: null,
    outcome: "ok",
    ...over,
  };
}

const query = (over: Partial<Record<keyof MetricsQuery, string>> = {}): MetricsQuery => metricsQuerySchema.parse({ service: API, version: "1.0.0", range: "5m", ...over });

const services: MetricsService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

function setup(options: { answers?: Readonly<Record<string, readonly PromSeries[]>>; audit?: AuditEntry[]; rateWindow?: string } = {}) {
  const catalog = new FakeCatalog();
  const clock = { now: NOW };
  const trail = options.audit ?? [];
  const prometheus = fakePrometheus(options.answers);
  const service = new MetricsService(catalog, { entries: () => trail }, { prometheus: prometheus.client, clock: () => clock.now, ...(options.rateWindow ? { rateWindow: options.rateWindow } : {}) });
  services.push(service);
  return { catalog, clock, trail, prometheus, service };
}

describe("MetricsService: an unknown service", () => {
  it("is a NotFoundError, with code not_found", async () => {
    const { service } = setup();
    const e = await service.query(query({ service: "io.x.Missing", version: "2.0" })).then(
      () => null,
      (err: unknown) => err as { code: string; message: string; name: string; details: unknown },
    );
    expect(e).not.toBeNull();
    expect([e!.name, e!.code, e!.message]).toEqual(["NotFoundError", "not_found", "service io.x.Missing:2.0 is not registered"]);
    expect(e!.details).toEqual({ service: "io.x.Missing:2.0" });
  });

  it("names the group in the key it did not find", async () => {
    const { catalog, service } = setup();
    catalog.entries.set(KEY, entry(A));
    await expect(service.query(query({ group: "g" }))).rejects.toMatchObject({ code: "not_found", message: "service g/io.x.Api:1.0.0 is not registered" });
  });
});

describe("MetricsService marks", () => {
  it("marks the rule changes of this service (or its providers' application) within the range, by time", async () => {
    const from = NOW - 300_000;
    const trail = [
      audit(NOW - 1_000, { summary: "route saved: => host != 10.0.0.3", actor: { name: "bob", role: "admin", via: "token", address: "10.1.1.1" } }),
      audit(from, { kind: "config.replace", service: APP, summary: "config of demo-provider" }),
      audit(NOW - 2_000, { service: "io.x.Other:1.0.0", summary: "another service" }),
      audit(NOW - 3_000, { kind: "invoke", summary: "invoked say" }),
      audit(from - 1, { summary: "before the range" }),
      audit(NOW + 1, { summary: "after now" }),
      audit(NOW, { kind: "route.delete", summary: "route deleted" }),
    ];
    const { catalog, service } = setup({ audit: trail });
    catalog.entries.set(KEY, entry(A));
    const answer = await service.query(query());
    expect(answer.marks).toEqual([
      { t: from, kind: "rule", summary: "config of demo-provider (alice)", auditId: trail[1]!.id },
      { t: NOW - 1_000, kind: "rule", summary: "route saved: => host != 10.0.0.3 (bob)", auditId: trail[0]!.id },
      { t: NOW, kind: "rule", summary: "route deleted (alice)", auditId: trail[6]!.id },
    ]);
    expect([answer.from, answer.to, answer.range, answer.service]).toEqual([from, NOW, "5m", KEY]);
  });

  it("marks a provider's registration and de-registration seen while the service is watched", async () => {
    const { catalog, clock, service } = setup();
    catalog.entries.set(KEY, entry(A));
    expect((await service.query(query())).marks).toEqual([]);
    clock.now = NOW + 10_000;
    catalog.providers(A, B);
    clock.now = NOW + 20_000;
    // events of other kinds, and of other services, mark nothing
    catalog.emit({ type: "service", key: KEY, kind: "consumers" });
    catalog.emit({ type: "service", key: "io.x.Other", kind: "providers" });
    catalog.emit({ type: "routes", service: API });
    clock.now = NOW + 30_000;
    catalog.providers(A);
    clock.now = NOW + 40_000;
    const answer = await service.query(query());
    expect(answer.marks).toEqual([
      { t: NOW + 10_000, kind: "registered", summary: `${B} registered (${APP})`, auditId: null },
      { t: NOW + 30_000, kind: "unregistered", summary: `${B} unregistered (${APP})`, auditId: null },
    ]);
  });

  it("marks nothing for changes before the service was first asked about", async () => {
    const { catalog, clock, service } = setup();
    catalog.providers(A);
    catalog.providers(A, B);
    clock.now = NOW + 5_000;
    expect((await service.query(query())).marks).toEqual([]);
  });

  it("keeps answering a service whose providers all left, with the de-registration marked", async () => {
    const { catalog, clock, service } = setup();
    catalog.entries.set(KEY, entry(A));
    await service.query(query());
    clock.now = NOW + 1_000;
    catalog.providers();
    clock.now = NOW + 2_000;
    const answer = await service.query(query());
    expect(answer.marks).toEqual([{ t: NOW + 1_000, kind: "unregistered", summary: `${A} unregistered (${APP})`, auditId: null }]);
    expect(answer.unavailable.map((u) => u.provider)).toEqual([A]);
  });

  it("drops registration marks once they leave the range", async () => {
    const { catalog, clock, service } = setup();
    catalog.entries.set(KEY, entry(A));
    await service.query(query());
    clock.now = NOW + 1_000;
    catalog.providers(A, B);
    clock.now = NOW + 1_000 + 300_001;
    expect((await service.query(query())).marks).toEqual([]);
    expect((await service.query(query({ range: "15m" }))).marks.map((m) => m.kind)).toEqual(["registered"]);
  });

  it("stops listening to the catalog when closed", () => {
    const { catalog, service } = setup();
    expect(catalog.listeners.size).toBe(1);
    service.close();
    expect(catalog.listeners.size).toBe(0);
  });
});

describe("MetricsService from Prometheus", () => {
  const SELECTOR = { interface: API, group: "", version: "1.0.0" };
  const Q = metricsQueries(SELECTOR, "1m");
  /** 1_700_000_302_500 − 300 s, floored to the 5 s step. */
  const START_S = 1_700_000_000;
  const series = (instance: string, values: [number, string][]): PromSeries => ({ metric: { instance }, values: values.map(([t, v]) => [t, Number(v)] as const) });

  const ANSWERS: Record<string, PromSeries[]> = {
    [Q.callsPerSecond]: [series("10.0.0.5:22222", [[START_S, "2.5"], [START_S + 5, "3"], [START_S + 10, "4"]]), series("10.0.0.6:33333", [[START_S + 300, "7"]]), series("10.9.9.9:22222", [[START_S, "99"]])],
    [Q.failedPerSecond]: [series("10.0.0.5:22222", [[START_S, "0.25"]])],
    [Q.businessFailedPerSecond]: [series("10.0.0.5:22222", [[START_S, "0.5"], [START_S + 10, "1"]])],
    [Q.p50Ms]: [series("10.0.0.5:22222", [[START_S, "1.5"], [START_S + 10, "NaN"]])],
    [Q.p99Ms]: [series("10.0.0.5:22222", [[START_S, "9"]])],
  };

  const empty = (sec: number) => ({ t: sec * 1000, callsPerSecond: null, failuresPerSecond: null, p50Ms: null, p99Ms: null });

  it("sends the five queries over the range floored to the step, every 5 s for 5m", async () => {
    const { catalog, service, prometheus } = setup({ answers: ANSWERS });
    catalog.entries.set(KEY, entry(A));
    expect(service.source).toBe("prometheus");
    await service.query(query());
    expect(prometheus.calls.map((c) => c.query).sort()).toEqual(Object.values(Q).sort());
    for (const c of prometheus.calls) expect([c.start, c.end, c.step]).toEqual([START_S * 1000, NOW, 5]);
  });

  it("uses the configured rate window and a method", async () => {
    const { catalog, service, prometheus } = setup({ rateWindow: "30s" });
    catalog.entries.set(KEY, entry(A));
    await service.query(query({ method: "say", range: "1h" }));
    const expected = metricsQueries({ ...SELECTOR, method: "say" }, "30s");
    expect(prometheus.calls.map((c) => c.query).sort()).toEqual(Object.values(expected).sort());
    // 1h: a 30 s step; NOW − 3600 s = 1_699_996_702.5 s floored to 30 s
    expect(prometheus.calls.map((c) => [c.start, c.step])[0]).toEqual([1_699_996_680_000, 30]);
  });

  it("maps each instance host:qos-port to its provider, adds the two kinds of failure, a point every step from the start", async () => {
    const { catalog, service } = setup({ answers: ANSWERS });
    catalog.entries.set(KEY, entry(A, `${B}@&qos.port=33333`, "10.0.0.7:20880"));
    const answer: MetricsResponse = await service.query(query());
    expect([answer.source, answer.stepSeconds]).toEqual(["prometheus", 5]);
    // the instance of a host no provider is at (10.9.9.9) is not drawn
    expect(answer.series.map((s) => [s.provider, s.application, s.registered])).toEqual([
      [A, APP, true],
      [B, APP, true],
    ]);
    const [a, b] = answer.series;
    // 300 s / 5 s + 1 points: from START_S to START_S + 300 (≤ NOW)
    expect(a!.points).toHaveLength(61);
    expect(a!.points.map((p) => p.t)).toEqual(Array.from({ length: 61 }, (_, i) => (START_S + i * 5) * 1000));
    expect(a!.points.slice(0, 4)).toEqual([
      { t: START_S * 1000, callsPerSecond: 2.5, failuresPerSecond: 0.75, p50Ms: 1.5, p99Ms: 9 },
      { t: (START_S + 5) * 1000, callsPerSecond: 3, failuresPerSecond: null, p50Ms: null, p99Ms: null },
      // only business failures known: they are the failures; a NaN quantile is none
      { t: (START_S + 10) * 1000, callsPerSecond: 4, failuresPerSecond: 1, p50Ms: null, p99Ms: null },
      empty(START_S + 15),
    ]);
    expect(b!.points.at(-1)).toEqual({ t: (START_S + 300) * 1000, callsPerSecond: 7, failuresPerSecond: null, p50Ms: null, p99Ms: null });
    expect(b!.points.slice(0, -1).every((p) => p.callsPerSecond === null)).toBe(true);
    expect(answer.unavailable).toEqual([{ provider: "10.0.0.7:20880", reason: "Prometheus has no dubbo_provider_requests_total of this service for it (is 10.0.0.7:22222/metrics a scrape target?)" }]);
  });

  it("draws a provider that left as not registered, still mapped by its host", async () => {
    const { catalog, clock, service } = setup({ answers: ANSWERS });
    catalog.entries.set(KEY, entry(A, `${B}@&qos.port=33333`));
    await service.query(query());
    catalog.providers(B + "@&qos.port=33333");
    clock.now = NOW + 1;
    const answer = await service.query(query());
    expect(answer.series.map((s) => [s.provider, s.application, s.registered])).toEqual([
      [A, APP, false],
      [B, APP, true],
    ]);
  });

  it("narrows to the provider at `address`", async () => {
    const { catalog, service } = setup({ answers: ANSWERS });
    catalog.entries.set(KEY, entry(A, `${B}@&qos.port=33333`));
    const answer = await service.query(query({ address: A }));
    expect(answer.series.map((s) => s.provider)).toEqual([A]);
    expect(answer.unavailable).toEqual([]);
  });

  it("with `address`, does not draw another process on the same host", async () => {
    const sibling = "10.0.0.5:20881";
    const answers = { ...ANSWERS, [Q.callsPerSecond]: [...ANSWERS[Q.callsPerSecond]!, series("10.0.0.5:22223", [[START_S, "5"]])] };
    const { catalog, service } = setup({ answers });
    catalog.entries.set(KEY, entry(A, `${sibling}@&qos.port=22223`));
    // without address, the two processes on 10.0.0.5 are each drawn as their provider
    expect((await service.query(query())).series.map((s) => s.provider)).toEqual([A, sibling]);
    // narrowed to A, the sibling's instance 10.0.0.5:22223 must not come back as a series of its own
    expect((await service.query(query({ address: A }))).series.map((s) => s.provider)).toEqual([A]);
  });

  it("with an `address` no provider is at, draws no series", async () => {
    const { catalog, service } = setup({ answers: ANSWERS });
    catalog.entries.set(KEY, entry(A, `${B}@&qos.port=33333`));
    const answer = await service.query(query({ address: "10.0.0.99:20880" }));
    expect(answer.series.map((s) => s.provider)).toEqual([]);
  });
});
