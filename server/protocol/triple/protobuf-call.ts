import { type DescMethod, fromBinary, fromJson, type JsonValue, toBinary, toJson } from "@bufbuild/protobuf";
import { CodecError } from "@/server/errors/transport-errors";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { grpcHeaders } from "./grpc-headers";
import { errorOfGrpcStatus } from "./grpc-status";
import type { TripleClient } from "./triple-client";

/** A call to a protobuf (IDL) method over Triple: its argument as proto3 JSON. */
export interface ProtobufCall {
  /** The service's full proto name (`package.Service`), the first part of the path. */
  readonly service: string;
  readonly method: DescMethod;
  readonly group?: string;
  readonly version?: string;
  /** The request message as proto3 JSON (field json names or proto names; int64 as number or string; enums by name). */
  readonly argument: unknown;
  readonly timeoutMs: number;
  readonly attachments?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * The class shown for an IDL method's exception: Dubbo sends only its message (grpc-status
 * UNKNOWN), so the class is not known.
 */
export const THROWN_UNKNOWN = "gRPC UNKNOWN";

/**
 * A call's outcome: the reply as proto3 JSON, or the exception the method threw: its message
 * (and its class when the provider names one, in `Class: message` with `tri-exception-code`).
 */
export type ProtobufResult = { readonly kind: "value"; readonly value: JsonValue } | { readonly kind: "exception"; readonly class: string; readonly message: string };

/**
 * The request message's bytes from its JSON. @throws InvalidArgumentsError (400) naming the
 * field proto3 JSON refuses.
 */
export function encodeProtobufArgument(method: DescMethod, argument: unknown): Uint8Array {
  try {
    return toBinary(method.input, fromJson(method.input, argument as JsonValue));
  } catch (e) {
    throw new InvalidArgumentsError([{ path: "args.0", message: `not a ${method.input.typeName} in proto3 JSON: ${(e as Error).message}` }]);
  }
}

/**
 * One unary protobuf call as gRPC makes it (`POST /{package.Service}/{method}`, content
 * type `application/grpc+proto`, the message unwrapped), the group and version in Dubbo's
 * `tri-service-group` / `tri-service-version`. The answer is the reply as proto3 JSON (int64
 * as strings, enums by name, defaults left out, as Java's JsonFormat prints them), or the
 * exception the method threw.
 * @throws InvalidArgumentsError for JSON the request type refuses; ConnectError,
 *   TimeoutError, CancelledError, PayloadTooLargeError; CodecError for an answer that is not
 *   the reply type; the typed error of any other gRPC status.
 */
export async function callProtobuf(client: TripleClient, call: ProtobufCall): Promise<ProtobufResult> {
  const message = Buffer.from(encodeProtobufArgument(call.method, call.argument));
  const headers = grpcHeaders(call);
  const path = `/${call.service}/${call.method.name}`;
  const answer = await client.unary({ path, headers, message, timeoutMs: call.timeoutMs, ...(call.signal ? { signal: call.signal } : {}) });
  const where = `${client.address}${path}`;
  const code = answer.trailers["tri-exception-code"] ?? answer.headers["tri-exception-code"];
  if (answer.grpcStatus === 0 || (answer.grpcStatus === -1 && answer.messages.length > 0)) {
    if (answer.messages.length !== 1) throw new CodecError(`${where}: ${answer.messages.length} messages in a unary answer`);
    try {
      return { kind: "value", value: toJson(call.method.output, fromBinary(call.method.output, answer.messages[0]!)) };
    } catch (e) {
      throw new CodecError(`${where}: the answer is not a ${call.method.output.typeName} (${(e as Error).message})`, { cause: e });
    }
  }
  if (code !== undefined && code !== "0") return { kind: "exception", ...thrown(answer.grpcMessage) };
  // Dubbo 3.3.6 answers an IDL method's exception trailers-only: HTTP 500, grpc-status UNKNOWN, the exception's message and no class (gRPC's convention for what the application threw).
  if (answer.grpcStatus === 2 && answer.messages.length === 0) return { kind: "exception", class: THROWN_UNKNOWN, message: answer.grpcMessage };
  throw errorOfGrpcStatus(client.address, answer.grpcStatus, answer.grpcMessage, answer.httpStatus);
}

/** `java.lang.IllegalArgumentException: text` (Dubbo's message for a thrown exception) as its class and message; a text without a class name is the message of java.lang.RuntimeException. */
function thrown(grpcMessage: string): { class: string; message: string } {
  const m = /^((?:[A-Za-z_$][\w$]*\.)+[A-Z][\w$]*)(?::\s?([\s\S]*))?$/.exec(grpcMessage.trim());
  return m ? { class: m[1]!, message: m[2] ?? "" } : { class: "java.lang.RuntimeException", message: grpcMessage };
}
