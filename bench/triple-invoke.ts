/**
 * Issue 19's "Measured": the engine calling a real Dubbo 3.3.6 Triple provider against the
 * real Java 3.3.6 consumer doing the same to the same provider, in the same run: "at least
 * 1.0x the Java consumer's calls/s, p99 no worse". Built as bench/invoke.ts (issue 8's, on
 * the dubbo protocol) is.
 *
 * One Dubbo 3.3.6 provider of the demo TypesService, with no registry (both clients connect
 * straight to it), exported on tri (besides dubbo, which nobody calls here), the full JIT and
 * Dubbo's default 200 server threads. Two clients call echoString(1 KiB string), 64 calls in
 * flight on one connection each:
 * - the engine, in this process: one TripleClient (one HTTP/2 connection) and callWrapped, the
 *   argument made a hessian value by to-java.ts, the wrapped hessian2 request and answer
 *   (bench/engine-triple-client.ts);
 * - Java: a Dubbo 3.3.6 consumer, async reference on `tri://host:port`, in a JVM of its own
 *   kept warm between its rounds (test/peers InvokeBench). Its Triple client shares one
 *   HTTP/2 connection per address (SingleProtocolConnectionManager, keyed by the address);
 *   the benchmark counts each client's established connections to the Triple port at the
 *   end, from /proc, and prints them.
 * Both first warm up, then take turns, ROUNDS times each (engine, Java, engine, Java, ...),
 * each round after a short warm-up of its own, so a load that comes and goes on the shared
 * machine falls on both. Figures are medians over the rounds, and the ratios also the median
 * of each engine round's against the Java round after it; beside them, the CPU each side's
 * consumer and the provider used during its rounds and what the rest of the machine used
 * meanwhile (/proc). The goals are printed as met or not met, never asserted.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { TripleClient } from "@/server/protocol/triple/triple-client";
import { NO_REGISTRY, startProvider } from "../test/support/dubbo-peers";
import { freePort } from "../test/support/free-port";
import { JAVA_CLIENT_FLAGS, median } from "./bench-process";
import { tripleEcho } from "./engine-triple-client";
import { describeFigures, drive, figuresOf, IN_FLIGHT, type RunFigures } from "./in-flight";
import { type JavaInvokeClient, startJavaInvokeClient } from "./java-invoke-client";
import { machineCpuMs, processCpuMs, treeCpuMs } from "./process-usage";

const BODY_CHARS = 1024;
/** Odd, so a median is one round's figure. */
const ROUNDS = 5;
/** Untimed calls before the first round, for V8 to optimise the engine's path. */
const ENGINE_WARMUP_MS = 3_000;
/** The same for Java, whose C2 takes longer on a shared 2-core machine (as bench/invoke.ts). */
const JAVA_WARMUP_MS = 12_000;
/** Before each round's measured window: the connection and the JIT back in their stride. */
const ROUND_WARMUP_MS = 500;
const CALL_TIMEOUT_MS = 10_000;
/** Dubbo's default server pool (ProtocolConfig threads, Constants.DEFAULT_THREADS). */
const PROVIDER_THREADS = 200;
/** The goals: at least the Java consumer's calls/s, and a p99 no worse. */
const GOAL_CALLS_RATIO = 1;
const GOAL_P99_RATIO = 1;

/** One client's round: its figures, and the CPU used meanwhile (cores, over the round's wall time). */
interface Round {
  readonly figures: RunFigures;
  readonly consumerCores: number;
  readonly providerCores: number;
  readonly restCores: number;
}

/**
 * How many established TCP connections process `pid` holds to `port` (any local address), from
 * /proc/net/tcp{,6} and the process's socket descriptors; NaN when it cannot be read.
 */
function connectionsTo(pid: number | undefined, port: number): number {
  if (pid === undefined) return Number.NaN;
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // Closed meanwhile.
      }
    }
  } catch {
    return Number.NaN;
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let n = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st ... inode (field 9); 01 is ESTABLISHED.
      if (f.length > 9 && f[2]!.endsWith(`:${hexPort}`) && f[3] === "01" && inodes.has(f[9]!)) n++;
    }
  }
  return n;
}

/** Runs `work` and measures the CPU that the consumer (`consumerCpu`), the provider and everyone else used meanwhile. */
async function measured(work: () => Promise<RunFigures>, consumerCpu: () => number, providerPid: number | undefined): Promise<Round> {
  const [m0, c0, p0, t0] = [machineCpuMs(), consumerCpu(), treeCpuMs(providerPid), performance.now()];
  const figures = await work();
  const [m1, c1, p1, t1] = [machineCpuMs(), consumerCpu(), treeCpuMs(providerPid), performance.now()];
  const wall = t1 - t0;
  const consumerCores = (c1 - c0) / wall;
  const providerCores = (p1 - p0) / wall;
  return { figures, consumerCores, providerCores, restCores: Math.max(0, (m1.busy - m0.busy) / wall - consumerCores - providerCores) };
}

/** The medians of a client's rounds. */
function summary(rounds: readonly Round[]): Round {
  const m = (f: (r: Round) => number) => median(rounds.map(f));
  return {
    figures: { callsPerSec: m((r) => r.figures.callsPerSec), p50Ms: m((r) => r.figures.p50Ms), p99Ms: m((r) => r.figures.p99Ms) },
    consumerCores: m((r) => r.consumerCores),
    providerCores: m((r) => r.providerCores),
    restCores: m((r) => r.restCores),
  };
}

