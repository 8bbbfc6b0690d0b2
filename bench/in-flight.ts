/**
 * Driving a client with a fixed number of calls in flight, and the figures of such a run:
 * shared by issue 8's raw echo ceiling (bench/raw-echo.ts) and the engine-vs-Java
 * invocation benchmark (bench/invoke.ts), so both count calls the same way.
 */
import { quantile } from "./bench-process";

/** Issue 8's load: 64 calls in flight on one connection. */
export const IN_FLIGHT = 64;

/** The calls that started and ended in a measured window, and their latencies. */
export interface Run {
  readonly calls: number;
  readonly seconds: number;
  readonly latenciesMs: number[];
}

/**
 * Keeps `inFlight` calls of `send` going for `warmupMs`, then for `measureMs`, counting the
 * calls that start and end in the measured window and their latencies. Rejects with the
 * first call that does.
 */
export async function drive(send: () => Promise<unknown>, measureMs: number, warmupMs: number, inFlight = IN_FLIGHT): Promise<Run> {
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const end = measureFrom + measureMs;
  const latenciesMs: number[] = [];
  const worker = async (): Promise<void> => {
    for (;;) {
      const t0 = performance.now();
      if (t0 >= end) return;
      await send();
      const t1 = performance.now();
      if (t0 >= measureFrom && t1 <= end) latenciesMs.push(t1 - t0);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { calls: latenciesMs.length, seconds: measureMs / 1000, latenciesMs };
}

/** Several rounds' runs as one. */
export function merge(runs: readonly Run[]): Run {
  return { calls: runs.reduce((n, r) => n + r.calls, 0), seconds: runs.reduce((n, r) => n + r.seconds, 0), latenciesMs: runs.flatMap((r) => r.latenciesMs) };
}

/** Calls per second, p50 and p99 of a run. */
export interface RunFigures {
  readonly callsPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export function figuresOf(run: Run): RunFigures {
  return { callsPerSec: run.calls / run.seconds, p50Ms: quantile(run.latenciesMs, 0.5), p99Ms: quantile(run.latenciesMs, 0.99) };
}

/** `12,345 calls/s, p50 4.10 ms, p99 9.80 ms`. */
export function describeFigures(f: RunFigures): string {
  return `${Math.round(f.callsPerSec).toLocaleString("en-US")} calls/s, p50 ${f.p50Ms.toFixed(2)} ms, p99 ${f.p99Ms.toFixed(2)} ms`;
}
