/**
 * Churn seen inside the console, for registry-bench.ts: the engine runs in a child process
 * of its own (console-child.ts `churn`, disk cache on) that prints when each probe of a
 * churn run (churn-run.ts) reached two stages, timestamped in the child with the same wall
 * clock:
 * - `view`: the view published a providers list holding the probe (its change event);
 * - `events`: then the engine's event bus sent an event for the probe's service, what
 *   GET /api/v1/events streams, after the catalog and the bus's coalescing window, before
 *   the HTTP hop (churn-sse.ts measures through that).
 */
import { startNodeScript } from "./bench-process";
import { type ChurnResult, type Probe, runChurn } from "./churn-run";
import { treeCpuMs } from "./process-usage";

export type InProcessStage = "view" | "events";

export async function measureChurn(
  zk: { connectString: string; dubboAddress: string },
  shape: { services: number; providersPerService: number },
  cacheDir: string,
  rate: number,
): Promise<ChurnResult<InProcessStage>> {
  const child = startNodeScript("console-child.ts", ["churn", zk.dubboAddress, cacheDir]);
  try {
    await child.waitForLine(/^SYNCED$/, 300_000);
    const probes = new Map<string, Probe>();
    let read = child.lines.length;
    return await runChurn<InProcessStage>(zk.connectString, shape, rate, {
      stages: ["view", "events"],
      sent: (probe) => probes.set(String(probe.n), probe),
      poll: () => {
        for (; read < child.lines.length; read++) {
          const m = /^(SEEN|EVENT) (\d+) (\d+)$/.exec(child.lines[read]!);
          const stage = m?.[1] === "SEEN" ? "view" : "events";
          const probe = m && probes.get(m[2]!);
          if (probe && !probe.seenAt.has(stage)) probe.seenAt.set(stage, Number(m[3]));
        }
      },
      cpuMs: () => treeCpuMs(child.process.pid),
    });
  } finally {
    await child.stop();
  }
}
