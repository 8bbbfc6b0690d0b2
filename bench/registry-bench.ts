/**
 * Issue 6's registry measurements (`npm run bench -- registry`): how fast the console
 * mirrors a large registry, against the floor and against Dubbo's own client, and how it
 * serves it over HTTP, in one run, each figure beside its goal (registry-goals.ts).
 *
 * A ZooKeeper server (full JIT, 2 GB heap) is filled with N services of 20 providers and
 * 5 consumers each (registry-urls.ts; 2,000 services = 50,000 URLs, BENCH_REGISTRY_SERVICES
 * to try another N; BENCH_LARGE=1 adds 10,000 services = 250,000 URLs). Then, on that one
 * registry, one measurement at a time:
 * 1. full sync, each peer in a process of its own, interleaved over `rounds` rounds so that
 *    the machine's other load falls on all alike:
 *    - raw: node-zookeeper-client alone, the same getChildren-with-watch reads at the same
 *      concurrency, nothing else (raw-read.ts);
 *    - console: a fresh Engine from session established to view synced, and to view plus
 *      application-level discovery synced (console-child.ts `sync`);
 *    - java: test/peers TreeReader, the same reads and watches with the ZooKeeper Java
 *      client Dubbo 3.3 ships, URL-decoding every child.
 *    Each process runs one round to warm its JIT first, not reported.
 * 2. the engine alone in a fresh process: its memory after a sync (`rss`), and churn seen
 *    inside it (churn.ts);
 * 3. the built console (`next start`; built first if the build is missing or older than
 *    the sources) from outside: search over HTTP, its memory, the Services page's first
 *    render in Chromium (at 250,000 URLs, or every size with BENCH_REGISTRY_PAGE=1), and
 *    churn through GET /api/v1/events with its CPU (console-http.ts).
 * Figures are medians; the load average is printed, for the machine is shared.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { READ_CONCURRENCY } from "@/server/registry/registry-view";
import { startZooKeeper, type ZooKeeperHandle } from "../test/support/zookeeper";
import { finish, startJava, startNodeScript, tagged, ZOOKEEPER_BENCH_FLAGS } from "./bench-process";
import { measureChurn } from "./churn";
import { ensureConsoleBuilt } from "./console-build";
import { measureConsoleOverHttp } from "./console-http";
import { populateRegistry, type RegistryShape } from "./populate";
import { processCpuMs } from "./process-usage";
import { type Goals, GOALS_250K, GOALS_50K } from "./registry-goals";
import { type Figures, type Reads, report } from "./registry-report";

const CHURN_RATE = 200;
/** Requests per search over HTTP. */
const SEARCH_ROUNDS = 200;
/** Visits of the Services page in Chromium. */
const PAGE_VISITS = 5;

/** One registry size to measure. */
interface Size {
  shape: RegistryShape;
  goals: Goals;
  rounds: number;
  /** Whether the Services page is opened in Chromium. */
  page: boolean;
}

const reads = (): Reads => ({ wall: [], cpu: [], server: [] });

/** Runs a peer (a warm-up read, then one measured), and charges it half the server's CPU meanwhile. */
async function measured<T>(serverPid: number | undefined, into: Reads, run: () => Promise<T[]>, pick: (r: T) => { wall: number; cpu: number }): Promise<T[]> {
  const before = processCpuMs(serverPid);
  const results = await run();
  const server = (processCpuMs(serverPid) - before) / 2;
  for (const r of results) {
    const { wall, cpu } = pick(r);
    into.wall.push(wall);
    into.cpu.push(cpu);
    into.server.push(server);
  }
  return results;
}

