/**
 * What the disk cache costs and what it buys, at the size of a real registry.
 *
 * A real ZooKeeper server is filled with N services of 20 providers and 5 consumers each
 * (2,000 services: 50,000 URLs). A console engine reads it whole; then, in the same run:
 * - save: the file written from the live view (snapshot, encode, gzip, fsync, rename),
 *   its wall time, and the longest the event loop was blocked meanwhile; against the
 *   naive way, JSON.stringify of the whole view and a synchronous write, which blocks for
 *   all of its time;
 * - load: reading and decoding the file (every URL parsed), the longest block meanwhile;
 *   against the thing it stands in for, the full ZooKeeper read of the same view.
 * The blocks are wall time, as a waiting request feels them: on a machine busier than its
 * cores they include time the process was not scheduled, hence the load average printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { cacheFilePath, RegistryCacheFile } from "@/server/registry/cache/registry-cache";
import type { Registry } from "@/server/registry/registry";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { startZooKeeper } from "../test/support/zookeeper";
import { populateRegistry } from "./populate";

const PROVIDERS = 20;
const CONSUMERS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Runs `work`, and says how long it took and the longest the event loop was blocked meanwhile. */
async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; blockedMs: number; value: T }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  // One more turn, so a block at the very end is recorded too.
  await new Promise((r) => setImmediate(r));
  delay.disable();
  return { ms, blockedMs: delay.count > 0 ? delay.max / 1e6 : ms, value };
}

/**
 * A fresh engine's full read of the tree, in ms; resolves with the (open) engine. Its own
 * cache is off, so that no save of its own runs beside the ones measured.
 */
async function liveSync(registry: string): Promise<{ ms: number; engine: Engine }> {
  const engine = new Engine(parseConfig({ DUBBO_REGISTRY: registry, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  const r = engine.registries[0]!;
  let started = 0;
  const done = new Promise<number>((resolve) => {
    r.session.onSession(() => (started = performance.now()));
    r.view.onChange((c) => c.type === "resynced" && resolve(performance.now() - started));
  });
  engine.start();
  return { ms: await done, engine };
}

/** The naive save: the whole view as one JSON document, written synchronously. */
function naiveSave(registry: Registry, path: string): number {
  const snapshot = registry.view.snapshot();
  const doc: Record<string, Record<string, string[]>> = {};
  for (const [name, node] of snapshot.services) doc[name] = Object.fromEntries([...node].map(([c, es]) => [c, es.map((e) => e.node)]));
  const text = JSON.stringify(doc);
  writeFileSync(path, text);
  return text.length;
}

export async function benchRegistryCache(services: number, rounds: number): Promise<string[]> {
  const zk = await startZooKeeper();
  const dir = mkdtempSync(join(tmpdir(), "bench-cache-"));
  try {
    const urls = await populateRegistry(zk.connectString, { services, providersPerService: PROVIDERS, consumersPerService: CONSUMERS });
    const syncs: number[] = [];
    let engine: Engine | undefined;
    for (let i = 0; i < rounds; i++) {
      const run = await liveSync(zk.dubboAddress);
      syncs.push(run.ms);
      if (i < rounds - 1) run.engine.close();
      else engine = run.engine;
    }
    const registry = engine!.registries[0]!;
    const file = new RegistryCacheFile(cacheFilePath(join(dir, "bench"), registry.address), registry.address);
    const saves: { ms: number; blockedMs: number; bytes: number }[] = [];
    const naive: { ms: number; chars: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const save = await timed(() => file.save(registry.view.snapshot(), Date.now()));
      saves.push({ ms: save.ms, blockedMs: save.blockedMs, bytes: save.value.bytes });
      const started = performance.now();
      const chars = naiveSave(registry, join(dir, "naive.json"));
      naive.push({ ms: performance.now() - started, chars });
    }
    const snapshotMs = median(await Promise.all(Array.from({ length: rounds }, async () => (await timed(() => registry.view.snapshot())).ms)));
    engine!.close();
    const loads: { ms: number; blockedMs: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const load = await timed(() => file.load());
      if (load.value.type !== "loaded" || load.value.header.urls !== urls) throw new Error(`cache did not load whole: ${JSON.stringify(load.value.type)}`);
      loads.push({ ms: load.ms, blockedMs: load.blockedMs });
    }
    const m = (xs: number[]) => median(xs).toFixed(1);
    const syncMs = median(syncs);
    const loadMs = median(loads.map((l) => l.ms));
    const naiveMs = median(naive.map((n) => n.ms));
    const blockedMs = median(saves.map((s) => s.blockedMs));
    return [
      `registry-cache: ${services} services, ${urls} URLs (${PROVIDERS} providers + ${CONSUMERS} consumers each), ${rounds} rounds, medians`,
      `  load average (1 min) / cores             : ${loadavg()[0]!.toFixed(1)} / ${availableParallelism()}`,
      `  file size (gzip)                         : ${(median(saves.map((s) => s.bytes)) / 1024).toFixed(0)} KiB (the view as plain JSON: ${(median(naive.map((n) => n.chars)) / 1024 / 1024).toFixed(1)} MiB)`,
      `  save: wall time                          : ${m(saves.map((s) => s.ms))} ms (snapshot of the view ${snapshotMs.toFixed(1)} ms)`,
      `  save: longest event-loop block           : ${blockedMs.toFixed(1)} ms`,
      `  naive save (stringify + writeFileSync)   : ${naiveMs.toFixed(1)} ms, all of it blocking`,
      `  ratio longest block / naive              : ${(blockedMs / naiveMs).toFixed(3)}`,
      `  load: wall time (read, gunzip, parse)    : ${loadMs.toFixed(1)} ms`,
      `  load: longest event-loop block           : ${m(loads.map((l) => l.blockedMs))} ms`,
      `  full ZooKeeper read of the same view     : ${syncMs.toFixed(1)} ms`,
      `  ratio cache load / ZooKeeper read        : ${(loadMs / syncMs).toFixed(2)}`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await zk.stop();
  }
}
