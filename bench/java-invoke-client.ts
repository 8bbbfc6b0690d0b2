/**
 * The Java side of bench/invoke.ts: a real Dubbo 3.3 consumer (test/peers InvokeBench) on a
 * warm JVM of its own, connected straight to one provider, that runs a round of calls
 * whenever asked, so its rounds can alternate with the engine's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Peer, startPeer } from "../test/support/child-process";
import { dubboFlags } from "../test/support/dubbo-peers";
import { classpath, jvmStateFlags } from "../test/support/java-build";
import { JAVA_CLIENT_FLAGS } from "./bench-process";
import type { RunFigures } from "./in-flight";

const MAIN_CLASS = "io.dubboconsole.demo.bench.InvokeBench";
/** Time for the JVM to start, build its reference and make its first calls on a busy machine. */
const READY_TIMEOUT_MS = 90_000;

/** What InvokeBench prints after a round: the figures and how many calls failed. */
export interface JavaRound extends RunFigures {
  readonly calls: number;
  readonly seconds: number;
  readonly errors: number;
}

/** A running InvokeBench: `round` runs one round of calls; `stop` ends the JVM. */
export interface JavaInvokeClient {
  readonly peer: Peer;
  /** Warms up for `warmupMs`, then measures `measureMs`, `inFlight` (fixed at start) calls in flight. */
  round(warmupMs: number, measureMs: number): Promise<JavaRound>;
  stop(): Promise<void>;
}

/**
 * Starts InvokeBench against the provider at `address` ("host:port") on `protocol` (default
 * dubbo; "tri" for bench/triple-invoke.ts): echoString of a `bytes`-character string,
 * `inFlight` calls in flight, hessian2, on the JVM's defaults (the full JIT). Resolves once
 * its first calls have succeeded.
 */
export async function startJavaInvokeClient(options: { address: string; inFlight: number; bytes: number; timeoutMs: number; protocol?: "dubbo" | "tri" }): Promise<JavaInvokeClient> {
  const protocol = options.protocol ?? "dubbo";
  const dir = mkdtempSync(join(tmpdir(), `${protocol}-invoke-bench-`));
  const args = ["--url", `${protocol}://${options.address}`, "--in-flight", String(options.inFlight), "--bytes", String(options.bytes), "--timeout", String(options.timeoutMs)];
  const peer = startPeer(`${protocol}-invoke-bench-3.3`, "java", [...JAVA_CLIENT_FLAGS, ...jvmStateFlags(dir), ...dubboFlags("3.3"), "-cp", classpath("dubbo-3.3"), MAIN_CLASS, ...args], {
    stdin: true,
  });
  void peer.exited.then(() => rmSync(dir, { recursive: true, force: true }));
  await peer.waitForLine(/^READY /, READY_TIMEOUT_MS);
  let rounds = 0;
  return {
    peer,
    async round(warmupMs, measureMs) {
      const tag = `r${++rounds}`;
      const result = peer.waitForLine(new RegExp(`^RESULT ${tag} `), warmupMs + measureMs + READY_TIMEOUT_MS);
      peer.process.stdin!.write(`RUN ${Math.round(warmupMs)} ${Math.round(measureMs)} ${tag}\n`);
      const line = await result;
      return JSON.parse(line.slice(`RESULT ${tag} `.length)) as JavaRound;
    },
    async stop() {
      peer.process.stdin!.end();
      await peer.stop(5_000);
    },
  };
}
