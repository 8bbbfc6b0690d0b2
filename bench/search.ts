/**
 * `npm run bench -- search`: issue 15 item 22, GET /api/v1/services at 2,000 services x
 * (20 providers + 5 consumers) = 50,000 URLs, over HTTP against the built console
 * (scripts/start.mjs, as `npm start`; `npm run build` first when the build is stale), goal
 * p95 under 10 ms.
 *
 * A mix of searches as the Services page asks them (names, globs, by application with
 * hundreds of hits, a sorted view, a first page), each asked one request at a time in two
 * ways, alternating request by request so both see the same machine:
 * - repeat: the same request again within one catalog revision, as several tabs or clients
 *   asking the same search do (served from the answers kept for that revision,
 *   recent-answers.ts; a change of the registry moves the revision and clears them);
 * - fresh: a distinct request each time (its `limit` moves above the hits, so the answer is
 *   the same but no kept answer fits): the baseline, the search made and joined anew, as
 *   after every change of the registry (a new revision keeps no answer).
 * Per class and way: p50/p95 of the whole request, the server's own time (the answer's
 * `Server-Timing: search;dur=`), the rest (routing, proxy, transfer) and the answer's size.
 * Between them, GET /api/health is timed the same way: the floor of any request to this
 * console on this machine (Next's routing, the proxy, a handler that searches nothing), so
 * a search's figure can be read against what no search can go below.
 * BENCH_SERVICES (default 2000), BENCH_ROUNDS (requests per class and way, default 200).
 */
import { availableParallelism, loadavg } from "node:os";
import { type ConsoleHandle, startConsole } from "../test/support/console-server";
import { startZooKeeper } from "../test/support/zookeeper";
import { quantile } from "./bench-process";
import { waitForCatalog } from "./catalog-search";
import { ensureConsoleBuilt } from "./console-build";
import { populateRegistry } from "./populate";

interface SearchClass {
  readonly name: string;
  /** The query without `limit`. */
  readonly query: string;
  /** The page size asked; fresh requests ask this plus up to 399, which must not change the answer. */
  readonly limit: number;
  /** Whether a larger limit would answer more (a first page): then there is no fresh way. */
  readonly paged?: boolean;
}

/** registry-urls.ts's names: order-service-{s % 300} provides, web-gateway-{(s + c) % 60} consume. */
const CLASSES: readonly SearchClass[] = [
  { name: "name substring", query: "q=OrderService1234&by=service", limit: 1000 },
  { name: "name, any mode", query: "q=orderservice77", limit: 1000 },
  { name: "glob, 308 hits", query: "q=com.example.domain1*.service.OrderService1*&by=service", limit: 1000 },
  { name: "app, 166 hits", query: "q=web-gateway-7&by=application", limit: 1000 },
  { name: "app glob, hundreds", query: "q=order-service-1*&by=application", limit: 1000 },
  { name: "app, by providers", query: "q=web-gateway-7&by=application&sort=providers", limit: 1000 },
  { name: "first 100, no q", query: "", limit: 100, paged: true },
];

interface Sample {
  totalMs: number;
  serverMs: number;
  bytes: number;
  found: number;
  cached: boolean;
}

async function timeGet(url: string): Promise<Sample> {
  const t = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = await res.text();
  const totalMs = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  const timing = /search;dur=([\d.]+)(?:;desc="(\w+)")?/.exec(res.headers.get("server-timing") ?? "");
  if (!timing) throw new Error(`${url} answered no Server-Timing search metric`);
  return { totalMs, serverMs: Number(timing[1]), bytes: Buffer.byteLength(body), found: (JSON.parse(body) as { total: number }).total, cached: timing[2] === "cached" };
}

interface Figures {
  p50: number;
  p95: number;
  serverP50: number;
  serverP95: number;
  restP95: number;
  bytes: number;
  cachedShare: number;
}

function figures(samples: readonly Sample[]): Figures {
  const of = (pick: (s: Sample) => number, q: number) => quantile(samples.map(pick), q);
  return {
    p50: of((s) => s.totalMs, 0.5),
    p95: of((s) => s.totalMs, 0.95),
    serverP50: of((s) => s.serverMs, 0.5),
    serverP95: of((s) => s.serverMs, 0.95),
    restP95: of((s) => s.totalMs - s.serverMs, 0.95),
    bytes: of((s) => s.bytes, 0.5),
    cachedShare: samples.filter((s) => s.cached).length / samples.length,
  };
}

function line(label: string, f: Figures): string {
  return (
    `  ${label.padEnd(28)}: p50 ${f.p50.toFixed(2)} ms, p95 ${f.p95.toFixed(2)} ms | server p50 ${f.serverP50.toFixed(2)}, p95 ${f.serverP95.toFixed(2)} ms | rest p95 ${f.restP95.toFixed(2)} ms` +
    ` | ${(f.bytes / 1024).toFixed(1)} KB, ${(f.cachedShare * 100).toFixed(0)}% kept`
  );
}

