/**
 * Preloaded into the console's processes by bench/startup-block.ts (NODE_OPTIONS=--import):
 * measures how long the event loop is held, from inside. A 10 ms interval timer notes the
 * longest gap between its ticks beyond its period (the longest block: the timer waits for
 * whatever holds the loop), beside perf_hooks' monitorEventLoopDelay maximum, and prints
 * both every 250 ms as one `LOOPMON {json}` line on stdout, then starts afresh.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const TICK_MS = 10;
const REPORT_MS = 250;
const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
histogram.enable();
let last = performance.now();
let longest = 0;
setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last - TICK_MS);
  last = now;
}, TICK_MS).unref();
setInterval(() => {
  process.stdout.write(`LOOPMON ${JSON.stringify({ pid: process.pid, at: Date.now(), blockMs: longest, delayMaxMs: histogram.max / 1e6 })}\n`);
  longest = 0;
  histogram.reset();
}, REPORT_MS).unref();
