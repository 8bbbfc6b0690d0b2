import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type Peer, startPeer } from "./child-process";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The Triple wrapper oracle: Dubbo 3.3.6's own ReflectionPackableMethod and
 * TripleCustomerProtocolWrapper (test/peers, class io.dubboconsole.demo.oracle.TripleWrapperOracle,
 * on the dubbo-3.3 classpath) writing the wrapped bodies a 3.3.6 consumer or provider writes for a
 * Java-interface method over Triple (TripleRequestWrapper, TripleResponseWrapper, each argument or
 * value hessian2 on its own), and reading the console's bytes as a 3.3.6 provider or consumer
 * reads them, through one JVM. Questions and answers are JSON lines, answered in order; bodies
 * travel as base64. The Java class's comment is the full contract.
 *
 * Every question names the method as the hessian oracle does: the interface, the method's name
 * and `desc`, the JVM descriptor of its parameter types (`"Ljava/lang/String;"`, `"I"`,
 * `"[Ljava/lang/String;"`, `""` for none). JSON values follow the console's conventions (docs/api.md,
 * POST /api/v1/invoke), read by the declared (generic) Java types.
 *
 * What 3.3.6 writes (checked by hand against the jar):
 * - a request: field 1 `"hessian4"`, one field 2 per argument, one field 3 per parameter with
 *   Class.getName() (`java.lang.String`, `int`, `[Ljava.lang.String;`, `java.util.List`,
 *   `io.dubboconsole.demo.api.User`); a no-arg method: field 1 only. A provider ignores
 *   argTypes: it reads each argument as the method's own parameter class.
 * - a response: field 1 the request's serializeType (`"hessian4"`), 2 the value, 3 the method's
 *   return class's getName() (`java.lang.String`, `void`, `int`, `io.dubboconsole.demo.api.User`),
 *   the same for an exception: 3.3.6 does not write `java.lang.Exception` there; a consumer knows an
 *   exception by the `tri-exception-code` header, and reads the data as java.lang.Exception then
 *   (`readResponse` with `exception: true`).
 */

/** A method of a demo interface, as each question names it. */
export interface MethodRef {
  readonly interface: string;
  readonly method: string;
  /** The JVM descriptor of the parameter types (ReflectUtils.getDesc), "" for none. */
  readonly desc: string;
}

/** The console's request body for `method` with these JSON arguments, to compare with Java's. */
export interface WrapperRequestQuestion extends MethodRef {
  readonly args: readonly unknown[];
  /** Java's values instead of `args`, where JSON cannot say them as the console reads them (-0.0). */
  readonly javaArgs?: readonly unknown[];
  /** Base64 of the console's TripleRequestWrapper. */
  readonly body: string;
}

export type WrapperRequestAnswer = WrapperRequestRead | WrapperRequestUnreadable;

/** The console's body, read by TripleRequestWrapper.parseFrom and by the provider's WrapRequestUnpack. */
export interface WrapperRequestRead {
  /** Base64 of WrapRequestPack.pack of the values the JSON stands for: what a 3.3.6 consumer sends. */
  readonly javaBody: string;
  /** Field 1 of the console's body, as parseFrom reads it (null when absent). */
  readonly serializeType: string | null;
  /** Field 3 of the console's body, in order. */
  readonly argTypes: readonly string[];
  /** How many field-2 arguments the console's body holds. */
  readonly argCount: number;
  /** The console's arguments, as a provider reads them, equal Java's own arguments read back from javaBody (deep equality). */
  readonly sameAsJava: boolean;
  /** The console's arguments, as a provider reads them, equal the Java values the JSON stands for. */
  readonly sameAsJson: boolean;
  /** The first difference, or "". */
  readonly diff: string;
  /** The arguments as the provider read them, for messages. */
  readonly decoded: string;
  readonly readError?: undefined;
}

/**
 * The console's body could not be read: parseFrom failed (then only `javaBody` and `readError`),
 * or it parsed and WrapRequestUnpack failed (then also `serializeType`, `argTypes`, `argCount`).
 */
export interface WrapperRequestUnreadable {
  readonly javaBody: string;
  readonly serializeType?: string | null;
  readonly argTypes?: readonly string[];
  readonly argCount?: number;
  /** `exception class: message`, as Java's toString prints it, and its cause's. */
  readonly readError: string;
}

/** The answer a 3.3.6 provider writes for `method` returning `value` (JSON read as the return type; null for void). */
export interface WrapperResponseQuestion extends MethodRef {
  readonly value: unknown;
}

/** A TripleResponseWrapper Java wrote, with its fields as Java reads them back. */
export interface WrapperResponseAnswer {
  /** Base64 of WrapResponsePack.pack, after the provider read a Java request ("hessian4"). */
  readonly javaBody: string;
  readonly serializeType: string;
  /** Field 3: the method's return class's getName(), also for an exception. */
  readonly type: string;
}

