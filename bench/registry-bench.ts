/**
 * Issue 6's registry measurements (`npm run bench -- registry`): how fast the console
 * mirrors a large registry, against the floor and against Dubbo's own client, in one run.
 *
 * A ZooKeeper server (full JIT, 2 GB heap) is filled with N services of 20 providers and
 * 5 consumers each (registry-urls.ts; 2,000 services = 50,000 URLs; BENCH_LARGE=1 adds
 * 10,000 services = 250,000 URLs). Then, each in processes of its own, interleaved over
 * `rounds` rounds so that the machine's other load falls on all alike:
 * - raw: node-zookeeper-client alone, the same getChildren-with-watch reads at the same
 *   concurrency, nothing else (raw-read.ts);
 * - console: a fresh Engine from session established to view synced, and to view plus
 *   application-level discovery synced (console-child.ts `sync`);
 * - java: test/peers TreeReader, the same reads and watches with the ZooKeeper Java client
 *   Dubbo 3.3 ships, URL-decoding every child.
 * Each process runs one round to warm its JIT first, not reported. Then: the console's
 * memory after a sync in a fresh process, as it starts (`rss`), and churn (churn.ts).
 * Figures are medians; the load average is printed, for the machine is shared.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { READ_CONCURRENCY } from "@/server/registry/registry-view";
import { startZooKeeper, type ZooKeeperHandle } from "../test/support/zookeeper";
import { finish, median, startJava, startNodeScript, tagged, ZOOKEEPER_BENCH_FLAGS } from "./bench-process";
import { type ChurnResult, measureChurn, type ProbeLatencies } from "./churn";
import { populateRegistry, type RegistryShape } from "./populate";

const CHURN_RATE = 200;

/** One peer's full reads: wall time, its own CPU time, and the ZooKeeper server's CPU time per read. */
interface Reads {
  wall: number[];
  cpu: number[];
  server: number[];
}

interface Figures {
  raw: Reads;
  view: number[];
  catalog: number[];
  console: Reads;
  java: Reads;
  rss: { syncMs: number; rssSynced: number; rssSettled: number; maxRss: number; heapUsed: number }[];
  churn: ChurnResult | null;
}

const reads = (): Reads => ({ wall: [], cpu: [], server: [] });

/** A process's CPU time so far (user + system), in ms, from /proc; NaN where there is none. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), counted from the state field (3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ, which /proc reports CPU times in. */
const CLOCK_TICKS_PER_SECOND = 100;

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

/** Measures one registry size; returns the printed lines. */
async function benchSize(shape: RegistryShape, rounds: number, churn: boolean): Promise<string[]> {
  const load = () => `${loadavg().map((l) => l.toFixed(1)).join(" ")} / ${availableParallelism()} cores`;
  const loadAtStart = load();
  const zk = await startZooKeeper(ZOOKEEPER_BENCH_FLAGS);
  const cacheDir = mkdtempSync(join(tmpdir(), "bench-registry-"));
  try {
    const started = performance.now();
    const urls = await populateRegistry(zk.connectString, shape);
    const populateMs = performance.now() - started;
    const figures: Figures = { raw: reads(), view: [], catalog: [], console: reads(), java: reads(), rss: [], churn: null };
    // The server's JIT warms up on a few full reads, not charged to whichever peer comes first.
    await finish(startNodeScript("raw-read.ts", [zk.connectString, "/dubbo", "2"]));
    for (let i = 0; i < rounds; i++) await syncRound(zk, figures, urls);
    for (let i = 0; i < Math.min(rounds, 3); i++) {
      rmSync(join(cacheDir, "rss"), { recursive: true, force: true });
      figures.rss.push(...tagged<Figures["rss"][number]>(await finish(startNodeScript("console-child.ts", ["rss", zk.dubboAddress, join(cacheDir, "rss")])), "RSS"));
    }
    if (churn) figures.churn = await measureChurn(zk, shape, join(cacheDir, "churn"), CHURN_RATE);
    return report(shape, urls, rounds, populateMs, figures, loadAtStart, load());
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
    await zk.stop();
  }
}

