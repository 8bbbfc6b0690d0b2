import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { orphanReaper } from "./orphan-reaper";

/**
 * A child process started by the test rig, with its output kept and searchable. It runs
 * in a process group of its own (the group's id is its pid), so a terminal's Ctrl-C
 * reaches only whoever started it, which stops it in its own order; signals from `stop`
 * go to the whole group, so whatever the peer started ends with it.
 */
export interface Peer {
  readonly name: string;
  readonly process: ChildProcess;
  /** Every stdout and stderr line so far (the last `keepLines` of them, if the peer was started with that). */
  readonly lines: string[];
  /** Resolves with the first line (past or future) matching `pattern`; rejects on timeout or exit. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /**
   * SIGTERM to the group, then SIGKILL to the group after `graceMs`; resolves once the
   * process has exited, and SIGKILLs whatever of its group is left then. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
  readonly exited: Promise<number | null>;
}

const running = new Set<Peer>();

/** Sends `signal` to every process of group `pgid`; false when the group is gone. */
function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spawns `command` in a process group of its own and follows its output. Every peer is
 * killed when this process exits, and by the orphan reaper if this process is killed.
 */
export function startPeer(
  name: string,
  command: string,
  args: readonly string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    /** Keep only the last `keepLines` lines (a peer that talks on stdout all day); default: all. */
    keepLines?: number;
    /** Give the peer a stdin pipe (`process.stdin`); default: none. */
    stdin?: boolean;
  } = {},
): Peer {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: [options.stdin ? "pipe" : "ignore", "pipe", "pipe"], detached: true });
  const pgid = child.pid;
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const keep = options.keepLines ?? Number.POSITIVE_INFINITY;
  const onLine = (line: string) => {
    lines.push(line);
    if (lines.length > keep) lines.splice(0, lines.length - keep);
    if (process.env.PEER_LOGS) process.stderr.write(`[${name}] ${line}\n`);
    for (const w of waiters) {
      if (w.pattern.test(line)) {
        waiters.delete(w);
        w.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout! }).on("line", onLine);
  createInterface({ input: child.stderr! }).on("line", onLine);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  if (pgid !== undefined) {
    orphanReaper().watchGroup(pgid);
    void exited.then(() => {
      // The leader is gone; anything it left in its group goes too, before the id is free.
      signalGroup(pgid, "SIGKILL");
      orphanReaper().forgetGroup(pgid);
      running.delete(peer);
    });
  }

  const peer: Peer = {
    name,
    process: child,
    lines,
    exited,
    waitForLine(pattern, timeoutMs) {
      const past = lines.find((l) => pattern.test(l));
      if (past !== undefined) return Promise.resolve(past);
      return new Promise<string>((resolve, reject) => {
        const waiter = { pattern, resolve: (l: string) => (clearTimeout(timer), resolve(l)) };
        const fail = (why: string) => {
          waiters.delete(waiter);
          reject(new Error(`${name}: ${why} waiting for ${pattern}; last output:\n${lines.slice(-30).join("\n")}`));
        };
        const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs);
        waiters.add(waiter);
        void exited.then((code) => {
          if (waiters.has(waiter)) {
            clearTimeout(timer);
            fail(`exited with ${code}`);
          }
        });
      });
    },
    async stop(graceMs = 5_000) {
      if (pgid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(pgid, "SIGTERM");
      const killer = setTimeout(() => signalGroup(pgid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
  running.add(peer);
  return peer;
}

/** The peers started by this process that have not exited yet. */
export function runningPeers(): readonly Peer[] {
  return [...running];
}

/** Kills the process group of every peer still running (SIGKILL, synchronously); registered for process exit. */
export function killAllPeers(): void {
  for (const p of running) {
    if (p.process.pid !== undefined) signalGroup(p.process.pid, "SIGKILL");
  }
  running.clear();
}

process.once("exit", killAllPeers);
