import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";
import { TagOracleError, type TagOracleLine } from "./tag-oracle";

/** One round of the Java tag benchmark (TagBench): every consumer's answers, timed. */
export interface JavaTagRound {
  readonly micros: number;
  /** The sum of every answer's kept invokers. */
  readonly kept: number;
}

/** What one consumer's router kept for one request tag, under the held rule or after the draft. */
export interface JavaTagKept {
  /** Position in the `consumers` given. */
  readonly consumer: number;
  readonly state: "held" | "draft";
  readonly tag: string | null;
  readonly kept: number;
}

/** Production-like flags for timing: the full JIT (the oracle's quick-start flags stop at C1) and room for 10,000 invokers. */
const BENCH_FLAGS = ["-Xmx1g"];
const MAIN_CLASS = "io.dubboconsole.demo.oracle.TagOracle";

/**
 * Times the real tag routers of `line` (2.7.23 TagRouter, 3.3.6 TagStateRouter) answering the
 * tag preview's question for `consumers` in a JVM of its own (TagBench): consumer URLs parsed
 * and invokers built once, untimed; 3 s of JIT warm-up; then `rounds` rounds, each making every
 * consumer's router, notifying it where the release needs it, processing the held rule and
 * routing a call without a tag and with each of `tags`, then processing the draft and routing
 * them again. Rejects with TagOracleError when the JVM fails.
 */
export async function benchJavaTags(options: {
  line: TagOracleLine;
  providers: readonly string[];
  consumers: readonly string[];
  held: string;
  draft: string;
  tags: readonly string[];
  rounds: number;
}): Promise<{ rounds: JavaTagRound[]; kept: JavaTagKept[] }> {
  await ensureJavaPeersBuilt();
  const dubbo = options.line === "2.7" ? "2.7" : "3.3";
  const dir = mkdtempSync(join(tmpdir(), "tag-bench-"));
  orphanReaper().removeDirOnDeath(dir);
  try {
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    const files = [file("providers.txt", `${options.providers.join("\n")}\n`), file("consumers.txt", `${options.consumers.join("\n")}\n`), file("held.yaml", options.held), file("draft.yaml", options.draft)];
    // Logging off: Dubbo logs each subscription the 3.3 router's notify attempts without a config center.
    const args = [...BENCH_FLAGS, ...jvmStateFlags(dir), ...dubboFlags(dubbo), "-Dorg.slf4j.simpleLogger.defaultLogLevel=off", "-cp", classpath(dubbo === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), MAIN_CLASS, "bench", ...files, String(options.rounds), ...options.tags];
    const peer = startPeer(`tag-bench-${options.line}`, "java", args);
    const code = await peer.exited;
    if (code !== 0) throw new TagOracleError(`the ${options.line} tag benchmark exited with ${code}:\n${peer.lines.slice(-20).join("\n")}`);
    const rounds = peer.lines.flatMap((l) => {
      const m = /^TAG micros=(\d+) kept=(\d+)$/.exec(l);
      return m === null ? [] : [{ micros: Number(m[1]), kept: Number(m[2]) }];
    });
    const kept = peer.lines.flatMap((l) => {
      const m = /^KEPT consumer=(\d+) state=(held|draft) tag=(\S+) kept=(\d+)$/.exec(l);
      return m === null ? [] : [{ consumer: Number(m[1]), state: m[2] as "held" | "draft", tag: m[3] === "-" ? null : m[3]!, kept: Number(m[4]) }];
    });
    if (rounds.length !== options.rounds) throw new TagOracleError(`the ${options.line} tag benchmark printed ${rounds.length} of ${options.rounds} rounds:\n${peer.lines.slice(-20).join("\n")}`);
    return { rounds, kept };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    orphanReaper().keepDir(dir);
  }
}