function report(shape: RegistryShape, urls: number, rounds: number, populateMs: number, f: Figures, loadAtStart: string, loadAtEnd: string): string[] {
  const raw = median(f.raw.wall);
  const java = median(f.java.wall);
  const ms = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} ms [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]`.padEnd(22);
  const vs = (xs: number[]) => `${(median(xs) / raw).toFixed(2)}x raw, ${(median(xs) / java).toFixed(2)}x java`;
  const cpu = (r: Reads) => `${median(r.cpu).toFixed(0).padStart(5)} ms, server ${median(r.server).toFixed(0).padStart(5)} ms`;
  const mb = (pick: (r: Figures["rss"][number]) => number) => `${(median(f.rss.map(pick)) / 2 ** 20).toFixed(0)} MB`;
  const lines = [
    `registry: ${shape.services} services, ${urls} URLs (${shape.providersPerService} providers + ${shape.consumersPerService} consumers each), ${shape.services * 5 + 1} watched paths, ${READ_CONCURRENCY} reads in flight`,
    `  load average (1 5 15 min) at start / end   : ${loadAtStart} / ${loadAtEnd}`,
    `  populate (pipelined multi ops)             : ${(populateMs / 1000).toFixed(1)} s`,
    `  full sync, median of ${rounds} rounds [min-max], each in its own process after a warm-up round;`,
    `  wall time | CPU time of the reading process (Java: all its threads) and of the ZooKeeper server, medians:`,
    `    raw node-zookeeper-client read + watches : ${ms(f.raw.wall)}               | ${cpu(f.raw)}`,
    `    java ZooKeeper client (TreeReader)       : ${ms(f.java.wall)} ${(java / raw).toFixed(2)}x raw      | ${cpu(f.java)}`,
    `    console: view synced                     : ${ms(f.view)} ${vs(f.view)}`,
    `    console: view + app-level discovery      : ${ms(f.console.wall)} ${vs(f.console.wall)} | ${cpu(f.console)}`,
    `    then the catalog built (first list)      : ${median(f.catalog).toFixed(0).padStart(6)} ms more`,
    `  console process after one sync, as it starts (median of ${f.rss.length}; disk cache on):`,
    `    first sync, cold JIT                     : ${median(f.rss.map((r) => r.syncMs)).toFixed(0)} ms`,
    `    RSS when synced / settled / peak         : ${mb((r) => r.rssSynced)} / ${mb((r) => r.rssSettled)} / ${mb((r) => r.maxRss)} (JS heap used ${mb((r) => r.heapUsed)})`,
  ];
  const c = f.churn;
  if (c) {
    const probe = (l: ProbeLatencies) => `${l.p50Ms.toFixed(0)} / ${l.p95Ms.toFixed(0)} / ${l.maxMs.toFixed(0)} ms${l.missed ? ` (${l.missed} not seen within 5 s)` : ""}`;
    lines.push(
      `  churn: ${c.rate} provider changes/s asked (${c.achievedRate.toFixed(0)}/s acknowledged), ${c.probes} probes, p50 / p95 / max from the write:`,
      `    to the view's change event               : ${probe(c.view)}`,
      `    to the event for /api/v1/events (bus)    : ${probe(c.events)}`,
      `    console CPU meanwhile (disk cache on)    : ${c.cpuCores.toFixed(2)} cores`,
    );
  }
  return lines;
}

/** The issue's registry measurements: 50,000 URLs, and 250,000 when `large`. */
export async function benchRegistry(rounds: number, large: boolean): Promise<string[]> {
  const lines = await benchSize({ services: 2_000, providersPerService: 20, consumersPerService: 5 }, rounds, true);
  if (large) lines.push(...(await benchSize({ services: 10_000, providersPerService: 20, consumersPerService: 5 }, Math.min(rounds, 3), true)));
  return lines;
}
