import { spawn } from "node:child_process";
import { join } from "node:path";
import type { Socket } from "node:net";

/**
 * Ends what this process started if this process dies without ending it (SIGKILL, a
 * crash, a test runner torn down): a detached watchdog (orphan-reaper-main.mjs) holds a
 * pipe from this process and, when the pipe closes, kills every process group still
 * watched and removes every folder still listed. A clean exit forgets them first, so
 * the reaper then has nothing to do.
 */
export interface OrphanReaper {
  /** Kill process group `pgid` (SIGKILL) if this process dies while it runs. */
  watchGroup(pgid: number): void;
  /** The group has ended; a later group with the same id is not ours. */
  forgetGroup(pgid: number): void;
  /** Remove `dir` (recursively) if this process dies before it does. */
  removeDirOnDeath(dir: string): void;
  /** `dir` is removed (or handed on); leave it alone. */
  keepDir(dir: string): void;
}

const MAIN = join(import.meta.dirname, "orphan-reaper-main.mjs");

let reaper: OrphanReaper | undefined;

/** The reaper of this process, started on first use. */
export function orphanReaper(): OrphanReaper {
  reaper ??= startReaper();
  return reaper;
}

function startReaper(): OrphanReaper {
  // detached: its own process group, so a Ctrl-C meant for this process never reaches it.
  const child = spawn(process.execPath, [MAIN], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  const stdin = child.stdin as Socket;
  // Neither the reaper nor the pipe to it may keep this process alive.
  child.unref();
  stdin.unref();
  // A reaper that died (it should not) must not take this process with it.
  stdin.on("error", () => {});
  const send = (line: string) => void stdin.write(`${line}\n`);
  return {
    watchGroup: (pgid) => send(`watch ${pgid}`),
    forgetGroup: (pgid) => send(`forget ${pgid}`),
    removeDirOnDeath: (dir) => send(`remove ${dir}`),
    keepDir: (dir) => send(`keep ${dir}`),
  };
}
