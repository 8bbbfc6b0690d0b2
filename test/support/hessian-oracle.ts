import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type Peer, startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The hessian oracle: Dubbo's own DubboCodec and hessian-lite (test/peers, class
 * io.dubboconsole.demo.oracle.HessianOracle, on the 2.7.23 or 3.3.6 classpath) writing the
 * bodies a Java consumer or provider writes, and reading the console's bytes as a provider
 * reads them, through one JVM. Questions and answers are JSON lines; see the Java class for
 * each op. Bodies travel as base64.
 */
export type HessianOracleLine = "2.7" | "3.3";

/** A request body to check: the console's bytes for `method` (found by name and descriptor) with these JSON arguments. */
export interface RequestQuestion {
  readonly op: "request";
  readonly interface: string;
  readonly method: string;
  readonly desc: string;
  readonly args: readonly unknown[];
  /** As put into the invocation, in order. */
  readonly attachments: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RequestAnswer {
  /** The body DubboCodec writes for the same invocation. */
  readonly javaBody: string;
  /** dubbo version, service, version, method, descriptor, as a provider reads the console's body. */
  readonly head: readonly (string | null)[];
  readonly attachments: Readonly<Record<string, string>>;
  /** The console's arguments read back equal Java's own arguments read back. */
  readonly sameAsJava: boolean;
  /** The console's arguments read back equal the Java values the JSON stands for. */
  readonly sameAsJson: boolean;
  /** The first difference, or "". */
  readonly diff: string;
  /** The arguments as the provider read them, for messages. */
  readonly decoded: string;
}

/** The body a provider writes for `method` returning `value` (JSON read as the method's return type). */
export interface ResponseQuestion {
  readonly op: "response";
  readonly interface: string;
  readonly method: string;
  readonly desc: string;
  readonly value: unknown;
}

/**
 * The body of a call that threw: a BusinessException, an IllegalStateException, one with a
 * cause, an undeclared one as ExceptionFilter wraps it, or a generic call's wrapped one.
 */
export interface ExceptionQuestion {
  readonly op: "exception";
  readonly kind: "business" | "runtime" | "caused" | "filtered" | "generic-alibaba" | "generic-apache";
  readonly message: string;
}

export interface ExceptionAnswer {
  readonly body: string;
  /** The (real, unwrapped) exception as Java prints it. */
  readonly class: string;
  readonly message: string | null;
  readonly stackTrace: readonly string[];
}

/** A `$invoke` body to check: read as a provider reads it and realized as GenericFilter does. */
export interface GenericQuestion {
  readonly op: "generic";
  readonly interface: string;
  readonly method: string;
  readonly args: readonly unknown[];
  readonly body: string;
}

export interface GenericAnswer {
  readonly head: readonly (string | null)[];
  readonly method: string;
  readonly types: readonly string[];
  /** The `generic` attachment as the provider read it. */
  readonly generic: string;
  readonly sameAsJson: boolean;
  readonly diff: string;
  readonly decoded: string;
}

type Question = RequestQuestion | ResponseQuestion | ExceptionQuestion | GenericQuestion;
type AnswerOf<Q> = Q extends RequestQuestion ? RequestAnswer : Q extends ResponseQuestion ? { readonly body: string } : Q extends ExceptionQuestion ? ExceptionAnswer : GenericAnswer;

/** The oracle could not answer: the JVM died, or Java threw on the question (the message says what). */
export class HessianOracleError extends Error {
  override readonly name = "HessianOracleError";
  readonly code = "hessian_oracle_failed";
}

/** A running oracle JVM. */
export interface HessianOracle {
  readonly line: HessianOracleLine;
  /** Asks one question; answers come in order. */
  ask<Q extends Question>(question: Q): Promise<AnswerOf<Q>>;
  /** Ends the JVM and removes its temporary folder. Idempotent. */
  stop(): Promise<void>;
}

const MAIN_CLASS = "io.dubboconsole.demo.oracle.HessianOracle";

/** Builds the peers if needed and starts an oracle JVM for `line`. */
export async function startHessianOracle(line: HessianOracleLine): Promise<HessianOracle> {
  await ensureJavaPeersBuilt();
  const stateDir = mkdtempSync(join(tmpdir(), "hessian-oracle-"));
  orphanReaper().removeDirOnDeath(stateDir);
  const args = [
    ...JVM_FLAGS,
    ...jvmStateFlags(stateDir),
    ...dubboFlags(line),
    "-cp",
    classpath(line === "2.7" ? "dubbo-2.7" : "dubbo-3.3"),
    MAIN_CLASS,
  ];
  const peer = startPeer(`hessian-oracle-${line}`, "java", args, { stdin: true, keepLines: 200 });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: HessianOracleError): void }>();
  let nextId = 0;
  let dead: HessianOracleError | undefined;

  createInterface({ input: peer.process.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const reply = JSON.parse(text) as { id: number; fault?: string };
    const waiter = pending.get(reply.id);
    if (waiter === undefined) return;
    pending.delete(reply.id);
    if (reply.fault !== undefined) waiter.reject(new HessianOracleError(reply.fault));
    else waiter.resolve(reply);
  });
  void peer.exited.then((code) => {
    dead = new HessianOracleError(`the ${line} hessian oracle JVM exited with ${code}${lastLines(peer)}`);
    for (const waiter of pending.values()) waiter.reject(dead);
    pending.clear();
  });
  peer.process.stdin!.on("error", () => {});

  let stopping: Promise<void> | undefined;
  return {
    line,
    ask<Q extends Question>(question: Q): Promise<AnswerOf<Q>> {
      if (dead) return Promise.reject(dead);
      const id = nextId++;
      const answer = new Promise<AnswerOf<Q>>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
      peer.process.stdin!.write(`${JSON.stringify({ id, ...question })}\n`);
      return answer;
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

function lastLines(peer: Peer): string {
  const tail = peer.lines.filter((l) => !l.startsWith("{")).slice(-20);
  return tail.length === 0 ? "" : `; its last output:\n${tail.join("\n")}`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
