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
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { READ_CONCURRENCY } from "@/server/registry/registry-view";
import { startZooKeeper } from "../test/support/zookeeper";
import { finish, median, startJava, startNodeScript, tagged, ZOOKEEPER_BENCH_FLAGS } from "./bench-process";
import { type ChurnResult, measureChurn } from "./churn";
import { populateRegistry, type RegistryShape } from "./populate";

const CHURN_RATE = 200;

interface Figures {
  raw: number[];
  rawCpu: number[];
  view: number[];
  all: number[];
  allCpu: number[];
  java: number[];
  rss: { syncMs: number; rssSynced: number; rssSettled: number; maxRss: number; heapUsed: number }[];
  churn: ChurnResult | null;
}

async function syncRound(zk: { connectString: string; dubboAddress: string }, figures: Figures, urls: number): Promise<void> {
  const raw = tagged<{ ms: number; cpuMs: number; urls: number }>(await finish(startNodeScript("raw-read.ts", [zk.connectString, "/dubbo", "1"])), "RAW");
  if (raw[0]?.urls !== urls) throw new Error(`the raw read found ${raw[0]?.urls} URLs, expected ${urls}`);
  figures.raw.push(...raw.map((r) => r.ms));
  figures.rawCpu.push(...raw.map((r) => r.cpuMs));
  const ours = tagged<{ viewMs: number; allMs: number; cpuMs: number }>(await finish(startNodeScript("console-child.ts", ["sync", zk.dubboAddress, "1"])), "SYNC");
  figures.view.push(...ours.map((r) => r.viewMs));
  figures.all.push(...ours.map((r) => r.allMs));
  figures.allCpu.push(...ours.map((r) => r.cpuMs));
  const java = (await finish(startJava("io.dubboconsole.demo.bench.TreeReader", [zk.connectString, "/dubbo", String(READ_CONCURRENCY), "2"])))
    .flatMap((l) => {
      const m = /^READ services=\d+ urls=(\d+) micros=(\d+)$/.exec(l);
      return m ? [{ urls: Number(m[1]), ms: Number(m[2]) / 1000 }] : [];
    })
    .slice(1);
  if (java[0]?.urls !== urls) throw new Error(`the Java client found ${java[0]?.urls} URLs, expected ${urls}`);
  figures.java.push(...java.map((r) => r.ms));
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
    const figures: Figures = { raw: [], rawCpu: [], view: [], all: [], allCpu: [], java: [], rss: [], churn: null };
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
  const raw = median(f.raw);
  const java = median(f.java);
  const ms = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} ms  [${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}]`;
  const vs = (xs: number[]) => `${(median(xs) / raw).toFixed(2)}x raw, ${(median(xs) / java).toFixed(2)}x java`;
  const mb = (pick: (r: Figures["rss"][number]) => number) => `${(median(f.rss.map(pick)) / 2 ** 20).toFixed(0)} MB`;
  const lines = [
    `registry: ${shape.services} services, ${urls} URLs (${shape.providersPerService} providers + ${shape.consumersPerService} consumers each), ${shape.services * 5 + 1} watched paths, ${READ_CONCURRENCY} reads in flight`,
    `  load average (1 5 15 min) at start / end   : ${loadAtStart} / ${loadAtEnd}`,
    `  populate (pipelined multi ops)             : ${(populateMs / 1000).toFixed(1)} s`,
    `  full sync, median of ${rounds} rounds [min-max], each in its own process after a warm-up round:`,
    `    raw node-zookeeper-client read + watches : ${ms(f.raw)}`,
    `    java ZooKeeper client (TreeReader)       : ${ms(f.java)}  ${(java / raw).toFixed(2)}x raw`,
    `    console: view synced                     : ${ms(f.view)}  ${vs(f.view)}`,
    `    console: view + app-level discovery      : ${ms(f.all)}  ${vs(f.all)}`,
    `  CPU time of the process meanwhile, median (less sensitive to the machine's load than wall time):`,
    `    raw read                                 : ${median(f.rawCpu).toFixed(0).padStart(6)} ms`,
    `    console: view + app-level discovery      : ${median(f.allCpu).toFixed(0).padStart(6)} ms  ${(median(f.allCpu) / median(f.rawCpu)).toFixed(2)}x raw`,
    `  console process after one sync, as it starts (median of ${f.rss.length}; disk cache on):`,
    `    first sync, cold JIT                     : ${median(f.rss.map((r) => r.syncMs)).toFixed(0)} ms`,
    `    RSS when synced / settled / peak         : ${mb((r) => r.rssSynced)} / ${mb((r) => r.rssSettled)} / ${mb((r) => r.maxRss)} (JS heap used ${mb((r) => r.heapUsed)})`,
  ];
  const c = f.churn;
  if (c) {
    lines.push(
      `  churn: ${c.rate} provider changes/s asked (${c.achievedRate.toFixed(0)}/s acknowledged), ${c.probes} probes; write -> view change event:`,
      `    p50 / p95 / max                          : ${c.p50Ms.toFixed(0)} / ${c.p95Ms.toFixed(0)} / ${c.maxMs.toFixed(0)} ms${c.missed ? ` (${c.missed} not seen within 5 s)` : ""}`,
      `    console CPU meanwhile                    : ${c.cpuCores.toFixed(2)} cores`,
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
