import type { DubboUrl } from "@/lib/dubbo/url";
import type { ConsoleError } from "@/lib/errors";

/**
 * The seam between the cluster (pure policy) and the protocol layer (sockets): what one
 * provider is to a cluster, and what one call to it answers. The protocol layer implements
 * {@link Invoker} (a DubboInvoker over a pooled exchange client); the cluster never touches
 * a socket, and its tests use in-process fakes.
 */

/** One call as the consumer means it: Java's `RpcInvocation`, with JSON arguments. */
export interface Invocation {
  /** The service's method (for a call sent as generic `$invoke`, the real method's name). */
  readonly method: string;
  /** Java type names of the parameters (`int`, `java.lang.String`, `com.x.User[]`); empty when unknown. */
  readonly parameterTypes: readonly string[];
  /** The arguments as JSON values (the invoke API's conventions); the invoker turns them into Java values. */
  readonly args: readonly unknown[];
  /** String attachments sent with the call (RpcContext attachments in Java). */
  readonly attachments: Readonly<Record<string, string>>;
}

/**
 * An exception the provider's method threw, as the protocol layer decoded it: its Java
 * class and message, and whatever else it carries (`stackTrace`, fields).
 */
export interface RemoteException {
  readonly class: string;
  readonly message: string | null;
  readonly [field: string]: unknown;
}

/**
 * What one call to one provider came to. An invoker answers every failure it foresees as
 * an outcome and never rejects for it.
 * - `value`: the method returned (void is `null`).
 * - `business_exception`: the method threw. A result, not a failure: no strategy retries
 *   it (Java's `AppResponse` with an exception; failover only retries a non-biz RpcException).
 * - `error`: no answer from the method: a timeout, a lost or refused connection, a
 *   provider in READONLY, a non-OK status byte, a codec failure. Strategies that retry,
 *   retry these (Java: FailoverClusterInvoker catches every non-biz RpcException).
 *   `local: true` marks an error raised before anything was sent, for a reason no other
 *   provider would change (arguments that do not fit their Java types): no strategy
 *   retries it and no provider is blamed for it.
 */
export type InvokeOutcome =
  | { readonly type: "value"; readonly value: unknown; readonly attachments: Readonly<Record<string, string>> }
  | { readonly type: "business_exception"; readonly exception: RemoteException; readonly attachments: Readonly<Record<string, string>> }
  | { readonly type: "error"; readonly error: ConsoleError; readonly local?: boolean };

/** How one call to one provider is to be made. */
export interface CallOptions {
  /** The time the provider has to answer, from sending to the response (`{method}.timeout`, `timeout`, or the call's own). */
  readonly timeoutMs: number;
  /** Aborted when the caller gives the whole call up; the invoker then answers an error at once. */
  readonly signal?: AbortSignal;
}

/**
 * One provider as a cluster sees it: Java's `Invoker` behind a directory.
 *
 * Invariants: `address` and `url` never change for the life of the invoker (a changed
 * provider URL is a new invoker); `invoke` resolves, never rejects, for any failure of the
 * call (an unexpected rejection is still caught by the cluster and reported as `internal`).
 */
export interface Invoker {
  /** `host:port` of the provider. */
  readonly address: string;
  /** The provider URL merged with the consumer's settings (see merged-url.ts): where the cluster reads `weight`, `timeout`, `loadbalance`… */
  readonly url: DubboUrl;
  /** False while no call can be sent: not connected, or the provider announced READONLY (graceful shutdown). */
  isAvailable(): boolean;
  invoke(invocation: Invocation, options: CallOptions): Promise<InvokeOutcome>;
}
