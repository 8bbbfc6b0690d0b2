/**
 * Calls to a provider (server/protocol): connections, frames, timeouts and the codec. The
 * messages name the provider ("host:port"). Thrown by the server only, so kept out of
 * lib/errors.ts (which browser code imports); each is a ConsoleError with a code of
 * ERROR_CODES, mapped by app/api/_lib/http-status.ts.
 */
import { ConsoleError } from "@/lib/errors";

/** A call to `address` got no answer within `timeoutMs`; a late answer is dropped. */
export class TimeoutError extends ConsoleError {
  constructor(
    readonly address: string,
    readonly timeoutMs: number,
  ) {
    super("timeout", `no response from ${address} within ${timeoutMs} ms`, { address, timeoutMs });
    this.name = "TimeoutError";
  }
}

/** The console could not open a connection to `address` (refused, unreachable, or too slow to accept). */
export class ConnectError extends ConsoleError {
  constructor(
    readonly address: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super("connection_failed", `could not connect to ${address}: ${reason}`, { address }, options);
    this.name = "ConnectError";
  }
}

/** Why a provider connection ended, as a caller and a status page see it. */
export type ConnectionDropReason =
  /** The console closed it (the client was closed, or its provider left the registry). */
  | { readonly type: "closed" }
  /** The provider ended the connection. */
  | { readonly type: "peer-closed" }
  /** The socket failed (reset, broken pipe...). */
  | { readonly type: "socket-error"; readonly message: string }
  /** The provider sent bytes that are not Dubbo frames, or a frame over the payload limit. */
  | { readonly type: "codec"; readonly message: string }
  /** Nothing was read for `idleMs` (3 heartbeats): the provider or the path is dead. */
  | { readonly type: "idle"; readonly idleMs: number }
  /** The provider flooded requests or did not read its output (server/protocol/peer-limits.ts). */
  | { readonly type: "misbehaving"; readonly message: string };

/** The decoder's errors (server/protocol/frame.ts) for bytes that are not a Dubbo frame stream. */
const NOT_DUBBO = /^(bad magic|frame -?\d+ has a negative body length)/;

/** The words of a {@link ConnectionDropReason}, naming the provider, never quoting bytes the peer sent. */
export function describeDrop(address: string, reason: ConnectionDropReason): string {
  switch (reason.type) {
    case "closed":
      return `the connection to ${address} was closed by the console`;
    case "peer-closed":
      return `${address} closed the connection`;
    case "socket-error":
      return `the connection to ${address} failed: ${reason.message}`;
    case "codec":
      // Not the decoder's words for a stream that is not Dubbo at all: they quote the peer's first bytes (a banner), which an answer must not carry.
      return NOT_DUBBO.test(reason.message) ? `${address} is not a Dubbo peer (what it sent is not Dubbo frames); the connection was dropped` : `the connection to ${address} was dropped: ${reason.message}`;
    case "idle":
      return `${address} sent nothing for ${reason.idleMs} ms; the connection was dropped`;
    case "misbehaving":
      return `${address} ${reason.message}; the connection was dropped`;
  }
}

/**
 * The connection a call was on (or waiting for) ended before its answer came. The call may
 * or may not have run on the provider.
 */
export class ConnectionClosedError extends ConsoleError {
  constructor(
    readonly address: string,
    readonly reason: ConnectionDropReason,
    options?: { cause?: unknown },
  ) {
    super("connection_failed", describeDrop(address, reason), { address, reason: reason.type }, options);
    this.name = "ConnectionClosedError";
  }
}

/**
 * The provider at `address` announced a graceful shutdown (Dubbo's READONLY event): it
 * takes no new calls, so the cluster should pick another provider. Calls already sent
 * still get their answers.
 */
export class ProviderReadOnlyError extends ConsoleError {
  constructor(readonly address: string) {
    super("provider_read_only", `${address} is shutting down (it sent READONLY) and takes no new calls`, { address });
    this.name = "ProviderReadOnlyError";
  }
}

/** Bytes from a provider are not a Dubbo frame stream (bad magic, impossible length); the connection is dropped. */
export class FrameError extends ConsoleError {
  constructor(message: string) {
    super("codec_error", message);
    this.name = "FrameError";
  }
}

/**
 * A frame body over the payload limit (Dubbo's `payload`, 8 MiB by default). Outgoing: the
 * request was not sent. Incoming: the stream cannot be trusted past it, so the connection
 * is dropped. `requestId` (decimal) names the frame's id when it is known.
 */
export class PayloadTooLargeError extends ConsoleError {
  constructor(
    readonly direction: "outgoing" | "incoming",
    readonly size: number,
    readonly limit: number,
    readonly requestId?: string,
  ) {
    const what = direction === "outgoing" ? "request body" : `body of the frame${requestId === undefined ? "" : ` for request ${requestId}`}`;
    super("payload_too_large", `the ${what} is ${size} bytes, over the payload limit of ${limit} bytes`, { direction, size, limit });
    this.name = "PayloadTooLargeError";
  }
}

/** The caller gave up on the call (its AbortSignal fired) before the answer came. */
export class CancelledError extends ConsoleError {
  constructor(
    readonly address: string,
    options?: { cause?: unknown },
  ) {
    super("cancelled", `the call to ${address} was cancelled`, { address }, options);
    this.name = "CancelledError";
  }
}

/** A message body is not the hessian2 Dubbo writes (or could not be written as such); the message says where. */
export class CodecError extends ConsoleError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("codec_error", message, undefined, options);
    this.name = "CodecError";
  }
}
