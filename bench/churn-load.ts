/**
 * The load of a churn run (churn-run.ts): a steady stream of provider changes written into
 * the registry by a ZooKeeper client of its own, and the few services kept out of it for
 * the probes, so that an event naming a probe's service can only be the probe's.
 */
import type zookeeper from "node-zookeeper-client";
import { BASE_TIMESTAMP, providerUrl, urlPath } from "./registry-urls";

/** How many services the probes use (fewer in a small registry), each left alone by the load. */
const PROBE_SERVICES = 20;

/** A deterministic random source (mulberry32), so every run churns the same providers. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The services that the probes go into, spread over the registry: {@link PROBE_SERVICES}, or a tenth of a small one. */
export function probeServices(services: number): number[] {
  const count = Math.max(1, Math.min(PROBE_SERVICES, Math.floor(services / 10)));
  return Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * services) / count));
}

function op(client: zookeeper.Client, write: "create" | "remove", path: string, done: (ok: boolean) => void): void {
  if (write === "create") client.create(path, (e) => done(!e));
  else client.remove(path, -1, (e) => done(!e));
}

/** A running load. */
export interface Load {
  /** Stops writing; how many writes ZooKeeper has acknowledged so far. */
  stop(): number;
  /**
   * Once stopped: puts every provider the load changed back as it was populated (same node
   * names), so the next measurement on this registry finds it as filled.
   */
  restore(): Promise<void>;
}

/**
 * Writes `rate` provider changes per second until stopped, each the removal or the
 * re-registration (with a new timestamp, so a new node name) of a random provider of a
 * random service outside `spared`, until stopped.
 */
export function startLoad(client: zookeeper.Client, shape: { services: number; providersPerService: number }, rate: number, spared: ReadonlySet<number>): Load {
  if (spared.size >= shape.services) throw new Error(`no service left to churn: ${shape.services} services, ${spared.size} spared`);
  const next = random(6);
  const registered = new Map<string, string | null>();
  let sent = 0;
  let acked = 0;
  let timestamp = BASE_TIMESTAMP + 1_000_000;
  const started = Date.now();
  const pickService = () => {
    for (;;) {
      const s = Math.floor(next() * shape.services);
      if (!spared.has(s)) return s;
    }
  };
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; sent < due; sent++) {
      const s = pickService();
      const p = Math.floor(next() * shape.providersPerService);
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
  return {
    stop: () => {
      clearInterval(timer);
      return acked;
    },
    restore: () =>
      Promise.all(
        [...registered].flatMap(([slot, current]) => {
          const [s, p] = slot.split("/").map(Number) as [number, number];
          const original = urlPath(s, "providers", providerUrl(s, p));
          if (current === original) return [];
          // One client's requests are applied in order: these come after the load's own.
          // Errors are ignored: the node is already gone, or already back.
          const writes = [new Promise<void>((done) => op(client, "create", original, () => done()))];
          if (current !== null) writes.unshift(new Promise<void>((done) => op(client, "remove", current, () => done())));
          return writes;
        }),
      ).then(() => undefined),
  };
}
