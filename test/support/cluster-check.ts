import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";

const run = promisify(execFile);

/** What Dubbo's own load balances and URL getters answered (io.dubboconsole.demo.oracle.ClusterCheck). */
export interface ClusterCheckAnswers {
  readonly warmup: [number, number, number, number][];
  readonly roundRobin: string[][];
  readonly consistentHash: string[][];
  readonly methodParameters: string[];
  readonly numbers: [string, number | string, string][];
}

/**
 * Builds the peers if needed and runs ClusterCheck on the 2.7.23 or 3.3.6 classpath, in a
 * JVM of its own with a private state folder; resolves with the JSON object it prints.
 *
 * @throws Error with the JVM's stderr when it fails or prints no JSON object.
 */
export async function runClusterCheck(line: "2.7" | "3.3"): Promise<ClusterCheckAnswers> {
  await ensureJavaPeersBuilt();
  const state = mkdtempSync(join(tmpdir(), "cluster-check-"));
  try {
    const args = [...JVM_FLAGS, ...jvmStateFlags(state), "-cp", classpath(line === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), "io.dubboconsole.demo.oracle.ClusterCheck"];
    const { stdout, stderr } = await run("java", args, { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 });
    const start = stdout.indexOf("{");
    if (start < 0) throw new Error(`ClusterCheck (${line}) printed no JSON object; stderr: ${stderr.slice(-2000)}`);
    return JSON.parse(stdout.slice(start)) as ClusterCheckAnswers;
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}
