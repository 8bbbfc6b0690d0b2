import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** A child process started by the test rig, with its output kept and searchable. */
export interface Peer {
  readonly name: string;
  readonly process: ChildProcess;
  /** Every stdout and stderr line so far. */
  readonly lines: string[];
  /** Resolves with the first line (past or future) matching `pattern`; rejects on timeout or exit. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
  readonly exited: Promise<number | null>;
}

const running = new Set<Peer>();

/** Spawns `command` and follows its output. Every peer is killed when the test process exits. */
export function startPeer(name: string, command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Peer {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onLine = (line: string) => {
    lines.push(line);
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
      running.delete(peer);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
  running.add(peer);
  return peer;
}

/** Kills every peer still running; registered for process exit. */
export function killAllPeers(): void {
  for (const p of running) p.process.kill("SIGKILL");
  running.clear();
}

process.once("exit", killAllPeers);
