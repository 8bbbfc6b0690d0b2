import { ConsoleError } from "@/lib/errors";

/**
 * The failures the cluster itself decides (a provider's own failures come from the
 * protocol layer inside an outcome). Each has a stable code the HTTP edge maps.
 */

/**
 * No provider to call: none registered, all disabled or of another protocol, routes left
 * none, or (`available`) none connected. Java: RpcException NO_INVOKER_AVAILABLE_AFTER_FILTER
 * ("No provider available for the service …") from AbstractClusterInvoker.checkInvokers.
 */
export class NoProviderError extends ConsoleError {
  constructor(
    readonly service: string,
    readonly method: string,
    reason: string,
  ) {
    super("no_provider", `no provider available for ${service} (method ${method}): ${reason}`, { service, method });
    this.name = "NoProviderError";
  }
}

/**
 * The pinned provider is registered for the service, but over a protocol the console's
 * engine does not speak (it calls dubbo:// and tri:// only): say so, rather than that it is no provider.
 */
export class UnsupportedProtocolError extends ConsoleError {
  constructor(
    readonly service: string,
    readonly address: string,
    readonly protocol: string,
  ) {
    super("unsupported_protocol", `${address} is registered as a provider of ${service}, but speaks ${protocol}, which the console does not call yet (it calls dubbo:// and tri:// providers only)`, { service, address, protocol });
    this.name = "UnsupportedProtocolError";
  }
}

/**
 * A forking call's deadline passed before any fork answered (ForkingClusterInvoker 3.x
 * waits `timeout` ms on its queue of answers).
 */
export class ForkingTimeoutError extends ConsoleError {
  constructor(
    readonly timeoutMs: number,
    readonly providers: readonly string[],
  ) {
    super("timeout", `no forked call answered within ${timeoutMs} ms (providers ${providers.join(", ")})`, { timeoutMs, providers });
    this.name = "ForkingTimeoutError";
  }
}

/** The caller aborted the call (its own deadline passed, or it went away) before an answer came. */
export class CallAbortedError extends ConsoleError {
  constructor(options?: { cause?: unknown }) {
    super("timeout", "the call was given up by its caller before an answer came", undefined, options);
    this.name = "CallAbortedError";
  }
}

/**
 * The caller's deadline for the whole call (the invoke API's `timeoutMs`) passed before an
 * answer came. `providers` are the providers tried, in order: the last is the one the call
 * was waiting on when the deadline passed; empty when none was tried yet.
 */
export class CallDeadlineError extends ConsoleError {
  constructor(
    readonly service: string,
    readonly timeoutMs: number,
    readonly providers: readonly string[] = [],
  ) {
    const tried = [...new Set(providers)];
    const waiting = providers.length === 0 ? "" : `: waiting on ${providers.at(-1)}${tried.length > 1 ? ` (tried ${tried.join(", ")})` : ""}`;
    super("timeout", `no answer for ${service} within ${timeoutMs} ms${waiting}`, { service, timeoutMs, providers: tried });
    this.name = "CallDeadlineError";
  }
}

/**
 * A parameter the cluster reads (from a provider URL merged with the consumer's settings)
 * holds what Java could not read either: `weight=abc` (Integer.parseInt throws), a
 * load balance or cluster with no such extension. Java fails the call likewise.
 */
export class InvalidParameterError extends ConsoleError {
  constructor(
    readonly key: string,
    readonly value: string,
    reason: string,
  ) {
    super("config_invalid", `parameter ${key}=${JSON.stringify(value)}: ${reason}`, { key, value });
    this.name = "InvalidParameterError";
  }
}

/** An invoker rejected instead of answering an outcome: a fault of the invoker, kept as `internal`. */
export class InvokerFaultError extends ConsoleError {
  constructor(address: string, cause: unknown) {
    super("internal", `the invoker of ${address} failed unexpectedly: ${cause instanceof Error ? cause.message : String(cause)}`, { address }, { cause });
    this.name = "InvokerFaultError";
  }
}

/**
 * Failover tried `tries` times and every try failed: the last failure, with its code (a
 * timeout stays a timeout), and the providers tried. Java: "Failed to invoke the method …
 * Tried 3 times of the providers [...] … Last error is: …".
 */
export class RetriesExhaustedError extends ConsoleError {
  constructor(
    readonly last: ConsoleError,
    readonly tries: number,
    readonly providers: readonly string[],
  ) {
    super(last.code, `failed ${tries} time${tries === 1 ? "" : "s"} on providers ${providers.join(", ")}; last error: ${last.message}`, { tries, providers }, { cause: last });
    this.name = "RetriesExhaustedError";
  }
}
