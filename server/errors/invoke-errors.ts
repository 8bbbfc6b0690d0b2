/**
 * Errors of an invocation's arguments and answers (server/governance/invoke,
 * server/protocol/hessian): arguments that do not fit the method, and Dubbo status bytes
 * other than OK. Thrown by the server only, so kept out of lib/errors.ts (which browser code
 * imports); each is a ConsoleError with a code of ERROR_CODES, mapped by
 * app/api/_lib/http-status.ts.
 */
import { ConsoleError } from "@/lib/errors";

/**
 * Invocation arguments that do not fit their Java parameter types: `issues` name each
 * argument path (`args[0].address.zip`) and why.
 */
export class InvalidArgumentsError extends ConsoleError {
  constructor(readonly issues: readonly { path: string; message: string }[]) {
    super("invalid_arguments", issues.map((i) => `${i.path}: ${i.message}`).join("; ") || "invalid arguments", { issues });
    this.name = "InvalidArgumentsError";
  }
}

/**
 * A provider answered with a Dubbo status other than OK (remoting/exchange/Response.java),
 * timeouts apart ({@link RemoteTimeoutError}). `remoteMessage` is the message the status
 * carried, as the provider wrote it.
 */
export class RemoteError extends ConsoleError {
  constructor(
    readonly address: string,
    readonly status: number,
    readonly statusName: string,
    readonly remoteMessage: string,
  ) {
    super("remote_error", `${address} answered ${statusName} (status ${status}): ${remoteMessage}`, { address, status, statusName, remoteMessage });
    this.name = "RemoteError";
  }
}

/** A peer answered with a timeout status (30 CLIENT_TIMEOUT or 31 SERVER_TIMEOUT). */
export class RemoteTimeoutError extends ConsoleError {
  constructor(
    readonly address: string,
    readonly status: number,
    readonly remoteMessage: string,
  ) {
    super("timeout", `${address} answered ${status === 30 ? "CLIENT_TIMEOUT" : "SERVER_TIMEOUT"} (status ${status}): ${remoteMessage}`, { address, status, remoteMessage });
    this.name = "RemoteTimeoutError";
  }
}
