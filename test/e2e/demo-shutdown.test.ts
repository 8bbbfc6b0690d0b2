import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { waitForRegistrySync } from "../support/console-server";
import { freePort } from "../support/free-port";
import { isRunning, listProcesses, type ProcessInfo, processTree } from "../support/process-table";
import { waitFor } from "../support/wait-for";

const ROOT = join(import.meta.dirname, "..", "..");
/** The promise: nothing of the demo is left this long after Ctrl-C. */
const GONE_WITHIN_MS = 15_000;

interface DemoRun {
  readonly npm: ChildProcess;
  readonly lines: string[];
  readonly zkPort: number;
  /** The TMPDIR the demo gets: every temporary folder it makes (with os.tmpdir()) lands here. */
  readonly tmp: string;
}

/**
 * Starts `npm run demo` as a terminal starts a foreground job: in a process group of its
 * own, whose id is npm's pid, so `kill(-pid, SIGINT)` is exactly what Ctrl-C sends.
 */
async function startDemo(workDir: string): Promise<DemoRun> {
  const tmp = join(workDir, "tmp");
  mkdirSync(tmp);
  const [port, zkPort] = await Promise.all([freePort(), freePort()]);
  const npm = spawn("npm", ["run", "demo"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ZK_PORT: String(zkPort), TMPDIR: tmp, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const lines: string[] = [];
  createInterface({ input: npm.stdout! }).on("line", (l) => lines.push(l));
  createInterface({ input: npm.stderr! }).on("line", (l) => lines.push(l));
  return { npm, lines, zkPort, tmp };
}

/** Processes anywhere that belong to this demo by their command line: its ZooKeeper, its peers. */
function demoProcessesByCommandLine(run: DemoRun): ProcessInfo[] {
  return listProcesses().filter((p) => p.cmdline.includes(run.tmp) || p.cmdline.includes(`127.0.0.1:${run.zkPort}`));
}

/** Dubbo's registry and metadata cache files for the demo's registry address in ~/.dubbo. */
function dubboCacheFiles(zkPort: number, since: number): string[] {
  const dir = join(homedir(), ".dubbo");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.includes(`-127.0.0.1-${zkPort}.cache`) && statSync(join(dir, n)).mtimeMs >= since).map((n) => join(dir, n));
}

/** A pid and the Java main class it runs, or the start of its command line. */
function describeProcess(p: ProcessInfo): string {
  return `${p.pid} ${/\s([\w.]+Main)\s/.exec(p.cmdline)?.[1] ?? p.cmdline.slice(0, 120)}`;
}

/** What the demo left in its TMPDIR; tsx's transform cache (tsx-<uid>) is kept on purpose by tsx. */
function leftInTmp(tmp: string): string[] {
  return readdirSync(tmp).filter((n) => !/^tsx-\d+$/.test(n));
}

/** How the demo ended after Ctrl-C, and what is left of it; every list is empty when it stopped cleanly. */
interface Outcome {
  /** Whether the demo itself finished its orderly stop (and did not leave it to the orphan reaper). */
  saidStopped: boolean;
  survivors: string[];
  inTmp: string[];
  dubboCacheFiles: string[];
}

/**
 * Starts the demo, waits until its console serves the registry, presses Ctrl-C `presses`
 * times (300 ms apart, as a person would), and reports what is still there once every
 * process of the demo has ended, or 15 s after the first press.
 */
async function interruptDemo(presses: number): Promise<Outcome> {
  const since = Date.now() - 1_000;
  const workDir = mkdtempSync(join(tmpdir(), "demo-shutdown-test-"));
  const run = await startDemo(workDir);
  const npmExited = new Promise<void>((resolve) => run.npm.once("exit", () => resolve()));
  let tree: ProcessInfo[] = [];
  try {
    const up = await waitFor(
      "the demo to say the console is up",
      () => {
        if (run.npm.exitCode !== null) throw new Error(`npm run demo exited with ${run.npm.exitCode}:\n${run.lines.slice(-30).join("\n")}`);
        return run.lines.map((l) => /^Dubbo Console:\s+(http:\/\/\S+)/.exec(l)?.[1]).find((u) => u !== undefined);
      },
      240_000,
    );
    // The demo runs with sign-in on and prints an admin token for scripts.
    const token = await waitFor("the demo's admin token", () => run.lines.map((l) => /^Admin API token \(Authorization: Bearer\): (\S+)/.exec(l)?.[1]).find((t) => t !== undefined), 10_000);
    await waitForRegistrySync(up.replace("localhost", "127.0.0.1"), { authorization: `Bearer ${token}` });

    tree = processTree(run.npm.pid!);
    // Not vacuous: ZooKeeper, 4 providers and 2 consumers are JVMs of this tree.
    expect(tree.filter((p) => /^\S*java /.test(p.cmdline)).length, tree.map((p) => p.cmdline.slice(0, 160)).join("\n")).toBeGreaterThanOrEqual(7);

    const pressed = Date.now();
    for (let i = 0; i < presses; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 300));
      process.kill(-run.npm.pid!, "SIGINT");
    }
    const survivors = await waitFor(
      "every process of the demo to end",
      () => {
        const alive = [...tree.filter(isRunning), ...demoProcessesByCommandLine(run).filter((p) => !tree.some((t) => t.pid === p.pid))];
        if (alive.length === 0) return [];
        return Date.now() - pressed >= GONE_WITHIN_MS ? alive : undefined;
      },
      GONE_WITHIN_MS + 5_000,
    );
    if (survivors.length === 0) await npmExited;
    return {
      saidStopped: run.lines.includes("Stopped."),
      survivors: survivors.map(describeProcess),
      inTmp: leftInTmp(run.tmp),
      dubboCacheFiles: dubboCacheFiles(run.zkPort, since),
    };
  } finally {
    // Whatever the outcome, leave nothing running on a machine others share.
    for (const p of [...tree, ...demoProcessesByCommandLine(run)]) {
      if (isRunning(p)) process.kill(p.pid, "SIGKILL");
    }
    if (run.npm.exitCode === null && run.npm.signalCode === null) process.kill(-run.npm.pid!, "SIGKILL");
    for (const f of dubboCacheFiles(run.zkPort, since)) rmSync(f, { force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

const STOPPED_CLEANLY: Outcome = { saidStopped: true, survivors: [], inTmp: [], dubboCacheFiles: [] };

describe("npm run demo, interrupted from its terminal", () => {
  it(`leaves no process and no temporary folder ${GONE_WITHIN_MS / 1000} s after Ctrl-C`, async () => {
    expect(await interruptDemo(1)).toEqual(STOPPED_CLEANLY);
  }, 300_000);

  // The defect showed in 1 run of 2: the demo ran under tsx's launcher, which re-sends a
  // signal its child has not acknowledged within 30 ms, and the demo listened with
  // process.once, so the repeat ended it mid-stop. A second press repeats it every time.
  it("survives Ctrl-C arriving twice (a second press, or a launcher relaying it) and still leaves nothing", async () => {
    expect(await interruptDemo(2)).toEqual(STOPPED_CLEANLY);
  }, 300_000);
});
