import { readdirSync, readFileSync } from "node:fs";

/**
 * One process as Linux's /proc shows it. `startTime` (clock ticks after boot) tells a
 * process apart from a later one that reuses its pid.
 */
export interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** One letter: R running, S sleeping, Z zombie (exited, not yet reaped), … */
  readonly state: string;
  readonly startTime: string;
  /** The command line, arguments joined by spaces. */
  readonly cmdline: string;
}

/** Reads /proc/<pid>; undefined when the process is gone (or /proc does not exist). */
export function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
    // utime stime cutime cstime priority nice threads itrealvalue starttime …"; comm may
    // hold spaces and parentheses, so the fields are counted from its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return { pid, state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: fields[19]!, cmdline };
  } catch {
    return undefined;
  }
}

/** Every process on the machine right now. */
export function listProcesses(): ProcessInfo[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is ProcessInfo => p !== undefined);
}

/** `root` and every process below it (children, their children, …), as they are now. */
export function processTree(root: number): ProcessInfo[] {
  const all = listProcesses();
  const tree = all.filter((p) => p.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i]!.pid));
  return tree;
}

/** Whether this very process (same pid and start time) still runs; a zombie has exited. */
export function isRunning(p: ProcessInfo): boolean {
  const now = readProcess(p.pid);
  return now !== undefined && now.startTime === p.startTime && now.state !== "Z";
}
