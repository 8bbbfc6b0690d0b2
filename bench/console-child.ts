/**
 * The console side of registry-bench.ts, run as a child process so that what it reports
 * (time, memory, CPU) is the console's alone. Each mode starts a fresh Engine on the
 * registry given, exactly as the server does, and times from the session being
 * established (the first `connected` state) to the sync, as the raw read times from its
 * client's connect.
 *
 * - `sync <registry> <rounds>`: rounds+1 engines one after another, cache off; the first
 *   warms the JIT and is not reported. Per round prints
 *   `SYNC {"viewMs":…,"allMs":…,"cpuMs":…,"catalogMs":…}`: the interface-level view synced,
 *   that plus application-level discovery (whose reads find nothing much on this tree),
 *   the process's CPU time until the latter, and then how long the catalog took to be
 *   ready to answer (its first list, which builds it if it has not yet).
 * - `rss <registry> <cacheDir>`: one engine in a fresh process, as the console starts,
 *   with its disk cache on in `cacheDir` (the default deployment). Prints
 *   `RSS {"syncMs":…,"rssSynced":…,"rssSettled":…,"maxRss":…,"heapUsed":…}` in bytes:
 *   the RSS when the view is synced, and 3 s later once the catalog has been built (a
 *   first list, as a page asks), the cache written and a GC run.
 * - `churn <registry> <cacheDir>`: one engine as above; after the sync prints `SYNCED`,
 *   then `SEEN <probe> <epoch ms>` the first time the view publishes a providers list
 *   holding a node of probe <probe> (a `probe=<n>` parameter), `EVENT <probe> <epoch ms>`
 *   when the event bus (what GET /api/v1/events streams) then sends an event for the
 *   probe's service (or a reset). Its CPU is read from outside (/proc).
 */
import { parseEncodedDubboUrl } from "@/lib/dubbo/url";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Starts a fresh engine; resolves with it once its view (and discovery) have synced, with the times. */
function startEngine(registry: string, cacheDir: string): Promise<{ engine: Engine; viewMs: number; allMs: number; cpuMs: number }> {
  const engine = new Engine(parseConfig({ DUBBO_REGISTRY: registry, DUBBO_CONSOLE_CACHE_DIR: cacheDir }), silentLogger);
  const r = engine.registries[0]!;
  let started = 0;
  let cpu = process.cpuUsage();
  let viewMs = 0;
  let allMs = 0;
  return new Promise((resolve) => {
    const check = () => {
      if (viewMs > 0 && allMs === 0 && r.discovery.syncedAt !== null) {
        allMs = performance.now() - started;
        const { user, system } = process.cpuUsage(cpu);
        resolve({ engine, viewMs, allMs, cpuMs: (user + system) / 1000 });
      }
    };
    r.session.onState((s) => {
      if (s.type === "connected" && started === 0) {
        started = performance.now();
        cpu = process.cpuUsage();
      }
    });
    r.view.onChange((c) => {
      if (c.type === "resynced" && viewMs === 0) viewMs = performance.now() - started;
      check();
    });
    r.discovery.onChange(() => check());
    engine.start();
  });
}

/** Lets a closed client's socket close (its watchers hold the old view) and collects it, so the next round starts clean. */
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  globalThis.gc?.();
}

async function syncRounds(registry: string, rounds: number): Promise<void> {
  for (let i = 0; i <= rounds; i++) {
    const { engine, viewMs, allMs, cpuMs } = await startEngine(registry, "off");
    const started = performance.now();
    engine.catalog.finishBuild(); // the first build's whole cost in one go (it runs in slices otherwise)
    engine.catalog.list({ limit: 100 });
    const catalogMs = performance.now() - started;
    engine.close();
    await settle();
    if (i > 0) say(`SYNC ${JSON.stringify({ viewMs, allMs, cpuMs, catalogMs })}`);
  }
}

async function rss(registry: string, cacheDir: string): Promise<void> {
  const { engine, allMs } = await startEngine(registry, cacheDir);
  const rssSynced = process.memoryUsage.rss();
  engine.catalog.finishBuild();
  engine.catalog.list({ limit: 100 });
  await new Promise((r) => setTimeout(r, 3_000));
  globalThis.gc?.();
  const memory = process.memoryUsage();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  say(`RSS ${JSON.stringify({ syncMs: allMs, rssSynced, rssSettled: memory.rss, maxRss, heapUsed: memory.heapUsed, services: engine.registries[0]!.view.serviceCount })}`);
  engine.close();
}

async function churn(registry: string, cacheDir: string): Promise<void> {
  const { engine } = await startEngine(registry, cacheDir);
  const view = engine.registries[0]!.view;
  const seen = new Set<string>();
  /** Probes the view has shown, by the key of their service, waiting for the bus to send that key. */
  const awaited = new Map<string, string[]>();
  view.onChange((c) => {
    if (c.type !== "category" || c.category !== "providers") return;
    for (const { node } of view.service(c.service)?.get("providers") ?? []) {
      const at = node.indexOf("probe%3D");
      if (at < 0) continue;
      const probe = node.slice(at + 8, node.indexOf("%26", at));
      if (!seen.has(probe)) {
        seen.add(probe);
        say(`SEEN ${probe} ${Date.now()}`);
        const key = serviceKey(serviceIdOf(parseEncodedDubboUrl(node)));
        awaited.set(key, [...(awaited.get(key) ?? []), probe]);
      }
    }
  });
  engine.events.subscribe(({ data }) => {
    const keys = data.type === "reset" ? [...awaited.keys()] : data.type === "service" ? [data.key] : [];
    for (const key of keys) {
      for (const probe of awaited.get(key) ?? []) say(`EVENT ${probe} ${Date.now()}`);
      awaited.delete(key);
    }
  });
  // Stopped by the harness: exit properly (a --cpu-prof profile is written on exit).
  process.once("SIGTERM", () => {
    engine.close();
    process.exit(0);
  });
  say("SYNCED");
}

const [mode, registry, arg] = process.argv.slice(2);
if (mode === "sync") void syncRounds(registry!, Number(arg)).then(() => process.exit(0));
else if (mode === "rss") void rss(registry!, arg!).then(() => process.exit(0));
else if (mode === "churn") void churn(registry!, arg!);
else throw new Error(`unknown mode ${mode}`);
