import type { DescMethod } from "@bufbuild/protobuf";
import { type DubboUrl, urlAddress, urlParam } from "@/lib/dubbo/url";
import { CodecError } from "@/server/errors/transport-errors";
import { type ConsoleError, isConsoleError } from "@/lib/errors";
import type { CallOptions, Invocation, InvokeOutcome, Invoker } from "../cluster/invoker";
import type { ExchangeClient } from "./exchange-client";
import { STATUS_OK } from "./frame";
import { fromJava } from "./hessian/from-java";
import { genericRequest } from "./hessian/generic-invocation";
import { DUBBO_PROTOCOL_VERSION, encodeRequestBody, invocationAttachments, type InvocationTarget, type RpcRequest } from "./hessian/request-body";
import { decodeResponseBody, errorOfStatus } from "./hessian/response-body";
import { EMPTY_TYPE_CATALOG, type TypeCatalog } from "./hessian/type-catalog";
import { type InvocationMode, invocationMode, type PreparedArguments, prepareArguments } from "./invocation-mode";

/**
 * An invocation with what a Dubbo invoker needs to type its arguments. The cluster hands
 * the invocation object on untouched, so these fields reach the invoker.
 */
export interface DubboInvocation extends Invocation {
  /** The service's classes as its metadata describes them; absent when there is no metadata. */
  readonly types?: TypeCatalog;
  /** Forces a mode; absent, {@link invocationMode} decides (see invocation-mode.ts). */
  readonly mode?: InvocationMode;
  /** An IDL method's call (issue 19): its one argument is the request message as proto3 JSON; only a Triple invoker can make it. */
  readonly protobuf?: ProtobufInvocation;
}

/** The protobuf method of an IDL service a call makes. */
export interface ProtobufInvocation {
  /** The service's full proto name, the path's first part. */
  readonly service: string;
  readonly method: DescMethod;
}

/**
 * Arguments prepared per invocation, so the tries of one cluster call convert them once.
 * Only those with a list or an object among them: scalars convert for next to nothing, and
 * a WeakMap entry per call (an ephemeron the collector must trace) cost more than that.
 */
const prepared = new WeakMap<Invocation, PreparedArguments | ConsoleError>();

/** The invocation's prepared arguments, or the error that refuses them (the same for every provider). */
export function preparedArguments(invocation: DubboInvocation): PreparedArguments | ConsoleError {
  if (invocation.args.every(isScalar)) return prepare(invocation);
  let p = prepared.get(invocation);
  if (p === undefined) {
    p = prepare(invocation);
    prepared.set(invocation, p);
  }
  return p;
}

function isScalar(json: unknown): boolean {
  return json === null || typeof json !== "object";
}

function prepare(invocation: DubboInvocation): PreparedArguments | ConsoleError {
  const mode = invocation.mode ?? invocationMode(invocation.parameterTypes, invocation.args.length, invocation.types ?? null);
  try {
    return prepareArguments(mode, invocation.parameterTypes, invocation.args, invocation.types ?? EMPTY_TYPE_CATALOG);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return e;
  }
}

/**
 * One provider over its shared exchange client: Java's DubboInvoker. Sends the invocation
 * typed or generic (invocation-mode.ts) with the attachments a 3.x consumer sends
 * (`interface`, `group`, `token` from the provider URL, the caller's, then `path`,
 * `version`, `timeout`), and reads the answer: a value as JSON, the exception the method
 * threw under its real class (a generic call's GenericException unwrapped), or a typed
 * error for a status other than OK, a timeout, a lost connection, a READONLY provider.
 *
 * Arguments that do not fit their types answer a `local` error: no provider would take
 * them, so no strategy retries them. So does a request body over the payload limit.
 */
export class DubboInvoker implements Invoker {
  readonly address: string;
  private readonly clientOf: () => ExchangeClient;
  /** Whom every call goes to, read from the URL once (it never changes); the call adds its timeout. */
  private readonly target: Omit<InvocationTarget, "timeoutMs"> & { readonly path: string; readonly version: string };
  /** The attachments of the last call that brought none of its own, kept for the next with the same timeout. */
  private plainAttachments: { readonly timeoutMs: number; readonly attachments: Readonly<Record<string, string>> } | null = null;

