import { fromJava } from "@/server/protocol/hessian/from-java";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import { isThrowable, type JavaException, javaExceptionOf } from "@/server/protocol/hessian/java/java-exception";
import { type HessianValue, JavaObject } from "@/server/protocol/hessian/java/java-values";
import { CodecError } from "@/server/errors/transport-errors";
import { grpcHeaders } from "./grpc-headers";
import { javaClassName } from "./java-class-name";
import { errorOfGrpcStatus } from "./grpc-status";
import type { TripleClient } from "./triple-client";
import { decodeResponseWrapper, encodeRequestWrapper, WRAPPED_HESSIAN2 } from "./triple-wrapper";

/** A call to a Java-interface method over Triple. */
export interface WrappedCall {
  readonly interface: string;
  readonly group?: string;
  readonly version?: string;
  readonly method: string;
  /** Java type names, one per argument. */
  readonly parameterTypes: readonly string[];
  /** Hessian-ready values (to-java.ts makes them from JSON), one per parameter type. */
  readonly args: readonly HessianValue[];
  readonly timeoutMs: number;
  /** The consumer application named to the provider (`tri-consumer-appname`). */
  readonly application?: string;
  /** More headers: a call's attachments travel as headers on Triple. */
  readonly attachments?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export type WrappedResult = { readonly kind: "value"; readonly value: unknown; readonly type: string } | { readonly kind: "exception"; readonly exception: JavaException };

/** The name Dubbo's WrapResponsePack writes as the type of an exception's answer. */
const EXCEPTION_TYPE = "java.lang.Exception";

/**
 * One unary call to a Java-interface service on Triple, as a Dubbo 3.3 consumer makes it:
 * `POST /{interface}/{method}`, the group and version in `tri-service-group` /
 * `tri-service-version`, one gRPC message holding a TripleRequestWrapper whose arguments are
 * each hessian2 on its own (serializeType "hessian4", argTypes by Class.getName()). The answer
 * is one TripleResponseWrapper: the value (hessian2), or a Throwable when the headers carry a
 * non-zero `tri-exception-code` (what 3.3.6 does) or its type is java.lang.Exception. A gRPC status other than OK is a typed error (grpc-status.ts).
 */
export async function callWrapped(client: TripleClient, call: WrappedCall): Promise<WrappedResult> {
  const message = encodeWrappedRequest(call.parameterTypes, call.args);
  const headers = grpcHeaders(call);
  const answer = await client.unary({ path: `/${call.interface}/${call.method}`, headers, message, timeoutMs: call.timeoutMs, ...(call.signal ? { signal: call.signal } : {}) });
  const where = `${client.address}/${call.interface}/${call.method}`;
  // Dubbo 3.3 answers a method's exception with status OK, the Throwable as the message and `tri-exception-code` (RpcException.BIZ_EXCEPTION, 3) in the headers; the wrapper's type stays the method's return type.
  const code = answer.headers["tri-exception-code"] ?? answer.trailers["tri-exception-code"];
  const threw = code !== undefined && code !== "0";
  if (answer.messages.length > 0 && (answer.grpcStatus === 0 || answer.grpcStatus === -1)) {
    if (answer.messages.length > 1) throw new CodecError(`${where}: ${answer.messages.length} messages in a unary answer`);
    return readWrappedAnswer(answer.messages[0]!, threw, where);
  }
  if (answer.grpcStatus === 0) throw new CodecError(`${where}: the provider said OK with no message`);
  // An exception a wrapped method threw can come as a message beside a failed status.
  if (answer.messages.length === 1) {
    const result = readWrappedAnswer(answer.messages[0]!, threw, where);
    if (result.kind === "exception") return result;
  }
  throw errorOfGrpcStatus(client.address, answer.grpcStatus, answer.grpcMessage, answer.httpStatus);
}

/** The TripleRequestWrapper of a call: each argument hessian2 on its own, "hessian4", the types by Class.getName(). */
export function encodeWrappedRequest(parameterTypes: readonly string[], args: readonly HessianValue[]): Buffer {
  return encodeRequestWrapper({ serializeType: WRAPPED_HESSIAN2, args: args.map((a) => encodeHessian([a])), argTypes: parameterTypes.map(javaClassName) });
}

/**
 * Reads one answer message: a TripleResponseWrapper holding the value, or (`threw`: the
 * headers' tri-exception-code said so; or its type is java.lang.Exception) a Throwable.
 * @throws CodecError for bytes that are neither.
 */
export function readWrappedAnswer(message: Buffer, threw: boolean, where: string): WrappedResult {
  const wrapper = decodeResponseWrapper(message);
  if (wrapper.serializeType !== WRAPPED_HESSIAN2 && wrapper.serializeType !== "hessian2") throw new CodecError(`${where}: an answer in ${JSON.stringify(wrapper.serializeType)}; the console reads hessian2 (written "hessian4")`);
  const value = wrapper.data === null ? null : new HessianReader(wrapper.data).read();
  if (threw || wrapper.type === EXCEPTION_TYPE) {
    if (!(value instanceof JavaObject)) throw new CodecError(`${where}: the answer says the method threw, but holds ${value === null ? "null" : typeof value}, not a Throwable`);
    return { kind: "exception", exception: isThrowable(value) ? javaExceptionOf(value, (v) => fromJava(v)) : { class: value.className, message: null, stackTrace: [] } };
  }
  return { kind: "value", value, type: wrapper.type };
}
