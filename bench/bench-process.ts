/** Running the benchmarks' child processes (Node scripts and the Java peers), and small statistics. */
import { join } from "node:path";
import { type Peer, startPeer } from "../test/support/child-process";
import { classpath } from "../test/support/java-build";

const ROOT = join(import.meta.dirname, "..");

/**
 * The Java client peer runs with the JVM's defaults (full JIT, its default collector), not
 * the test rig's quick-start flags (C1 only), as Dubbo runs in production.
 */
export const JAVA_CLIENT_FLAGS = ["-Xmx1g"];

/**
 * Added to the rig's flags of the ZooKeeper server: the full JIT, as in production, and
 * room for 250,000 nodes of 600-character names.
 */
export const ZOOKEEPER_BENCH_FLAGS = ["-Xmx2g", "-XX:TieredStopAtLevel=4"];

/**
 * Starts `bench/<script>` in its own Node process (tsx, --expose-gc so rounds can start
 * from a collected heap). BENCH_NODE_FLAGS adds Node flags, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile each child (NODE_OPTIONS refuses --cpu-prof).
 */
export function startNodeScript(script: string, args: readonly string[]): Peer {
  const extra = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  return startPeer(script, process.execPath, ["--expose-gc", ...extra, "--import", "tsx", join("bench", script), ...args], { cwd: ROOT });
}

/** Runs a peer to its end; its output lines, or an error with the last of them. */
export async function finish(peer: Peer): Promise<string[]> {
  const code = await peer.exited;
  if (code !== 0) throw new Error(`${peer.name} exited with ${code}:\n${peer.lines.slice(-20).join("\n")}`);
  return peer.lines;
}

/** The JSON payloads of the lines that start with `tag `. */
export function tagged<T>(lines: readonly string[], tag: string): T[] {
  return lines.filter((l) => l.startsWith(`${tag} `)).map((l) => JSON.parse(l.slice(tag.length + 1)) as T);
}

/** Runs a main class of the peers' Dubbo 3.3 module (its ZooKeeper client is Dubbo's) with {@link JAVA_CLIENT_FLAGS}. */
export function startJava(mainClass: string, args: readonly string[]): Peer {
  return startPeer(mainClass, "java", [...JAVA_CLIENT_FLAGS, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", classpath("dubbo-3.3"), mainClass, ...args]);
}

export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/** The `q` quantile, nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
