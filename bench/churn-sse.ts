/**
 * Churn seen from outside, for registry-bench.ts: the built console (`next start`) is
 * followed by one SSE client of GET /api/v1/events (test/support/sse-client.ts), as a
 * page's EventSource, during a churn run (churn-run.ts). A probe is visible at stage
 * `sse` when the client has received an event naming its service (or a `reset`, after
 * which a page refetches everything) sent after it. Only probes change the probe
 * services, so that event is the probe's. The console's CPU is that of its process and
 * every process below it, from /proc.
 */
import type { ChangeEvent } from "@/lib/api/events";
import { openSse } from "../test/support/sse-client";
import { type ChurnResult, type Probe, runChurn } from "./churn-run";
import { treeCpuMs } from "./process-usage";

export type SseStage = "sse";

export interface SseChurnResult extends ChurnResult<SseStage> {
  /** `reset` events received (each counted as showing every probe waiting). */
  resets: number;
  /** Events received in all during the run. */
  events: number;
}

export async function measureChurnOverSse(
  console_: { url: string; pid: number | undefined },
  connectString: string,
  shape: { services: number; providersPerService: number },
  rate: number,
): Promise<SseChurnResult> {
  const sse = await openSse(`${console_.url}/api/v1/events`);
  if (sse.status !== 200) throw new Error(`GET /api/v1/events answered ${sse.status}`);
  /** Probes not yet shown, by the key of their service. */
  const waiting = new Map<string, Probe[]>();
  let read = 0;
  let resets = 0;
  const show = (key: string, at: number) => {
    const left: Probe[] = [];
    for (const p of waiting.get(key) ?? []) {
      if (p.sentAt <= at) p.seenAt.set("sse", at);
      else left.push(p);
    }
    if (left.length > 0) waiting.set(key, left);
    else waiting.delete(key);
  };
  try {
    const result = await runChurn<SseStage>(connectString, shape, rate, {
      stages: ["sse"],
      sent: (probe) => waiting.set(probe.key, [...(waiting.get(probe.key) ?? []), probe]),
      poll: () => {
        for (; read < sse.events.length; read++) {
          const event = sse.events[read]!;
          // The client stamps arrival with performance.now(); the probes use Date.now().
          const at = performance.timeOrigin + event.at;
          const data = event.data as ChangeEvent | null;
          if (data?.type === "service") show(data.key, at);
          else if (data?.type === "reset") {
            resets++;
            for (const key of [...waiting.keys()]) show(key, at);
          }
        }
      },
      cpuMs: () => treeCpuMs(console_.pid),
    });
    return { ...result, resets, events: sse.events.length };
  } finally {
    sse.close();
  }
}
