/**
 * How fast the console mirrors a large registry, against Dubbo's own ZooKeeper client.
 *
 * A real ZooKeeper server is filled with N services (2 providers and 1 consumer each, plus
 * empty routers/configurators). Then, in the same run:
 * - console: a fresh Engine's full read of the tree (session established → view synced),
 *   with a watch on every path and every URL parsed;
 * - java: test/peers TreeReader, the same reads and watches with the ZooKeeper Java client
 *   Dubbo 3.3 ships, URL-decoding every node;
 * - catalog: building and filtering the service list the Services page asks for.
 */
import { execFileSync } from "node:child_process";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { classpath, JVM_FLAGS } from "../test/support/java-build";
import { startZooKeeper } from "../test/support/zookeeper";
import { populateRegistry } from "./populate";

const CONCURRENCY = 64;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** A fresh engine's full read; resolves with the time and the (still open) engine. */
async function consoleSync(registry: string): Promise<{ ms: number; engine: Engine }> {
  const engine = new Engine(parseConfig({ DUBBO_REGISTRY: registry }), silentLogger);
  const r = engine.registries[0]!;
  let started = 0;
  const done = new Promise<number>((resolve) => {
    r.session.onSession(() => (started = performance.now()));
    r.view.onChange((c) => c.type === "resynced" && resolve(performance.now() - started));
  });
  engine.start();
  return { ms: await done, engine };
}

function catalogQueries(engine: Engine, rounds: number): { buildMs: number; filterMs: number } {
  const builds: number[] = [];
  const filters: number[] = [];
  for (let i = 0; i < rounds; i++) {
    engine.catalog.invalidate(); // as after a registry change
    let t = performance.now();
    engine.catalog.finishBuild(); // the whole build's cost, in one go (it runs in slices otherwise)
    engine.catalog.list({ limit: 1_000 });
    builds.push(performance.now() - t);
    t = performance.now();
    engine.catalog.list({ q: `service${i}`, limit: 1_000 });
    filters.push(performance.now() - t);
  }
  return { buildMs: median(builds), filterMs: median(filters) };
}

function javaSync(connectString: string, rounds: number): number[] {
  const out = execFileSync(
    "java",
    [...JVM_FLAGS, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", classpath("dubbo-3.3"), "io.dubboconsole.demo.bench.TreeReader", connectString, "/dubbo", String(CONCURRENCY), String(rounds)],
    { encoding: "utf8" },
  );
  return [...out.matchAll(/READ services=\d+ urls=\d+ micros=(\d+)/g)].map((m) => Number(m[1]) / 1000);
}

export async function benchRegistrySync(services: number, rounds: number): Promise<string[]> {
  const zk = await startZooKeeper();
  try {
    const urls = await populateRegistry(zk.connectString, { services, providersPerService: 2, consumersPerService: 1 });
    const ours: number[] = [];
    let catalog = { buildMs: 0, filterMs: 0 };
    for (let i = 0; i < rounds; i++) {
      const { ms, engine } = await consoleSync(zk.dubboAddress);
      ours.push(ms);
      engine.catalog.finishBuild();
      const seen = engine.catalog.list({ limit: 100_000 }).total;
      if (seen !== services) throw new Error(`console listed ${seen} services, expected ${services}`);
      if (i === rounds - 1) catalog = catalogQueries(engine, rounds);
      engine.close();
    }
    // JIT warm-up round first, as the console's engine gets one per process too.
    const java = javaSync(zk.connectString, rounds + 1).slice(1);
    const tsMs = median(ours);
    const javaMs = median(java);
    return [
      `registry-sync: ${services} services, ${urls} URLs, ${services * 5 + 1} watched paths, ${rounds} rounds, medians`,
      `  console full read + watches + parse : ${tsMs.toFixed(1)} ms`,
      `  java ZooKeeper client, same reads   : ${javaMs.toFixed(1)} ms`,
      `  ratio console / java                : ${(tsMs / javaMs).toFixed(2)}`,
      `  catalog rebuild (all services)      : ${catalog.buildMs.toFixed(2)} ms`,
      `  catalog filter (q=service<i>)       : ${catalog.filterMs.toFixed(3)} ms`,
    ];
  } finally {
    await zk.stop();
  }
}
