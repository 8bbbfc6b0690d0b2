import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as metricsRoute from "@/app/api/v1/metrics/route";
import * as topologyRoute from "@/app/api/v1/topology/route";
import { topologyResponseSchema } from "@/lib/api/topology";
import * as routeById from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import * as snapshots from "@/app/api/v1/router-snapshots/route";
import { type MetricsResponse, metricsQuerySchema, metricsResponseSchema } from "@/lib/api/metrics";
import { routerSnapshotsResponseSchema } from "@/lib/api/router-snapshots";
import { routeSchema } from "@/lib/api/routing/routes";
import { edgeKey, MetricsService } from "@/server/observability/metrics/metrics-service";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { type PrometheusHandle, startPrometheus } from "../support/prometheus";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18, Done when: "the console shows the request rate of a real 3.3.6 provider under the
 * demo consumer's load, read both from a real Prometheus and by scraping directly; after a
 * condition route that excludes one provider is saved, that provider's rate falls to zero
 * within 30 s on the chart, the change is marked on it, and the consumers' router snapshots
 * agree with the preview."
 * Two real 3.3.6 providers export Dubbo's metrics (dubbo-metrics-prometheus, read at QoS
 * /metrics); a real 3.3.6 demo consumer calls them ten times a second; a real Prometheus
 * (Debian's) scrapes both every second. The engine's own MetricsService scrapes them itself
 * (no PROMETHEUS_URL); a second one reads the Prometheus.
 */

const rig = inject("rig");
const VERSION = "18.5.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const HOSTS = ["127.0.0.141", "127.0.0.142"];
/** A third provider, a 2.7.23 one with QoS on: that release has no metrics. */
const QUIET_HOST = "127.0.0.143";
const CONSUMER_HOST = "127.0.0.147";
const QUERY = `service=${DEMO.greeting.interface}&version=${VERSION}&range=5m`;

let engine: Engine;
let fromPrometheus: MetricsService;
let prometheus: PrometheusHandle;
let providers: ProviderHandle[] = [];
let quiet: ProviderHandle;
let consumer: ConsumerHandle;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** The scrape source's answer, through the route. */
async function scraped(): Promise<MetricsResponse> {
  const res = await call(metricsRoute.GET, "GET", `/api/v1/metrics?${QUERY}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return metricsResponseSchema.parse(res.json);
}
const prometheusAnswer = async () => metricsResponseSchema.parse(await fromPrometheus.query(metricsQuerySchema.parse(Object.fromEntries(new URLSearchParams(QUERY)))));

/** The latest known calls/s of `provider` in `answer` (null: none yet). */
const latest = (answer: MetricsResponse, provider: string) => answer.series.find((s) => s.provider === provider)?.points.findLast((p) => p.callsPerSecond !== null)?.callsPerSecond ?? null;

/** The consumer's own calls per second (its CALL lines) over the next `ms`, to compare with. */
async function consumerRate(ms: number): Promise<number> {
  const [n0, t0] = [consumer.calls().length, Date.now()];
  await new Promise((r) => setTimeout(r, ms));
  return ((consumer.calls().length - n0) * 1000) / (Date.now() - t0);
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_METRICS_SCRAPE_MS: "1000" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  [providers, quiet, consumer] = await Promise.all([
    Promise.all(HOSTS.map((host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: "metrics-provider", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222, metrics: true }))),
    startProvider({ line: "2.7", registry: rig.zkAddress, host: QUIET_HOST, app: "metrics-quiet", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222 }),
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "metrics-consumer", version: VERSION, intervalMs: 100, qosPort: 22222, host: CONSUMER_HOST }),
  ]);
  prometheus = await startPrometheus(HOSTS.map((h) => `${h}:22222`));
  fromPrometheus = new MetricsService(engine.catalog, engine.audit, { prometheusUrl: prometheus.url, rateWindow: "5s" });
  await waitFor("three providers and the consumer in the catalog", () => engine.catalog.entry(KEY)?.providers.length === 3 && engine.catalog.entry(KEY)?.consumers.length === 1, 30_000);
  await prometheus.untilScraped();
}, 180_000);

afterAll(async () => {
  fromPrometheus?.close();
  findEngine()?.close();
  await Promise.all([...providers.map((p) => p.stop()), quiet?.stop(), consumer?.stop(), prometheus?.stop()]);
});

describe("live metrics of real 3.3.6 providers, from a real Prometheus and by scraping", () => {
  it("shows both providers' request rate under the consumer's load, in both sources", async () => {
    const [a, b] = providers.map((p) => p.address);
    const rate = await consumerRate(5_000);
    expect(rate).toBeGreaterThan(3);
    for (const [name, ask] of [["scrape", scraped], ["prometheus", prometheusAnswer]] as const) {
      const answer = await waitFor(`${name}: both providers' rate above 1 call/s`, async () => {
        const got = await ask();
        return (latest(got, a!) ?? 0) > 1 && (latest(got, b!) ?? 0) > 1 ? got : undefined;
      }, 30_000);
      expect(answer.source).toBe(name);
      // The consumer's calls go to three providers at random; the two that count them carry about two thirds.
      const sum = latest(answer, a!)! + latest(answer, b!)!;
      expect(sum, `${name}: ${sum} calls/s against the consumer's ${rate}`).toBeGreaterThan(rate * 0.3);
      expect(sum, `${name}: ${sum} calls/s against the consumer's ${rate}`).toBeLessThan(rate * 1.1);
      // The third provider has QoS but no metrics reporter: said, not drawn.
      if (name === "scrape") expect(answer.unavailable.find((u) => u.provider === quiet.address)?.reason, JSON.stringify(answer.unavailable)).toMatch(/metrics/);
      expect(answer.series.find((s) => s.provider === a)).toMatchObject({ application: "metrics-provider", registered: true });
      // Response times from the histogram's buckets: whoAmI answers within a few ms, so p50 ≤ p99 ≤ 1 s, and no failures.
      const last = answer.series.find((s) => s.provider === a)!.points.findLast((p) => p.p99Ms !== null);
      expect(last, `${name}: a p99`).toBeDefined();
      expect(last!.p50Ms).not.toBeNull();
      expect(last!.p50Ms!).toBeLessThanOrEqual(last!.p99Ms!);
      expect(last!.p99Ms!).toBeGreaterThan(0);
      expect(last!.p99Ms!).toBeLessThan(1000);
      expect(last!.failuresPerSecond).toBe(0);
    }
  });

  it("puts the call rate on the graph's edge from the service to the provider application, from both sources", async () => {
    const graph = await waitFor("a rate on the provides edge", async () => {
      const res = await call(topologyRoute.GET, "GET", `/api/v1/topology?focus=${encodeURIComponent(`service:${KEY}`)}&depth=1`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const g = topologyResponseSchema.parse(res.json);
      return (g.edges.find((e) => e.kind === "provides" && e.to === "app:metrics-provider")?.rate ?? 0) > 1 ? g : undefined;
    }, 20_000);
    // The 2.7.23 provider's application has no metrics: its edge has no rate, not a zero.
    expect(graph.edges.find((e) => e.kind === "provides" && e.to === "app:metrics-quiet")).toMatchObject({ count: 1 });
    expect(graph.edges.find((e) => e.kind === "provides" && e.to === "app:metrics-quiet")!.rate).toBeUndefined();
    expect(graph.nodes.find((n) => n.id === "app:metrics-provider")?.unreachable).toBe(0);
    const fromProm = await waitFor("Prometheus's rate of the provider application", async () => {
      const rate = (await fromPrometheus.edgeRates()).get(edgeKey("provides", KEY, "metrics-provider"));
      return rate !== undefined && rate > 1 ? rate : undefined;
    }, 20_000);
    expect(fromProm).toBeLessThan(12);
  });

  it("draws an excluded provider's rate falling to zero within 30 s, with the route marked, and the router snapshot agrees", async () => {
    const [excluded, kept] = providers;
    const saved = await call(routes.POST, "POST", "/api/v1/routes", { service: DEMO.greeting.interface, version: VERSION, name: "not-141", rule: `=> host != ${HOSTS[0]}`, targets: ["registry", "config-center"] });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    const savedAt = Date.now();
    const route = routeSchema.parse(saved.json);
    try {
      for (const [name, ask] of [["scrape", scraped], ["prometheus", prometheusAnswer]] as const) {
        const answer = await waitFor(`${name}: ${excluded!.address} at 0 calls/s`, async () => {
          const got = await ask();
          return latest(got, excluded!.address) === 0 ? got : undefined;
        }, Math.max(1_000, savedAt + 30_000 - Date.now()));
        const tookMs = Date.now() - savedAt;
        console.info(`${name}: ${excluded!.address} read 0 calls/s ${tookMs} ms after the route was saved`);
        expect(tookMs, `${name}: fell to zero within 30 s of the save`).toBeLessThanOrEqual(30_000);
        expect(latest(answer, kept!.address)).toBeGreaterThan(1);
        const mark = answer.marks.find((m) => m.kind === "rule" && m.t >= savedAt - 5_000);
        expect(mark, JSON.stringify(answer.marks)).toBeDefined();
        expect(mark!.auditId).not.toBeNull();
        expect(engine.audit.entry(mark!.auditId!)?.kind).toBe("route.create");
        // The mark is on the chart's axis, and before the point where the rate reads zero.
        const zeroAt = answer.series.find((s) => s.provider === excluded!.address)!.points.findLast((p) => p.callsPerSecond !== null)!.t;
        expect(mark!.t).toBeGreaterThanOrEqual(answer.from);
        expect(mark!.t).toBeLessThan(zeroAt);
      }
      const agreed = await waitFor("the consumer's router snapshot agrees at 2 providers", async () => {
        const res = await call(snapshots.GET, "GET", `/api/v1/router-snapshots?service=${DEMO.greeting.interface}&version=${VERSION}`);
        const row = res.status === 200 ? routerSnapshotsResponseSchema.parse(res.json).consumers.find((c) => c.address === CONSUMER_HOST) : undefined;
        return row?.state === "agrees" && row.snapshot?.providers.total === 2 ? row : undefined;
      }, 20_000);
      expect([...agreed.snapshot!.providers.addresses].sort()).toEqual([kept!.address, quiet.address].sort());
    } finally {
      const gone = await call(routeById.DELETE, "DELETE", `/api/v1/routes/${encodeURIComponent(route.id)}?revision=${encodeURIComponent(route.revision)}`);
      expect(gone.status, JSON.stringify(gone.json)).toBe(200);
    }
  });

  it("answers 400 for a bad query, 404 for a service not registered, and 502 when Prometheus is gone", async () => {
    expect((await call(metricsRoute.GET, "GET", `/api/v1/metrics?${QUERY}&range=2d`)).status).toBe(400);
    expect((await call(metricsRoute.GET, "GET", `/api/v1/metrics?${QUERY}&address=nohost`)).status).toBe(400);
    expect((await call(metricsRoute.GET, "GET", `/api/v1/metrics?version=1`)).status).toBe(400);
    const missing = await call(metricsRoute.GET, "GET", `/api/v1/metrics?service=no.such.Service`);
    expect(missing.status).toBe(404);
    const one = await scraped();
    expect(one.series.every((s) => s.points.every((p) => p.t >= one.from && p.t <= one.to))).toBe(true);
    const dead = new MetricsService(engine.catalog, engine.audit, { prometheusUrl: "http://127.0.0.1:9", rateWindow: "5s" });
    try {
      await expect(dead.query(metricsQuerySchema.parse({ service: DEMO.greeting.interface, version: VERSION }))).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("cannot reach http://127.0.0.1:9") });
    } finally {
      dead.close();
    }
  });
});