/** The answer a 3.3.6 provider writes for `method` having thrown. */
export interface WrapperExceptionQuestion extends MethodRef {
  /** BusinessException (made with errorCode "E_BUSINESS", or `errorCode`), or any Throwable with a (String) constructor. */
  readonly class: "io.dubboconsole.demo.api.BusinessException" | "java.lang.IllegalStateException" | (string & {});
  readonly message: string;
  readonly errorCode?: string;
  /** No stack frames, so that the bytes do not depend on the oracle's own stack. */
  readonly emptyStackTrace?: boolean;
}

/** A response body (the console's, as a provider) read as a 3.3.6 consumer reads it. */
export interface WrapperReadResponseQuestion extends MethodRef {
  /** Base64 of a TripleResponseWrapper. */
  readonly body: string;
  /** Read as an answer that came with `tri-exception-code` (WrapResponseUnpack.unpack(body, true): as java.lang.Exception); otherwise as the return class. */
  readonly exception?: boolean;
}

export type WrapperReadResponseAnswer =
  | {
      /** What WrapResponseUnpack returned, as JSON by the console's conventions (a Throwable as `{ class, message, stackTrace, cause?, fields? }`). */
      readonly value: unknown;
      /** The returned value's Java class, null for null. */
      readonly valueClass: string | null;
      readonly serializeType: string | null;
      readonly type: string | null;
      readonly readError?: undefined;
    }
  | {
      /** Present when parseFrom read the wrapper and the value failed. */
      readonly serializeType?: string | null;
      readonly type?: string | null;
      readonly readError: string;
    };

/** The oracle could not answer: the JVM died, or Java threw on the question (the message says what). */
export class TripleWrapperOracleError extends Error {
  override readonly name = "TripleWrapperOracleError";
  readonly code = "triple_wrapper_oracle_failed";
}

/** A running oracle JVM. Questions may be asked concurrently; each answer finds its question by id (answers also carry that `id`). */
export interface TripleWrapperOracle {
  request(question: WrapperRequestQuestion): Promise<WrapperRequestAnswer>;
  response(question: WrapperResponseQuestion): Promise<WrapperResponseAnswer>;
  exception(question: WrapperExceptionQuestion): Promise<WrapperResponseAnswer>;
  readResponse(question: WrapperReadResponseQuestion): Promise<WrapperReadResponseAnswer>;
  /** Ends the JVM and removes its temporary folder. Idempotent. */
  stop(): Promise<void>;
}

const MAIN_CLASS = "io.dubboconsole.demo.oracle.TripleWrapperOracle";

/** Builds the peers if needed and starts an oracle JVM (Dubbo 3.3.6). */
export async function startTripleWrapperOracle(): Promise<TripleWrapperOracle> {
  await ensureJavaPeersBuilt();
  const stateDir = mkdtempSync(join(tmpdir(), "triple-wrapper-oracle-"));
  orphanReaper().removeDirOnDeath(stateDir);
  const args = [...JVM_FLAGS, ...jvmStateFlags(stateDir), ...dubboFlags("3.3"), "-cp", classpath("dubbo-3.3"), MAIN_CLASS];
  const peer = startPeer("triple-wrapper-oracle", "java", args, { stdin: true, keepLines: 200 });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: TripleWrapperOracleError): void }>();
  let nextId = 0;
  let dead: TripleWrapperOracleError | undefined;

  createInterface({ input: peer.process.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const reply = JSON.parse(text) as { id?: number; error?: string };
    if (reply.id === undefined) return;
    const waiter = pending.get(reply.id);
    if (waiter === undefined) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiter.reject(new TripleWrapperOracleError(reply.error));
    else waiter.resolve(reply);
  });
  void peer.exited.then((code) => {
    dead = new TripleWrapperOracleError(`the Triple wrapper oracle JVM exited with ${code}${lastLines(peer)}`);
    for (const waiter of pending.values()) waiter.reject(dead);
    pending.clear();
  });
  peer.process.stdin!.on("error", () => {});

  const ask = <A>(op: string, question: object): Promise<A> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    const answer = new Promise<A>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    peer.process.stdin!.write(`${JSON.stringify({ ...question, id, op })}\n`);
    return answer;
  };

  let stopping: Promise<void> | undefined;
  return {
    request: (q) => ask<WrapperRequestAnswer>("request", q),
    response: (q) => ask<WrapperResponseAnswer>("response", q),
    exception: (q) => ask<WrapperResponseAnswer>("exception", q),
    readResponse: (q) => ask<WrapperReadResponseAnswer>("readResponse", q),
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
