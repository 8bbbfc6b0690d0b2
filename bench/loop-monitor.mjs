/**
 * Imported into the console's processes by bench/startup-block.ts (NODE_OPTIONS=--import):
 * measures how long the event loop is held, from inside. A 10 ms interval timer notes the
 * gaps between its ticks beyond its period; the timer waits for whatever holds the loop,
 * but on a loaded machine also for a CPU, so each gap is charged the CPU time the main
 * thread itself used in it (utime + stime of /proc/self/task/{pid}/stat, 10 ms ticks):
 * `blockMs` is the largest such CPU time of a gap, the loop's own work; `gapMs` the largest
 * gap, waits for a CPU included; `blocks` every block of NOTED_MS or more as `[end, ms]`,
 * its end the epoch ms of the tick after it, so a block can be placed before or after an
 * event such as the server starting to listen; beside them perf_hooks'
 * monitorEventLoopDelay maximum.
 * Printed every 250 ms as one `LOOPMON {json}` line on stdout, then started afresh.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const TICK_MS = 10;
/** Blocks at least this long are listed one by one with their end. */
const NOTED_MS = 50;
const REPORT_MS = 250;
/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const HZ = 100;
const STAT = `/proc/self/task/${process.pid}/stat`;

/** The main thread's CPU time so far, in ms. */
function mainThreadCpuMs() {
  const stat = readFileSync(STAT, "utf8");
  // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / HZ;
}

const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
histogram.enable();
let last = performance.now();
let lastCpu = mainThreadCpuMs();
let longestGap = 0;
let longestBlock = 0;
/** @type {[number, number][]} */
let blocks = [];
setInterval(() => {
  const now = performance.now();
  const cpu = mainThreadCpuMs();
  const gap = now - last - TICK_MS;
  longestGap = Math.max(longestGap, gap);
  const block = Math.min(gap, cpu - lastCpu);
  longestBlock = Math.max(longestBlock, block);
  if (block >= NOTED_MS) blocks.push([Date.now(), Math.round(block)]);
  last = now;
  lastCpu = cpu;
}, TICK_MS).unref();
setInterval(() => {
  process.stdout.write(`LOOPMON ${JSON.stringify({ pid: process.pid, at: Date.now(), blockMs: longestBlock, blocks, gapMs: longestGap, delayMaxMs: histogram.max / 1e6, cpuMs: mainThreadCpuMs() })}\n`);
  longestGap = 0;
  longestBlock = 0;
  blocks = [];
  histogram.reset();
}, REPORT_MS).unref();
