/**
 * What a process (and everything it started) costs, read from Linux's /proc: CPU time and
 * resident memory. For the benchmarks' children and for the console under `next start`,
 * measured from outside, so nothing in the measured process has to report it.
 */
import { readFileSync } from "node:fs";
import { processTree } from "../test/support/process-table";

/** Linux's USER_HZ, which /proc reports CPU times in. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, from the state field (3) on. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;

/** A process's own CPU time so far (user + system), in ms; NaN when it is gone. */
export function processCpuMs(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statFields(pid);
  // utime and stime, fields 14 and 15 of proc(5), are 11 and 12 counted from the state field.
  return fields ? ticksToMs(Number(fields[11]) + Number(fields[12])) : Number.NaN;
}

/**
 * The CPU time so far (user + system), in ms, of `root` and every process below it,
 * counting also the children they have already reaped (cutime and cstime), so a child that
 * ends between two readings is not lost. NaN when `root` is gone.
 */
export function treeCpuMs(root: number | undefined): number {
  if (root === undefined) return Number.NaN;
  let ticks = 0;
  let found = false;
  for (const p of processTree(root)) {
    const fields = statFields(p.pid);
    if (!fields) continue;
    found = true;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? ticksToMs(ticks) : Number.NaN;
}

/** The resident memory of `root` and every process below it, now and at its peak (VmRSS, VmHWM), in bytes. */
export function treeRss(root: number | undefined): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const p of root === undefined ? [] : processTree(root)) {
    try {
      const status = readFileSync(`/proc/${p.pid}/status`, "utf8");
      rss += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      peak += Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, peak };
}

/**
 * The whole machine's CPU time so far, every core, in ms, from /proc/stat's first line:
 * `busy` (everything but idle and iowait) and `total`. The difference of two readings says
 * how many cores were busy meanwhile, whoever used them.
 */
export function machineCpuMs(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: ticksToMs(total - idle), total: ticksToMs(total) };
}
