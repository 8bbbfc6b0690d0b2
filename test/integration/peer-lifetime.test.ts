import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { startPeer } from "../support/child-process";
import { isRunning, type ProcessInfo, processTree, readProcess } from "../support/process-table";
import { waitFor } from "../support/wait-for";

const ROOT = join(import.meta.dirname, "..", "..");

describe("peers started by the rig", () => {
  it("run in a process group of their own, and stop() ends the whole group", async () => {
    // sh starts a sleep of its own; the sleep is in sh's group.
    const peer = startPeer("shell", "sh", ["-c", "sleep 600 & echo started; wait"]);
    await peer.waitForLine(/^started$/, 10_000);
    const tree = processTree(peer.process.pid!);
    expect(tree.map((p) => p.pgid)).toEqual([peer.process.pid, peer.process.pid]);
    expect(readProcess(process.pid)!.pgid).not.toBe(peer.process.pid);
    await peer.stop(1_000);
    await waitFor("the shell and its sleep to end", () => !tree.some(isRunning), 5_000);
  });

  it("end, and their folders go, when the process that started them is killed with SIGKILL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "peer-lifetime-"));
    // An owner that starts a peer, hands a folder to the reaper, says so, and then idles.
    const script = [
      'import { startPeer } from "./test/support/child-process.ts";',
      'import { orphanReaper } from "./test/support/orphan-reaper.ts";',
      'const peer = startPeer("sleeper", "sleep", ["600"]);',
      `orphanReaper().removeDirOnDeath(${JSON.stringify(dir)});`,
      "console.log(`peer ${peer.process.pid}`);",
      "setInterval(() => {}, 1000);",
    ].join("\n");
    const owner = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let sleeper: ProcessInfo | undefined;
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: owner.stdout! }).once("line", resolve));
      sleeper = readProcess(Number(/^peer (\d+)$/.exec(line)![1]));
      expect(sleeper?.cmdline).toBe("sleep 600");
      owner.kill("SIGKILL");
      await waitFor("the orphaned peer to be killed", () => !isRunning(sleeper!), 5_000);
      await waitFor("the owner's folder to be removed", () => !existsSync(dir), 5_000);
    } finally {
      owner.kill("SIGKILL");
      if (sleeper && isRunning(sleeper)) process.kill(sleeper.pid, "SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
