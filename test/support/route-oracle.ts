import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type Peer, startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The route oracle: the real Java condition routers (test/peers, class
 * io.dubboconsole.demo.oracle.RouteOracle) answering "which providers does this rule leave
 * this consumer?" for many cases through one JVM, to compare the console's rule engine with.
 *
 * - "2.7": ConditionRouter of Dubbo 2.7.23, built from a routers-category route URL (the rule
 *   URL-encoded inside it, read back as a 2.7 consumer reads /dubbo/{service}/routers);
 *   invoker URLs made from the provider URLs as ZookeeperRegistry + RegistryDirectory.mergeUrl
 *   do (consumer parameters merged in, check=false).
 * - "3.x": ConditionStateRouter of Dubbo 3.3.6, built as from a config-center rule (rule text,
 *   force, enabled); invoker URLs are the DubboServiceAddressURLs ZookeeperRegistry makes
 *   (timestamp and pid stripped from the node name, check=false added, consumer URL behind).
 *
 * In both, a provider string is the decoded URL the registry view shows, and the oracle
 * parses the node a Java provider writes for it, `URL.encode(provider)`, with the consumer's
 * own parser (a consumer never sees the decoded string); lib/routing/url/provider-url.ts reads
 * it the same way. `consumer` is the consumer's own URL (`URL.valueOf`): what route()
 * receives and, in 2.7, the parameters merged into every provider URL. Every provider URL becomes one invoker: the
 * registry's and directory's filters (group/version match, protocol, disabled providers,
 * duplicates) are not applied, so a result's indices always point into `providers`.
 */
export type OracleLine = "2.7" | "3.x";

/** The call being routed. Missing fields stay unset on Java's RpcInvocation. */
export interface RouteInvocation {
  readonly method?: string;
  /** Passed as String arguments (`null` as a null argument). */
  readonly arguments?: readonly (string | null)[];
  readonly attachments?: Readonly<Record<string, string>>;
}

/** One question: plain JSON, exactly what the Java oracle reads (it adds its own `id`). */
export interface RouteCase {
  readonly rule: string;
  readonly force: boolean;
  readonly enabled: boolean;
  /** A `consumer://` URL as registered (decoded). */
  readonly consumer: string;
  /** `null`: route without an invocation (as a directory refresh does). */
  readonly invocation: RouteInvocation | null;
  /** Provider URLs as registered (decoded); duplicates allowed. */
  readonly providers: readonly string[];
}

/** Java's answer to one case. */
export type OracleAnswer =
  | {
      readonly ok: true;
      /** Indices into the case's `providers` that route() returned, in its order. */
      readonly result: readonly number[];
      /** The router's own matchWhen(consumer, invocation); `null` when it threw. */
      readonly whenMatched: boolean | null;
    }
  | {
      readonly ok: false;
      /** What the router's constructor threw: `<exception class>: <message>`. */
      readonly error: string;
      /** The ParseException's offset, into the trimmed when or then part (not the whole rule); `null` when none. */
      readonly offset: number | null;
    };

/** The oracle could not answer: the JVM failed or died, or a case was unusable. */
export class RouteOracleError extends Error {
  override readonly name = "RouteOracleError";
  readonly code = "route_oracle_failed";
}

/** A running oracle JVM. */
export interface RouteOracle {
  readonly line: OracleLine;
  /** The JVM's process id (its process group's too). */
  readonly pid: number | undefined;
  /**
   * Routes every case; answers in the order of `cases`. Cases are streamed through the JVM
   * without waiting for each answer, so thousands take about as long as Java needs to route
   * them. Rejects with {@link RouteOracleError} if the JVM dies or calls a case unusable
   * (the message names the case).
   */
  ask(cases: readonly RouteCase[]): Promise<OracleAnswer[]>;
  /** Ends the JVM (closing its stdin, then signals) and removes its temporary folder. Idempotent. */
  stop(): Promise<void>;
}

const MAIN_CLASS = "io.dubboconsole.demo.oracle.RouteOracle";

