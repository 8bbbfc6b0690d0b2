import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { TagCase, TagCaseAnswer } from "@/lib/tag/tag-case";
import { type Peer, startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The tag-router oracle: the real Java tag routers (test/peers, class
 * io.dubboconsole.demo.oracle.TagOracle with each module's DubboTagRouting) answering "which
 * providers does this consumer's tag router keep for this call, after these rule texts?" for
 * many cases (lib/tag/tag-case.ts TagCase) through one JVM.
 * - "2.7": Dubbo 2.7.23 `TagRouter(consumerUrl)` over the merged invoker URLs.
 * - "3.x": Dubbo 3.3.6 `TagStateRouter(consumerUrl)`, notified of the invokers first, over
 *   the DubboServiceAddressURLs a 3.3.6 consumer makes.
 * Each rule text reaches the router's `process` as a config-center event (null: DELETED);
 * the answer is {@link TagCaseAnswer}: the kept positions in input order, whether the router
 * holds a rule, and `thrown` (with `kept` empty) when route() itself threw.
 */
export type TagOracleLine = "2.7" | "3.x";

export class TagOracleError extends Error {
  override readonly name = "TagOracleError";
  readonly code = "tag_oracle_failed";
}

export interface TagOracle {
  readonly line: TagOracleLine;
  /** Answers every case, in order; cases are streamed without waiting for each answer. */
  ask(cases: readonly TagCase[]): Promise<TagCaseAnswer[]>;
  stop(): Promise<void>;
}

const MAIN_CLASS = "io.dubboconsole.demo.oracle.TagOracle";

/** Builds the peers if needed and starts the oracle JVM for `line`. */
export async function startTagOracle(line: TagOracleLine): Promise<TagOracle> {
  await ensureJavaPeersBuilt();
  const dubbo = line === "2.7" ? "2.7" : "3.3";
  const stateDir = mkdtempSync(join(tmpdir(), "tag-oracle-"));
  orphanReaper().removeDirOnDeath(stateDir);
  // Logging off: a refused rule is only logged by Java, and the answer says what it kept.
  const args = [...JVM_FLAGS, ...jvmStateFlags(stateDir), ...dubboFlags(dubbo), "-Dorg.slf4j.simpleLogger.defaultLogLevel=off", "-cp", classpath(dubbo === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), MAIN_CLASS];
  const peer = startPeer(`tag-oracle-${line}`, "java", args, { stdin: true, keepLines: 200 });
  const pending = new Map<number, { resolve(a: TagCaseAnswer): void; reject(e: Error): void }>();
  let nextId = 0;
  let dead: TagOracleError | undefined;
  createInterface({ input: peer.process.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const reply = JSON.parse(text) as { id: number; fault?: string; kept: number[]; ruleLoaded: boolean; thrown?: string };
    const waiter = pending.get(reply.id);
    if (waiter === undefined) {
      if (reply.fault !== undefined) for (const w of pending.values()) w.reject(new TagOracleError(reply.fault));
      return;
    }
    pending.delete(reply.id);
    if (reply.fault !== undefined) waiter.reject(new TagOracleError(`case ${reply.id}: ${reply.fault}`));
    else waiter.resolve(reply.thrown === undefined ? { kept: reply.kept, ruleLoaded: reply.ruleLoaded } : { kept: reply.kept, ruleLoaded: reply.ruleLoaded, thrown: reply.thrown });
  });
  void peer.exited.then((code) => {
    dead = new TagOracleError(`the ${line} tag oracle JVM exited with ${code}${lastLines(peer)}`);
    for (const w of pending.values()) w.reject(dead);
    pending.clear();
  });
  peer.process.stdin!.on("error", () => {});
  const drained = () => new Promise<void>((resolve) => peer.process.stdin!.once("drain", resolve));
  let stopping: Promise<void> | undefined;
  return {
    line,
    async ask(cases) {
      if (dead) throw dead;
      const answers: Promise<TagCaseAnswer>[] = [];
      for (const c of cases) {
        const id = nextId++;
        answers.push(new Promise<TagCaseAnswer>((resolve, reject) => pending.set(id, { resolve, reject })));
        peer.process.stdin!.write(`${JSON.stringify({ id, rules: c.rules, consumer: c.consumer, providers: c.providers, attachments: c.attachments })}\n`);
        if (peer.process.stdin!.writableNeedDrain) await Promise.race([drained(), peer.exited]);
      }
      return Promise.all(answers);
    },
    stop() {
      stopping ??= (async () => {
        peer.process.stdin!.end();
        const quit = await Promise.race([peer.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000).unref())]);
        if (!quit) await peer.stop();
        rmSync(stateDir, { recursive: true, force: true });
        orphanReaper().keepDir(stateDir);
      })();
      return stopping;
    },
  };
}

function lastLines(peer: Peer): string {
  const tail = peer.lines.filter((l) => !l.startsWith("{")).slice(-20);
  return tail.length === 0 ? "" : `; its last output:\n${tail.join("\n")}`;
}
