import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type Peer, startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The configurator oracle: the real Java configurator classes (test/peers, class
 * io.dubboconsole.demo.oracle.ConfigOracle with each module's DubboConfigurators) answering
 * "what does this consumer make of its own URL and of each provider URL under these
 * configurators?" for many cases through one JVM.
 * - "2.7": Dubbo 2.7.23; provider URLs are taken as already merged (RegistryDirectory.mergeUrl).
 * - "3.x": Dubbo 3.3.6; each provider becomes a DubboServiceAddressURL behind the consumer
 *   URL, and the answer is its override URL and what getParameter answers for {@link EFFECTIVE_KEYS}.
 */
export type ConfigOracleLine = "2.7" | "3.x";

/** The keys whose effective value the 3.x oracle reports (DubboConfigurators.EFFECTIVE). */
export const EFFECTIVE_KEYS = ["weight", "disabled", "enabled", "timeout", "retries", "loadbalance", "cluster", "application", "side", "group", "version", "sayHello.timeout"] as const;

/** One case: plain JSON, what the Java oracle reads (it adds its own `id`). */
export interface ConfigCase {
  /** The registry's `configurators` category (`override://`, `absent://`, `empty://`), decoded. */
  readonly registry: readonly string[];
  /** The application's config-center rule text, or null for none. */
  readonly appRule: string | null;
  /** The service's config-center rule text, or null for none. */
  readonly serviceRule: string | null;
  /** The consumer's URL (decoded). */
  readonly consumer: string;
  /** Provider URLs (decoded): 2.7 merged ones, 3.x as registered. */
  readonly providers: readonly string[];
}

/** A URL as the oracle prints it. */
export interface OracleUrl {
  readonly protocol: string;
  readonly username: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly parameters: Readonly<Record<string, string>>;
}

export interface AddressAnswer {
  readonly override: OracleUrl | null;
  readonly effective: Readonly<Record<string, string | null>>;
}

export type ConfigAnswer =
  | { readonly ok: true; readonly localHost: string; readonly consumer: OracleUrl; readonly providers: readonly (OracleUrl | AddressAnswer)[] }
  | { readonly ok: false; readonly rule: "app" | "service"; readonly error: string };

export class ConfigOracleError extends Error {
  override readonly name = "ConfigOracleError";
  readonly code = "config_oracle_failed";
}

export interface ConfigOracle {
  readonly line: ConfigOracleLine;
  /** Answers every case, in order; cases are streamed without waiting for each answer. */
  ask(cases: readonly ConfigCase[]): Promise<ConfigAnswer[]>;
  stop(): Promise<void>;
}

const MAIN_CLASS = "io.dubboconsole.demo.oracle.ConfigOracle";

/** Builds the peers if needed and starts the oracle JVM for `line`. */
export async function startConfigOracle(line: ConfigOracleLine): Promise<ConfigOracle> {
  await ensureJavaPeersBuilt();
  const dubbo = line === "2.7" ? "2.7" : "3.3";
  const stateDir = mkdtempSync(join(tmpdir(), "config-oracle-"));
  orphanReaper().removeDirOnDeath(stateDir);
  const args = [...JVM_FLAGS, ...jvmStateFlags(stateDir), ...dubboFlags(dubbo), "-Dorg.slf4j.simpleLogger.defaultLogLevel=off", "-cp", classpath(dubbo === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), MAIN_CLASS];
  const peer = startPeer(`config-oracle-${line}`, "java", args, { stdin: true, keepLines: 200 });
  const pending = new Map<number, { resolve(a: ConfigAnswer): void; reject(e: Error): void }>();
  let nextId = 0;
  let dead: ConfigOracleError | undefined;
  createInterface({ input: peer.process.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const reply = JSON.parse(text) as { id: number; fault?: string } & ConfigAnswer;
    const waiter = pending.get(reply.id);
    if (waiter === undefined) {
      if (reply.fault !== undefined) for (const w of pending.values()) w.reject(new ConfigOracleError(reply.fault));
      return;
    }
    pending.delete(reply.id);
    if (reply.fault !== undefined) waiter.reject(new ConfigOracleError(reply.fault));
    else waiter.resolve(reply);
  });
  void peer.exited.then((code) => {
    dead = new ConfigOracleError(`the ${line} config oracle JVM exited with ${code}${lastLines(peer)}`);
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
      const answers: Promise<ConfigAnswer>[] = [];
      for (const c of cases) {
        const id = nextId++;
        answers.push(new Promise<ConfigAnswer>((resolve, reject) => pending.set(id, { resolve, reject })));
        peer.process.stdin!.write(`${JSON.stringify({ id, ...c })}\n`);
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
