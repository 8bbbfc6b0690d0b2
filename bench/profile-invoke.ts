/**
 * The engine's consumer CPU per call of echoString(1 KiB), bare and through ClusterInvoker
 * (bench/engine-invoke-client.ts), against a peer in its own process that answers with a
 * canned body (bench/canned-echo-peer.ts), so only the engine's own work is measured. For
 * profiling the invoke path without a JVM:
 *   node --cpu-prof --import tsx --import ./bench/loader/server-only.mjs bench/profile-invoke.ts [seconds] [engine|cluster|both]
 * Prints calls/s, p99 and µs of this process's CPU per call for each round.
 */
import { ConnectionPool } from "@/server/protocol/connection-pool";
import { startNodeScript } from "./bench-process";
import { clusterEcho, engineEcho } from "./engine-invoke-client";
import { describeFigures, drive, figuresOf } from "./in-flight";

const BODY_CHARS = 1024;
const ROUNDS = 3;
const WARMUP_MS = 1_500;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 4);
  const which = process.argv[3] ?? "both";
  const peer = startNodeScript("canned-echo-peer.ts", [String(BODY_CHARS)]);
  const pool = new ConnectionPool();
  try {
    const port = Number((await peer.waitForLine(/^PORT \d+$/, 30_000)).slice(5));
    const address = `127.0.0.1:${port}`;
    const value = "a".repeat(BODY_CHARS);
    const clients: [string, () => Promise<void>][] = [];
    if (which !== "cluster") clients.push(["engine ", engineEcho(pool, address, value, 10_000)]);
    if (which !== "engine") clients.push(["cluster", clusterEcho(pool, address, value, 10_000)]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [label, send] of clients) {
        await drive(send, 0, WARMUP_MS);
        const c0 = cpuMs();
        const run = await drive(send, (seconds * 1000) / ROUNDS, 0);
        const perCall = ((cpuMs() - c0) * 1000) / run.calls;
        process.stdout.write(`${label}: ${describeFigures(figuresOf(run))}, ${perCall.toFixed(1)} µs CPU per call\n`);
      }
    }
  } finally {
    await pool.closeAll();
    await peer.stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`profile failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
