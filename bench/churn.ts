/**
 * Churn, for registry-bench.ts: while providers change at a steady rate, how long until one
 * more change is visible in the console, and what the console's CPU is meanwhile.
 *
 * The console runs in a child process (console-child.ts `churn`). This process writes
 * with two ZooKeeper clients of its own:
 * - the load: `rate` provider changes per second, each the removal or the re-registration
 *   (with a new timestamp, so a new node name) of a random provider of a random service;
 * - the probes: every {@link PROBE_EVERY_MS}, a new provider node carrying `probe=<n>` in a
 *   random service, timed from just before the create is sent to the moment the console's
 *   view publishes a providers list holding it (the view's change event), and to the moment
 *   the engine's event bus sends an event for its service: what GET /api/v1/events
 *   streams, after the catalog and the bus's coalescing window, before the HTTP hop (not
 *   measured). Timestamped in the child with the same wall clock. The probe is removed
 *   again once seen.
 */
import type zookeeper from "node-zookeeper-client";
import type { Peer } from "../test/support/child-process";
import { quantile, startNodeScript } from "./bench-process";
import { connectClient } from "./populate";
import { BASE_TIMESTAMP, providerUrl, urlPath } from "./registry-urls";

const WARMUP_MS = 5_000;
const WINDOW_MS = 20_000;
const PROBE_EVERY_MS = 250;
/** How long a probe may take before it counts as missed. */
const PROBE_LIMIT_MS = 5_000;

/** Latencies of the probes from their write, in ms. */
export interface ProbeLatencies {
  /** Not seen within {@link PROBE_LIMIT_MS}. */
  missed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface ChurnResult {
  rate: number;
  achievedRate: number;
  probes: number;
  /** To the view's change event. */
  view: ProbeLatencies;
  /** To the event bus's event (GET /api/v1/events). */
  events: ProbeLatencies;
  cpuCores: number;
}

/** A deterministic random source (mulberry32), so every run churns the same providers. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function op(client: zookeeper.Client, write: "create" | "remove", path: string, done: (ok: boolean) => void): void {
  if (write === "create") client.create(path, (e) => done(!e));
  else client.remove(path, -1, (e) => done(!e));
}

/** Writes `rate` provider changes per second until stopped; returns how many were acknowledged. */
function startLoad(client: zookeeper.Client, services: number, providers: number, rate: number): () => number {
  const next = random(6);
  const registered = new Map<string, string | null>();
  let sent = 0;
  let acked = 0;
  let timestamp = BASE_TIMESTAMP + 1_000_000;
  const started = Date.now();
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const s = Math.floor(next() * services);
      const p = Math.floor(next() * providers);
      const slot = `${s}/${p}`;
      const current = registered.has(slot) ? registered.get(slot)! : urlPath(s, "providers", providerUrl(s, p));
      if (current === null) {
        const path = urlPath(s, "providers", providerUrl(s, p, timestamp++));
        registered.set(slot, path);
        op(client, "create", path, (ok) => ok && acked++);
      } else {
        registered.set(slot, null);
        op(client, "remove", current, (ok) => ok && acked++);
      }
    }
  }, 5);
  return () => {
    clearInterval(timer);
    return acked;
  };
}

interface Probe {
  path: string;
  sentAt: number;
  seenAt?: number;
  eventAt?: number;
}

function latencies(probes: readonly Probe[], at: (p: Probe) => number | undefined): ProbeLatencies {
  const ms = probes.map((p) => {
    const t = at(p);
    return t === undefined ? Number.POSITIVE_INFINITY : t - p.sentAt;
  });
  return {
    missed: ms.filter((l) => l > PROBE_LIMIT_MS).length,
    p50Ms: quantile(ms, 0.5),
    p95Ms: quantile(ms, 0.95),
    maxMs: Math.max(...ms),
  };
}

export async function measureChurn(zk: { connectString: string; dubboAddress: string }, shape: { services: number; providersPerService: number }, cacheDir: string, rate: number): Promise<ChurnResult> {
  const child = startNodeScript("console-child.ts", ["churn", zk.dubboAddress, cacheDir]);
  let poll: NodeJS.Timeout | undefined;
  try {
    await child.waitForLine(/^SYNCED$/, 300_000);
    const load = await connectClient(zk.connectString);
    const prober = await connectClient(zk.connectString);
    const stopLoad = startLoad(load, shape.services, shape.providersPerService, rate);
    await sleep(WARMUP_MS);
    const probes = new Map<string, Probe>();
    let read = child.lines.length;
    poll = setInterval(() => {
      for (; read < child.lines.length; read++) {
        const m = /^(SEEN|EVENT) (\d+) (\d+)$/.exec(child.lines[read]!);
        const probe = m && probes.get(m[2]!);
        if (!probe) continue;
        if (m[1] === "EVENT") {
          probe.eventAt = Number(m[3]);
          continue;
        }
        probe.seenAt = Number(m[3]);
        prober.remove(probe.path, -1, () => undefined);
      }
    }, 20);
    const pick = random(7);
    const windowStart = Date.now();
    for (let n = 0; Date.now() - windowStart < WINDOW_MS; n++) {
      const s = Math.floor(pick() * shape.services);
      const path = urlPath(s, "providers", providerUrl(s, 900 + n).replace("&side=", `&probe=${n}&side=`));
      probes.set(String(n), { path, sentAt: Date.now() });
      prober.create(path, () => undefined);
      await sleep(PROBE_EVERY_MS);
    }
    const windowEnd = Date.now();
    const acked = stopLoad();
    await sleep(PROBE_LIMIT_MS);
    load.close();
    prober.close();
    const all = [...probes.values()];
    return {
      rate,
      achievedRate: acked / ((windowEnd - windowStart + WARMUP_MS) / 1000),
      probes: all.length,
      view: latencies(all, (p) => p.seenAt),
      events: latencies(all, (p) => p.eventAt),
      cpuCores: cpuBetween(child, windowStart, windowEnd),
    };
  } finally {
    clearInterval(poll);
    await child.stop();
  }
}

/** The child's CPU (user + system) per wall second between two moments, from its `CPU` lines. */
function cpuBetween(peer: Peer, from: number, to: number): number {
  const samples = peer.lines.flatMap((l) => {
    const m = /^CPU (\d+) (\d+)$/.exec(l);
    return m ? [{ at: Number(m[1]), micros: Number(m[2]) }] : [];
  });
  const first = samples.find((s) => s.at >= from);
  const last = samples.findLast((s) => s.at <= to);
  if (!first || !last || last.at <= first.at) return Number.NaN;
  return (last.micros - first.micros) / 1000 / (last.at - first.at);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
