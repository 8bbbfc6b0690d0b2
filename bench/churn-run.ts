/**
 * A churn run, for registry-bench.ts: while provider changes arrive at a steady rate
 * (churn-load.ts), how long until one more change is visible in the console, and what the
 * console's CPU is meanwhile. What "visible" means, at one stage or several, is the
 * {@link ChurnObserver}'s: the in-process engine's view and event bus (churn.ts), or an SSE
 * client of `next start`'s GET /api/v1/events (churn-sse.ts).
 *
 * After {@link WARMUP_MS} of load, for {@link WINDOW_MS}, every {@link PROBE_EVERY_MS} a
 * new provider node carrying `probe=<n>` is created in one of the probe services (taken in
 * turn, so each sees a probe only every few seconds, and never the load), timed from just
 * before the create is sent, by a second client. A probe is removed again once every
 * stage has shown it. The console's CPU is read from /proc over the window. At the end the
 * registry is put back as it was filled, for the measurements that follow on it.
 */
import { parseDubboUrl } from "@/lib/dubbo/url";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { quantile } from "./bench-process";
import { probeServices, startLoad } from "./churn-load";
import { connectClient } from "./populate";
import { providerUrl, urlPath } from "./registry-urls";

const WARMUP_MS = 5_000;
const WINDOW_MS = 20_000;
const PROBE_EVERY_MS = 250;
/** How long a probe may take before it counts as missed; the last probes get this long after the window. */
const PROBE_LIMIT_MS = 5_000;
/** How often the observer is asked to catch up, and shown probes are removed. */
const POLL_MS = 20;

/** One probe: a provider node written into a probe service. */
export interface Probe {
  readonly n: number;
  /** Its ZooKeeper path. */
  readonly path: string;
  /** The key of its service (`group/interface:version`), as the console names it. */
  readonly key: string;
  /** When its create was sent (Date.now()). */
  readonly sentAt: number;
  /** When (Date.now() clock) each stage first showed it; filled in by the observer. */
  readonly seenAt: Map<string, number>;
}

/** What a churn run asks of the console side. */
export interface ChurnObserver<S extends string> {
  /** The stages a probe passes, in order; each gets its latencies. */
  readonly stages: readonly S[];
  /** Told of each probe just before its create is sent. */
  sent(probe: Probe): void;
  /** Called every {@link POLL_MS}: record in `seenAt` the stages that have shown probes since. */
  poll(): void;
  /** The console's CPU time so far (all its processes), in ms. */
  cpuMs(): number;
}

/** Latencies of the probes from their write to one stage, in ms. */
export interface ProbeLatencies {
  /** Not seen within {@link PROBE_LIMIT_MS}. */
  missed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface ChurnResult<S extends string> {
  /** Provider changes per second asked for. */
  rate: number;
  /** Acknowledged by ZooKeeper, per second, over warm-up and window. */
  achievedRate: number;
  probes: number;
  /** How many services the probes went into (the load's are all the others). */
  probeServices: number;
  latencies: Record<S, ProbeLatencies>;
  /** The console's CPU time per wall second over the window. */
  cpuCores: number;
}

function latencies(probes: readonly Probe[], stage: string): ProbeLatencies {
  const ms = probes.map((p) => {
    const t = p.seenAt.get(stage);
    return t === undefined ? Number.POSITIVE_INFINITY : t - p.sentAt;
  });
  return {
    missed: ms.filter((l) => l > PROBE_LIMIT_MS).length,
    p50Ms: quantile(ms, 0.5),
    p95Ms: quantile(ms, 0.95),
    maxMs: Math.max(...ms),
  };
}

/** Runs the load and the probes against the registry at `connectString`, the console already synced on it. */
export async function runChurn<S extends string>(
  connectString: string,
  shape: { services: number; providersPerService: number },
  rate: number,
  observer: ChurnObserver<S>,
): Promise<ChurnResult<S>> {
  const targets = probeServices(shape.services);
  const load = await connectClient(connectString);
  const prober = await connectClient(connectString);
  const churn = startLoad(load, shape, rate, new Set(targets));
  const probes: Probe[] = [];
  const removed = new Map<Probe, Promise<void>>();
  const remove = (p: Probe) => removed.set(p, new Promise((done) => prober.remove(p.path, -1, () => done())));
  const poll = setInterval(() => {
    observer.poll();
    for (const p of probes) if (!removed.has(p) && p.seenAt.size === observer.stages.length) remove(p);
  }, POLL_MS);
  try {
    await sleep(WARMUP_MS);
    const windowStart = Date.now();
    const cpuAtStart = observer.cpuMs();
    for (let n = 0; Date.now() - windowStart < WINDOW_MS; n++) {
      const s = targets[n % targets.length]!;
      const url = providerUrl(s, 900 + n).replace("&side=", `&probe=${n}&side=`);
      const probe: Probe = { n, path: urlPath(s, "providers", url), key: serviceKey(serviceIdOf(parseDubboUrl(url))), sentAt: Date.now(), seenAt: new Map() };
      probes.push(probe);
      observer.sent(probe);
      prober.create(probe.path, () => undefined);
      await sleep(PROBE_EVERY_MS);
    }
    const windowEnd = Date.now();
    const cpuCores = (observer.cpuMs() - cpuAtStart) / (windowEnd - windowStart);
    const acked = churn.stop();
    await sleep(PROBE_LIMIT_MS);
    observer.poll();
    return {
      rate,
      achievedRate: acked / ((windowEnd - windowStart + WARMUP_MS) / 1000),
      probes: probes.length,
      probeServices: targets.length,
      latencies: Object.fromEntries(observer.stages.map((stage) => [stage, latencies(probes, stage)])) as Record<S, ProbeLatencies>,
      cpuCores,
    };
  } finally {
    clearInterval(poll);
    churn.stop();
    await churn.restore();
    for (const p of probes) if (!removed.has(p)) remove(p);
    await Promise.all(removed.values());
    load.close();
    prober.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