  /**
   * `client`: the connection, or where to find it at each call (the pool's `get`), so a
   * connection the pool replaced (its provider left the registry and came back) is not kept.
   */
  constructor(
    readonly url: DubboUrl,
    client: ExchangeClient | (() => ExchangeClient),
  ) {
    this.address = urlAddress(url);
    this.clientOf = typeof client === "function" ? client : () => client;
    const interfaceName = urlParam(url, "interface", url.path);
    this.target = { interfaceName, path: url.path || interfaceName, version: urlParam(url, "version"), group: urlParam(url, "group"), token: urlParam(url, "token") };
  }

  private get client(): ExchangeClient {
    return this.clientOf();
  }

  /** DubboInvoker.isAvailable: connected (or not yet tried: clients connect lazily) and not READONLY. */
  isAvailable(): boolean {
    const client = this.client;
    const state = client.state.type;
    return !client.readOnly && state !== "closed" && state !== "backoff";
  }

  async invoke(invocation: DubboInvocation, options: CallOptions): Promise<InvokeOutcome> {
    // A protobuf message has no hessian form a dubbo-protocol provider would read as it: another provider (on tri) may serve it.
    if (invocation.protobuf) return { type: "error", error: new CodecError(`${this.address} serves the dubbo protocol; ${invocation.protobuf.service}/${invocation.method} is an IDL method, called over Triple only`), local: false };
    const args = preparedArguments(invocation);
    if (isConsoleError(args)) return { type: "error", error: args, local: true };
    let body: Buffer;
    try {
      body = encodeRequestBody(this.request(invocation, args, options.timeoutMs));
    } catch (e) {
      if (isConsoleError(e)) return { type: "error", error: e, local: true };
      throw e;
    }
    try {
      const frame = await this.client.request(body, options.signal ? { timeoutMs: options.timeoutMs, signal: options.signal } : { timeoutMs: options.timeoutMs });
      if (frame.status !== STATUS_OK) return { type: "error", error: errorOfStatus(frame.status, frame.body, this.address, frame.serialization) };
      return this.answer(frame.body, invocation.types, args.mode === "generic");
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      return failureOutcome(e);
    }
  }

  private request(invocation: DubboInvocation, args: PreparedArguments, timeoutMs: number): RpcRequest {
    const { path, version } = this.target;
    const attachments = this.attachments(invocation.attachments, timeoutMs);
    if (args.mode === "generic") {
      return genericRequest({ path, version: version || "0.0.0", method: invocation.method, parameterTypes: args.parameterTypes, args: args.args, attachments });
    }
    return { dubboVersion: DUBBO_PROTOCOL_VERSION, path, version: version || "0.0.0", method: invocation.method, parameterTypes: args.parameterTypes ?? [], args: args.args, attachments };
  }

  /**
   * The call's attachments (invocationAttachments). Those of a call with none of its own
   * depend only on the timeout: made once and frozen, so the request body can keep their
   * Java order too (encodeRequestBody).
   */
  private attachments(extra: Readonly<Record<string, string>>, timeoutMs: number): Readonly<Record<string, string>> {
    if (!hasOwnKeys(extra)) {
      const plain = this.plainAttachments;
      if (plain !== null && plain.timeoutMs === timeoutMs) return plain.attachments;
      const attachments = Object.freeze(invocationAttachments({ ...this.target, timeoutMs }));
      this.plainAttachments = { timeoutMs, attachments };
      return attachments;
    }
    return invocationAttachments({ ...this.target, timeoutMs }, extra);
  }

  private answer(body: Buffer, types: TypeCatalog | undefined, generic: boolean): InvokeOutcome {
    let result;
    let value: unknown = null;
    try {
      result = decodeResponseBody(body);
      if (result.kind === "value") value = fromJava(result.value, { ...(types ? { types } : {}), generic });
    } catch (e) {
      if (isConsoleError(e)) return { type: "error", error: e };
      return { type: "error", error: new CodecError(`the answer of ${this.address} could not be read: ${e instanceof Error ? e.message : String(e)}`, { cause: e }) };
    }
    if (result.kind === "exception") return { type: "business_exception", exception: { ...result.exception, stackTrace: [...result.exception.stackTrace] }, attachments: result.attachments };
    return { type: "value", value, attachments: result.attachments };
  }
}

/**
 * The outcome of a call that failed with `e`: a request body over the payload limit is
 * `local` (no provider would take it, so no strategy retries it), every other failure is the
 * provider's. Shared by the dubbo and the Triple invoker.
 */
export function failureOutcome(e: ConsoleError): InvokeOutcome {
  return { type: "error", error: e, ...(e.code === "payload_too_large" && e.details?.direction === "outgoing" ? { local: true } : {}) };
}

function hasOwnKeys(record: Readonly<Record<string, string>>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