/** The Java command line of the oracle for `line`, before the main class's own arguments. */
export function routeOracleJavaArgs(line: OracleLine, stateDir: string, jvmFlags: readonly string[] = JVM_FLAGS): string[] {
  const dubbo = line === "2.7" ? "2.7" : "3.3";
  // Dubbo logs every swallowed routing error; ROUTE_ORACLE_LOGS=1 shows them.
  const level = process.env.ROUTE_ORACLE_LOGS ? "warn" : "off";
  return [
    ...jvmFlags,
    ...jvmStateFlags(stateDir),
    ...dubboFlags(dubbo),
    `-Dorg.slf4j.simpleLogger.defaultLogLevel=${level}`,
    "-cp",
    classpath(dubbo === "2.7" ? "dubbo-2.7" : "dubbo-3.3"),
    MAIN_CLASS,
  ];
}

interface Pending {
  resolve(answer: OracleAnswer): void;
  reject(error: RouteOracleError): void;
}

/** Builds the peers if needed and starts an oracle JVM for `line`. `jvmFlags` replace the rig's quick-start flags. */
export async function startRouteOracle(line: OracleLine, options: { jvmFlags?: readonly string[] } = {}): Promise<RouteOracle> {
  await ensureJavaPeersBuilt();
  const stateDir = mkdtempSync(join(tmpdir(), "route-oracle-"));
  orphanReaper().removeDirOnDeath(stateDir);
  const peer = startPeer(`route-oracle-${line}`, "java", routeOracleJavaArgs(line, stateDir, options.jvmFlags), { stdin: true, keepLines: 200 });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let dead: RouteOracleError | undefined;

  createInterface({ input: peer.process.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const reply = JSON.parse(text) as WireAnswer;
    const waiter = pending.get(reply.id);
    if (waiter === undefined) return;
    pending.delete(reply.id);
    if ("fault" in reply) waiter.reject(new RouteOracleError(reply.fault));
    else waiter.resolve(toAnswer(reply));
  });
  void peer.exited.then((code) => {
    dead = new RouteOracleError(`the ${line} route oracle JVM exited with ${code}${lastLines(peer)}`);
    for (const waiter of pending.values()) waiter.reject(dead);
    pending.clear();
  });
  // A closed pipe is reported through `exited`; without a listener an EPIPE would crash the test run.
  peer.process.stdin!.on("error", () => {});

  const send = (c: RouteCase): Promise<OracleAnswer> => {
    const id = nextId++;
    const answer = new Promise<OracleAnswer>((resolve, reject) => pending.set(id, { resolve, reject }));
    peer.process.stdin!.write(`${JSON.stringify({ id, ...c })}\n`);
    return answer;
  };
  const drained = () => new Promise<void>((resolve) => peer.process.stdin!.once("drain", resolve));

  let stopping: Promise<void> | undefined;
  return {
    line,
    pid: peer.process.pid,
    async ask(cases) {
      if (dead) throw dead;
      const answers: Promise<OracleAnswer>[] = [];
      for (const [i, c] of cases.entries()) {
        if (dead) break;
        answers.push(
          send(c).catch((e: unknown) => {
            throw e === dead ? e : new RouteOracleError(`case ${i} is unusable: ${(e as Error).message}\n${JSON.stringify(c)}`);
          }),
        );
        // Let the pipe drain before writing more; answers keep arriving meanwhile.
        if (peer.process.stdin!.writableNeedDrain) await Promise.race([drained(), peer.exited]);
      }
      return Promise.all(answers);
    },
    stop() {
      stopping ??= (async () => {
        peer.process.stdin!.end();
        const quit = await Promise.race([peer.exited.then(() => true), delay(5_000).then(() => false)]);
        if (!quit) await peer.stop();
        rmSync(stateDir, { recursive: true, force: true });
        orphanReaper().keepDir(stateDir);
      })();
      return stopping;
    },
  };
}

type WireAnswer =
  | { id: number; ok: true; result: number[]; whenMatched: boolean | null }
  | { id: number; ok: false; error: string; offset?: number }
  | { id: number; fault: string };

function toAnswer(reply: Exclude<WireAnswer, { fault: string }>): OracleAnswer {
  return reply.ok ? { ok: true, result: reply.result, whenMatched: reply.whenMatched } : { ok: false, error: reply.error, offset: reply.offset ?? null };
}

function lastLines(peer: Peer): string {
  const tail = peer.lines.filter((l) => !l.startsWith("{")).slice(-20);
  return tail.length === 0 ? "" : `; its last output:\n${tail.join("\n")}`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