/** One GET /api/health, whole request timed as {@link timeGet} does; it must answer 200 (the registry is synced). */
async function timeHealth(base: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}/api/health`, { headers: { "accept-encoding": "identity" } });
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}: ${body.slice(0, 200)}`);
  return ms;
}

/** Asks every class `rounds` times each way, interleaved with the health probe; the samples per class and way, and the probe's times. */
async function measure(base: string, rounds: number): Promise<{ repeat: Sample[][]; fresh: Sample[][]; health: number[] }> {
  const url = (c: SearchClass, limit: number) => `${base}/api/v1/services?${c.query}${c.query ? "&" : ""}limit=${limit}`;
  const repeat = CLASSES.map(() => [] as Sample[]);
  const fresh = CLASSES.map(() => [] as Sample[]);
  for (const c of CLASSES) {
    const found = await timeGet(url(c, c.limit));
    if (found.found === 0) throw new Error(`search "${c.name}" (${c.query}) found nothing`);
    for (let i = 0; i < 10; i++) await timeGet(url(c, c.limit + 1 + i)); // warm-up: JIT, the route's first compile
  }
  for (let i = 0; i < 10; i++) await timeHealth(base);
  const health: number[] = [];
  // Class by class (more than 8 distinct requests between two repeats would push a kept answer out), the two ways alternating.
  for (const [k, c] of CLASSES.entries()) {
    for (let i = 0; i < rounds; i++) {
      repeat[k]!.push(await timeGet(url(c, c.limit)));
      if (!c.paged) fresh[k]!.push(await timeGet(url(c, c.limit + 11 + (i % 389))));
      health.push(await timeHealth(base));
    }
  }
  return { repeat, fresh, health };
}

export async function benchSearch(services: number, rounds: number): Promise<string[]> {
  await ensureConsoleBuilt();
  const zk = await startZooKeeper();
  let server: ConsoleHandle | undefined;
  try {
    const urls = await populateRegistry(zk.connectString, { services, providersPerService: 20, consumersPerService: 5 });
    server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress, LOG_LEVEL: "warn" });
    await waitForCatalog(server.url, services);
    const loadBefore = loadavg()[0]!;
    const { repeat, fresh, health } = await measure(server.url, rounds);
    const loadAfter = loadavg()[0]!;
    const found = await Promise.all(CLASSES.map(async (c) => (await timeGet(`${server!.url}/api/v1/services?${c.query}${c.query ? "&" : ""}limit=${c.limit}`)).found));
    const lines = [
      `search: ${services} services, ${urls} URLs, ${rounds} requests per class and way over HTTP (the built console through scripts/start.mjs, uncompressed), one at a time; load average ${loadBefore.toFixed(2)} at start, ${loadAfter.toFixed(2)} at end (${availableParallelism()} cores). Goal: p95 under 10 ms.`,
      `  repeat = the same request again (answers kept per catalog revision); fresh = a distinct request each time (the search made anew: the baseline); rest = total - server (routing, proxy, transfer)`,
    ];
    for (const [k, c] of CLASSES.entries()) {
      lines.push(`  ${c.name} (${found[k]} found)`);
      lines.push(line("    repeat", figures(repeat[k]!)));
      if (fresh[k]!.length > 0) lines.push(line("    fresh (baseline)", figures(fresh[k]!)));
    }
    const allRepeat = figures(repeat.flat());
    const allFresh = figures(fresh.flat());
    const repeatOfFresh = figures(repeat.filter((_, k) => !CLASSES[k]!.paged).flat());
    lines.push(`  ${"GET /api/health (the floor)".padEnd(28)}: p50 ${quantile(health, 0.5).toFixed(2)} ms, p95 ${quantile(health, 0.95).toFixed(2)} ms (${health.length} requests, one after each search pair)`);
    lines.push(line("all, repeat", allRepeat));
    lines.push(line("all, fresh (baseline)", allFresh));
    lines.push(
      `  p95 repeat/fresh over the same classes: ${(repeatOfFresh.p95 / allFresh.p95).toFixed(2)}x; server p95 ${(repeatOfFresh.serverP95 / allFresh.serverP95).toFixed(2)}x; goal ${allRepeat.p95 < 10 && allFresh.p95 < 10 ? "met" : "not met"} (repeat p95 ${allRepeat.p95.toFixed(2)} ms, fresh p95 ${allFresh.p95.toFixed(2)} ms; above the health floor's p95: repeat +${(allRepeat.p95 - quantile(health, 0.95)).toFixed(2)} ms, fresh +${(allFresh.p95 - quantile(health, 0.95)).toFixed(2)} ms)`,
    );
    return lines;
  } finally {
    await server?.stop();
    await zk.stop();
  }
}
