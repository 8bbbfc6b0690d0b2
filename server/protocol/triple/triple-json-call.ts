import type { ConsoleError } from "@/lib/errors";
import { InvalidArgumentsError, RemoteError, RemoteTimeoutError } from "@/server/errors/invoke-errors";
import { CodecError } from "@/server/errors/transport-errors";
import { parseExactJson } from "./exact-json";
import type { TripleClient } from "./triple-client";

/** A call to a Java-interface method over Triple's HTTP/JSON path: the arguments as JSON, no types. */
export interface JsonCall {
  readonly interface: string;
  readonly group?: string;
  readonly version?: string;
  readonly method: string;
  /** The arguments as the invoke API received them (a long beyond 2^53−1 as a decimal string). */
  readonly args: readonly unknown[];
  readonly timeoutMs: number;
  /** More headers: a call's attachments travel as headers on Triple. */
  readonly attachments?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * The class shown for an exception that came over the JSON path: Dubbo 3.3.6 answers it HTTP
 * 500 `{"message": ..., "status": "500"}` (its ErrorResponse has no other field), so the
 * class is not known.
 */
export const THROWN_OVER_JSON = "HTTP 500";

/** A call's outcome: the value as JSON, or the message of what the method threw. */
export type JsonResult = { readonly kind: "value"; readonly value: unknown } | { readonly kind: "exception"; readonly class: string; readonly message: string };

/** What Dubbo 3.3.6 says, in a 500, of a call the JSON path cannot make (measured against its Triple server). */
const AMBIGUOUS = /^Ambiguous mapping for '/;
const ARGUMENT_NOT_MATCHED = /^Name for argument of type \[/;
const BODY_NOT_READ = /^Error decoding json$/;

/**
 * One call over Dubbo 3.3's HTTP/JSON path on Triple, which a tri provider of a
 * Java-interface service serves beside gRPC: `POST /{interface}/{method}`,
 * `content-type: application/json`, the arguments as one JSON array, the group and version in
 * `tri-service-group` / `tri-service-version`, on the provider's HTTP/2 connection. Dubbo
 * converts each element to its parameter's type by the method's own signature, so no
 * parameter type is sent. The answer is the return value as JSON (exact: exact-json.ts), or
 * an HTTP status and `{"message"}` ({@link readJsonAnswer}).
 * @throws ConnectError, TimeoutError, CancelledError, PayloadTooLargeError; the typed errors of
 *   {@link readJsonAnswer}.
 */
export async function callJson(client: TripleClient, call: JsonCall): Promise<JsonResult> {
  const headers: Record<string, string> = {
    ...call.attachments,
    "content-type": "application/json",
    accept: "application/json",
    "user-agent": "dubbo-console",
    "tri-consumer-appname": "dubbo-console",
  };
  // No grpc-timeout: this is not a gRPC call, and 3.3.6 did not end a JSON call at one; the deadline is the console's own.
  if (call.version) headers["tri-service-version"] = call.version;
  if (call.group) headers["tri-service-group"] = call.group;
  const path = `/${call.interface}/${call.method}`;
  const body = Buffer.from(JSON.stringify(call.args), "utf8");
  const answer = await client.request({ path, headers, body, timeoutMs: call.timeoutMs, ...(call.signal ? { signal: call.signal } : {}) });
  return readJsonAnswer(answer.status, answer.body, { address: client.address, method: call.method, argCount: call.args.length });
}

/** The call an answer belongs to, for its errors. */
export interface JsonAnswerContext {
  readonly address: string;
  readonly method: string;
  readonly argCount: number;
}

/**
 * Reads an answer of the JSON path, as Dubbo 3.3.6 writes them:
 * - 2xx: the return value as JSON (void and null are `null`); a body that is not JSON is a
 *   byte[] the method returned, which Dubbo writes as raw bytes: base64, the API's byte[];
 * - 500: what the method threw, as `{"message"}` with no class ({@link THROWN_OVER_JSON}),
 *   except Dubbo's own failures to make the call: an overloaded method ("Ambiguous mapping",
 *   InvalidArgumentsError at `parameterTypes`), arguments it could not match to the
 *   parameters ("Name for argument of type [int] not specified", at `args`), and a body it
 *   could not read (CodecError);
 * - 400: arguments the provider could not convert (InvalidArgumentsError at `args`);
 * - 504: a RemoteTimeoutError; any other status (404 "Invoker not found" for a method or
 *   service it does not serve): a RemoteError naming the HTTP status.
 */
export function readJsonAnswer(status: number, body: Buffer, context: JsonAnswerContext): JsonResult {
  if (status >= 200 && status < 300) return { kind: "value", value: valueOf(body) };
  const message = errorMessage(body);
  if (status === 500) {
    const failure = dubboFailure(message, context);
    if (failure) throw failure;
    return { kind: "exception", class: THROWN_OVER_JSON, message };
  }
  if (status === 400) throw new InvalidArgumentsError([{ path: "args", message: `${context.address} could not convert the arguments of ${context.method}: ${message}` }]);
  if (status === 504) throw new RemoteTimeoutError(context.address, 31, message);
  throw new RemoteError(context.address, status, `HTTP ${status}`, message);
}

function valueOf(body: Buffer): unknown {
  if (body.length === 0) return null;
  const json = parseExactJson(body.toString("utf8"));
  return json.ok ? json.value : body.toString("base64");
}

/** The `message` of Dubbo's ErrorResponse; else the body's start as text. */
function errorMessage(body: Buffer): string {
  const text = body.toString("utf8");
  const json = parseExactJson(text);
  if (json.ok && typeof json.value === "object" && json.value !== null && typeof (json.value as { message?: unknown }).message === "string") return (json.value as { message: string }).message;
  const start = text.trim().slice(0, 300);
  return start === "" ? "(no message)" : start;
}

function dubboFailure(message: string, context: JsonAnswerContext): ConsoleError | null {
  const { address, method, argCount } = context;
  if (AMBIGUOUS.test(message)) return new InvalidArgumentsError([{ path: "parameterTypes", message: `${method} is overloaded on ${address}, and Triple's JSON path cannot choose among its overloads: give parameterTypes` }]);
  if (ARGUMENT_NOT_MATCHED.test(message)) {
    return new InvalidArgumentsError([{ path: "args", message: `${address} could not match ${argCount} argument${argCount === 1 ? "" : "s"} to the parameters of ${method} (does it take ${argCount}?): ${message}` }]);
  }
  if (BODY_NOT_READ.test(message)) return new CodecError(`${address} could not read the JSON arguments of ${method}: ${message}`);
  return null;
}
