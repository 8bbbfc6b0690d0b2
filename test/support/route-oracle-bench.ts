import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPeer } from "./child-process";
import { ensureJavaPeersBuilt } from "./java-build";
import { orphanReaper } from "./orphan-reaper";
import { type OracleLine, RouteOracleError, routeOracleJavaArgs } from "./route-oracle";

/** One round of the Java route benchmark (RouteBench): route() over every provider, timed. */
export interface JavaRouteTiming {
  /** Median of the round's calls, µs. */
  readonly micros: number;
  /** Fastest call of the round, µs. */
  readonly minMicros: number;
  /** How many providers route() returned. */
  readonly kept: number;
  readonly providers: number;
}

/**
 * Production-like JVM flags for timing: the full JIT (the rig's quick-start flags stop at C1)
 * and room for 10,000 invokers.
 */
export const JAVA_ROUTE_BENCH_FLAGS = ["-Xmx1g"];

/**
 * Times the real Java router of `line` routing `providers` for `consumer` (and a call of
 * `method` with no arguments, when given), in a JVM of its own: invokers and router built
 * once, a JIT warm-up of 3 s, then `rounds` rounds of 15 calls. Rejects with
 * RouteOracleError when Java refuses the rule or the JVM fails.
 */
export async function benchJavaRoute(options: {
  line: OracleLine;
  rule: string;
  force: boolean;
  consumer: string;
  providers: readonly string[];
  rounds: number;
  method?: string;
  jvmFlags?: readonly string[];
}): Promise<JavaRouteTiming[]> {
  await ensureJavaPeersBuilt();
  const dir = mkdtempSync(join(tmpdir(), "route-bench-"));
  orphanReaper().removeDirOnDeath(dir);
  try {
    const file = join(dir, "providers.txt");
    writeFileSync(file, `${options.providers.join("\n")}\n`);
    const args = ["bench", options.rule, String(options.force), options.consumer, file, String(options.rounds), ...(options.method === undefined ? [] : [options.method])];
    const peer = startPeer(`route-bench-${options.line}`, "java", [...routeOracleJavaArgs(options.line, dir, options.jvmFlags ?? JAVA_ROUTE_BENCH_FLAGS), ...args]);
    const code = await peer.exited;
    const rejected = peer.lines.find((l) => l.startsWith("REJECTED "));
    if (rejected !== undefined) throw new RouteOracleError(`Java refused the rule: ${rejected.slice("REJECTED ".length)}`);
    if (code !== 0) throw new RouteOracleError(`the ${options.line} route benchmark exited with ${code}:\n${peer.lines.slice(-20).join("\n")}`);
    return peer.lines.flatMap((l) => {
      const m = /^ROUTE micros=(\d+) min=(\d+) kept=(\d+) providers=(\d+)$/.exec(l);
      return m === null ? [] : [{ micros: Number(m[1]), minMicros: Number(m[2]), kept: Number(m[3]), providers: Number(m[4]) }];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    orphanReaper().keepDir(dir);
  }
}