async function syncRound(zk: ZooKeeperHandle, figures: Figures, urls: number): Promise<void> {
  const server = zk.nodes[0]!.peer.process.pid;
  const raw = await measured(
    server,
    figures.raw,
    async () => tagged<{ ms: number; cpuMs: number; urls: number }>(await finish(startNodeScript("raw-read.ts", [zk.connectString, "/dubbo", "1"])), "RAW"),
    (r) => ({ wall: r.ms, cpu: r.cpuMs }),
  );
  if (raw[0]?.urls !== urls) throw new Error(`the raw read found ${raw[0]?.urls} URLs, expected ${urls}`);
  const ours = await measured(
    server,
    figures.console,
    async () => tagged<{ viewMs: number; allMs: number; cpuMs: number; catalogMs: number }>(await finish(startNodeScript("console-child.ts", ["sync", zk.dubboAddress, "1"])), "SYNC"),
    (r) => ({ wall: r.allMs, cpu: r.cpuMs }),
  );
  figures.view.push(...ours.map((r) => r.viewMs));
  figures.catalog.push(...ours.map((r) => r.catalogMs));
  const java = await measured(
    server,
    figures.java,
    async () =>
      (await finish(startJava("io.dubboconsole.demo.bench.TreeReader", [zk.connectString, "/dubbo", String(READ_CONCURRENCY), "2"])))
        .flatMap((l) => {
          const m = /^READ services=\d+ urls=(\d+) micros=(\d+) cpuMicros=(-?\d+)$/.exec(l);
          return m ? [{ urls: Number(m[1]), ms: Number(m[2]) / 1000, cpuMs: Number(m[3]) / 1000 }] : [];
        })
        .slice(1),
    (r) => ({ wall: r.ms, cpu: r.cpuMs }),
  );
  if (java[0]?.urls !== urls) throw new Error(`the Java client found ${java[0]?.urls} URLs, expected ${urls}`);
}

const load = () => `${loadavg().map((l) => l.toFixed(1)).join(" ")} / ${availableParallelism()} cores`;

/** Measures one registry size; returns the printed lines. */
async function benchSize({ shape, goals, rounds, page }: Size): Promise<string[]> {
  const loadAtStart = load();
  const zk = await startZooKeeper(ZOOKEEPER_BENCH_FLAGS);
  const cacheDir = mkdtempSync(join(tmpdir(), "bench-registry-"));
  try {
    const started = performance.now();
    const urls = await populateRegistry(zk.connectString, shape);
    const populateMs = performance.now() - started;
    const figures: Figures = { raw: reads(), view: [], catalog: [], console: reads(), java: reads(), rss: [], churn: null, http: null };
    // The server's JIT warms up on a few full reads, not charged to whichever peer comes first.
    await finish(startNodeScript("raw-read.ts", [zk.connectString, "/dubbo", "2"]));
    for (let i = 0; i < rounds; i++) await syncRound(zk, figures, urls);
    for (let i = 0; i < Math.min(rounds, 3); i++) {
      rmSync(join(cacheDir, "rss"), { recursive: true, force: true });
      figures.rss.push(...tagged<Figures["rss"][number]>(await finish(startNodeScript("console-child.ts", ["rss", zk.dubboAddress, join(cacheDir, "rss")])), "RSS"));
    }
    figures.churn = await measureChurn(zk, shape, join(cacheDir, "churn"), CHURN_RATE);
    const loadAtHttp = load();
    figures.http = await measureConsoleOverHttp(zk, shape, join(cacheDir, "http"), { searchRounds: SEARCH_ROUNDS, pageVisits: page ? PAGE_VISITS : 0, churnRate: CHURN_RATE });
    return report({ shape, urls, rounds, populateMs, goals, load: { start: loadAtStart, http: loadAtHttp, end: load() } }, figures);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
    await zk.stop();
  }
}

/**
 * The registry measurements: 50,000 URLs (BENCH_REGISTRY_SERVICES services
 * instead of 2,000, for trying the bench out), and 250,000 when `large`. The console is
 * built first when it needs to be, before any measurement.
 */
export async function benchRegistry(rounds: number, large: boolean): Promise<string[]> {
  await ensureConsoleBuilt((line) => process.stdout.write(`${line}\n`));
  const services = Number(process.env.BENCH_REGISTRY_SERVICES ?? 2_000);
  if (!Number.isInteger(services) || services < 2) throw new Error(`BENCH_REGISTRY_SERVICES must be a whole number of at least 2, got "${process.env.BENCH_REGISTRY_SERVICES}"`);
  const allPages = process.env.BENCH_REGISTRY_PAGE === "1";
  const sizes: Size[] = [{ shape: { services, providersPerService: 20, consumersPerService: 5 }, goals: GOALS_50K, rounds, page: allPages }];
  if (large) sizes.push({ shape: { services: 10_000, providersPerService: 20, consumersPerService: 5 }, goals: GOALS_250K, rounds: Math.min(rounds, 3), page: true });
  const lines: string[] = [];
  for (const size of sizes) lines.push(...(await benchSize(size)));
  return lines;
}