function describeClient(label: string, rounds: readonly Round[]): string[] {
  const s = summary(rounds);
  const perCall = (s.consumerCores * 1e6) / s.figures.callsPerSec;
  return [
    `    ${label.padEnd(46)}: ${describeFigures(s.figures)}`,
    `      rounds: ${rounds.map((r) => Math.round(r.figures.callsPerSec).toLocaleString("en-US")).join(" / ")} calls/s; p99 ${rounds.map((r) => r.figures.p99Ms.toFixed(1)).join(" / ")} ms`,
    `      CPU: consumer ${s.consumerCores.toFixed(2)} cores (${Math.round(perCall)} µs per call), provider ${s.providerCores.toFixed(2)} cores, rest of the machine ${s.restCores.toFixed(2)} cores`,
  ];
}

/** `1.07x (goal >= 1.00x, met)`; `atLeast` for a ratio that must reach the goal, else one that must not pass it. */
function ratio(value: number, limit: number, atLeast: boolean): string {
  const met = atLeast ? value >= limit : value <= limit;
  return `${value.toFixed(2)}x (goal ${atLeast ? ">=" : "<="} ${limit.toFixed(2)}x, ${met ? "met" : "not met"})`;
}

export async function benchTripleInvoke(measureMs: number): Promise<string[]> {
  const value = "a".repeat(BODY_CHARS);
  const load = loadavg()[0]!;
  const triPort = await freePort("0.0.0.0");
  const provider = await startProvider({
    line: "3.3",
    registry: NO_REGISTRY,
    services: ["types"],
    extraProtocols: [{ name: "tri", port: triPort }],
    jvmFlags: JAVA_CLIENT_FLAGS,
    threads: PROVIDER_THREADS,
  });
  const address = `${provider.host}:${triPort}`;
  const client = new TripleClient(address);
  let java: JavaInvokeClient | undefined;
  const engine: Round[] = [];
  const javaRounds: Round[] = [];
  let connections = { engine: Number.NaN, java: Number.NaN };
  try {
    java = await startJavaInvokeClient({ address, inFlight: IN_FLIGHT, bytes: BODY_CHARS, timeoutMs: CALL_TIMEOUT_MS, protocol: "tri" });
    const send = tripleEcho(client, value, CALL_TIMEOUT_MS);
    const javaPid = java.peer.process.pid;
    const providerPid = provider.peer.process.pid;
    await drive(send, 0, ENGINE_WARMUP_MS);
    await java.round(JAVA_WARMUP_MS, ROUND_WARMUP_MS);
    const perRound = measureMs / ROUNDS;
    const ownCpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    for (let r = 0; r < ROUNDS; r++) {
      engine.push(await measured(async () => figuresOf(await drive(send, perRound, ROUND_WARMUP_MS)), ownCpu, providerPid));
      const jc = java;
      javaRounds.push(
        await measured(
          async () => {
            const result = await jc.round(ROUND_WARMUP_MS, perRound);
            if (result.errors > 0) throw new Error(`the Java consumer had ${result.errors} failed calls:\n${jc.peer.lines.slice(-20).join("\n")}`);
            return result;
          },
          () => processCpuMs(javaPid),
          providerPid,
        ),
      );
    }
    connections = { engine: connectionsTo(process.pid, triPort), java: connectionsTo(javaPid, triPort) };
  } finally {
    client.close();
    await java?.stop();
    await provider.stop();
  }
  const javaSummary = summary(javaRounds);
  const theirs = javaSummary.figures;
  const ours = summary(engine).figures;
  const cpuPerCall = (r: Round) => r.consumerCores / r.figures.callsPerSec;
  const pair = (f: (r: RunFigures) => number) => median(engine.map((r, i) => f(r.figures) / f(javaRounds[i]!.figures))).toFixed(2);
  return [
    `triple-invoke: TypesService.echoString(${BODY_CHARS}-char String) over Triple on a real Dubbo 3.3.6 provider (no registry, full JIT, ${PROVIDER_THREADS} threads), ${IN_FLIGHT} in flight on one connection, ${ROUNDS} alternating rounds of ${(measureMs / ROUNDS / 1000).toFixed(1)} s per client, medians of the rounds (load average ${load.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end; ${availableParallelism()} cores)`,
    ...describeClient("engine (TripleClient + callWrapped + hessian)", engine),
    ...describeClient("Java 3.3.6 consumer (async reference, tri://)", javaRounds),
    `    connections to the Triple port at the end: engine ${connections.engine}, Java ${connections.java}`,
    `    ratio engine / Java (medians): calls/s ${ratio(ours.callsPerSec / theirs.callsPerSec, GOAL_CALLS_RATIO, true)}; p99 ${ratio(ours.p99Ms / theirs.p99Ms, GOAL_P99_RATIO, false)}`,
    `      (median of the rounds' own ratios, each against the Java round of the same turn: calls/s ${pair((r) => r.callsPerSec)}x; p99 ${pair((r) => r.p99Ms)}x; consumer CPU per call ${(cpuPerCall(summary(engine)) / cpuPerCall(javaSummary)).toFixed(2)}x)`,
  ];
}
