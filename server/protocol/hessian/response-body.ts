import { CodecError } from "@/server/errors/transport-errors";
import { type ConsoleError } from "@/lib/errors";
import { RemoteError, RemoteTimeoutError } from "@/server/errors/invoke-errors";
import { statusName } from "./dubbo-status";
import { fromJava } from "./from-java";
import { HessianReader } from "./hessian-reader";
import { isThrowable, type JavaException, javaExceptionOf } from "./java/java-exception";
import { JavaObject } from "./java/java-values";
import { readJsonbString } from "./jsonb-string";

/**
 * What a provider answered with status 20 (OK): the method's value, or the exception it
 * threw, and the attachments that came with either. `value` is the decoded hessian value
 * (hessian-reader.ts); fromJava turns it into JSON.
 */
export type RpcResult =
  | { readonly kind: "value"; readonly value: unknown; readonly attachments: Record<string, string> }
  | { readonly kind: "exception"; readonly exception: JavaException; readonly attachments: Record<string, string> };

/** DubboCodec's result flags: the first value of an OK response body (written with writeByte, i.e. a hessian int). */
export const RESULT_FLAGS = {
  RESPONSE_WITH_EXCEPTION: 0,
  RESPONSE_VALUE: 1,
  RESPONSE_NULL_VALUE: 2,
  RESPONSE_WITH_EXCEPTION_WITH_ATTACHMENTS: 3,
  RESPONSE_VALUE_WITH_ATTACHMENTS: 4,
  RESPONSE_NULL_VALUE_WITH_ATTACHMENTS: 5,
} as const;

/**
 * Decodes the body of an OK response (DecodeableRpcResult.decode): the flag, then the
 * value (1, 4), nothing (2, 5) or a Throwable (0, 3), then for 3-5 the attachments map.
 * Throws CodecError for bytes that are not that (an unknown flag, an exception that is not
 * a Throwable, malformed hessian). Bytes after the result are ignored, as Java does.
 */
export function decodeResponseBody(body: Buffer): RpcResult {
  const reader = new HessianReader(body);
  const flag = reader.readInt();
  if (flag < 0 || flag > 5) throw new CodecError(`unknown result flag ${flag}: expected 0 to 5 (DubboCodec RESPONSE_*)`);
  const withAttachments = flag >= 3;
  const kind = flag % 3;
  let result: RpcResult;
  if (kind === 0) {
    const thrown = reader.read();
    if (!(thrown instanceof JavaObject)) throw new CodecError(`the response says the method threw, but its body holds ${thrown === null ? "null" : typeof thrown}, not a Throwable`);
    // hessian-lite sends every Throwable with Throwable's fields; anything else is named by its class.
    const exception: JavaException = isThrowable(thrown) ? javaExceptionOf(thrown, (v) => fromJava(v)) : { class: thrown.className, message: null, stackTrace: [] };
    result = { kind: "exception", exception, attachments: {} };
  } else {
    result = { kind: "value", value: kind === 1 ? reader.read() : null, attachments: {} };
  }
  if (withAttachments) result = { ...result, attachments: attachmentsOf(reader.read()) };
  return result;
}

/** An attachments map as strings: Java's are Map<String, Object>; non-string values become their JSON text. */
function attachmentsOf(value: unknown): Record<string, string> {
  if (value === null) return {};
  if (!(value instanceof Map)) throw new CodecError(`expected the attachments map after the result, found ${typeof value}`);
  const out: Record<string, string> = {};
  for (const [k, v] of value) {
    if (v === null || v === undefined) continue;
    const key = typeof k === "string" ? k : String(fromJava(k));
    const json = fromJava(v);
    out[key] = typeof json === "string" ? json : JSON.stringify(json);
  }
  return out;
}

/** Serialization ids (shared/reference/dubbo-protocol.md §1): hessian2, and fastjson2 that a 3.2 provider may use for error bodies. */
const HESSIAN2 = 2;

/**
 * The typed error of a response whose status is not OK, from `address` ("host:port"):
 * RemoteTimeoutError for 30/31, RemoteError naming the status for every other byte (known
 * or not). The body is the error message, one string in the frame's serialization:
 * hessian2, or fastjson2 JSONB (id 23) from a Dubbo 3.2 provider; a body that is neither
 * still gives an error, saying so. Never throws.
 */
export function errorOfStatus(status: number, body: Buffer, address: string, serializationId: number = HESSIAN2): ConsoleError {
  const message = statusMessage(body, serializationId);
  if (status === 30 || status === 31) return new RemoteTimeoutError(address, status, message);
  return new RemoteError(address, status, statusName(status), message);
}

function statusMessage(body: Buffer, serializationId: number): string {
  if (body.length === 0) return "(no message)";
  const jsonb = serializationId === HESSIAN2 ? undefined : readJsonbString(body);
  if (jsonb !== undefined) return jsonb ?? "(no message)";
  try {
    const text = new HessianReader(body).readString();
    return text ?? "(no message)";
  } catch {
    const other = readJsonbString(body);
    if (other !== undefined) return other ?? "(no message)";
    return `(a ${body.length}-byte message in serialization ${serializationId} the console cannot read)`;
  }
}
