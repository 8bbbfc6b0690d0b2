/**
 * The console's typed errors. Every error the engine throws on purpose is a
 * {@link ConsoleError} with a stable `code`; the HTTP edge maps codes to statuses in one
 * table (app/api/_lib/http-status.ts) and always answers `{ error: { code, message } }`.
 */

/** Every stable error code; the HTTP table must cover each one. */
export const ERROR_CODES = [
  "validation_failed",
  "not_found",
  "method_not_allowed",
  "method_not_implemented",
  "unsupported_media_type",
  "registry_unavailable",
  "conflict",
  "strands_consumers",
  "config_invalid",
  "url_syntax",
  "invalid_rule",
  "invalid_arguments",
  "no_provider",
  "timeout",
  "remote_error",
  "internal",
  "connection_failed",
  "provider_read_only",
  "codec_error",
  "payload_too_large",
  "cancelled",
  "unauthorized",
  "forbidden",
  "url_not_allowed",
  "unsupported_protocol",
  "rate_limited",
  "host_not_allowed",
  "answer_too_large",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Marks every ConsoleError, so it is recognised across module graphs (see isConsoleError). */
const BRAND = Symbol.for("dubbo-console.error");

/** Base class: a failure with a stable code, a human message and optional details. */
export class ConsoleError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ConsoleError";
  }
}

/**
 * Whether `e` is a ConsoleError. Use this, not `instanceof`, at the HTTP edge: Next.js
 * loads instrumentation (which creates the engine) and route handlers as separate module
 * graphs, each with its own copy of this class.
 */
export function isConsoleError(e: unknown): e is ConsoleError {
  return typeof e === "object" && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
}

/** Input (a body, a query, a path segment) did not validate; `issues` says where and why. */
export class ValidationError extends ConsoleError {
  constructor(
    message: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super("validation_failed", message, { issues });
    this.name = "ValidationError";
  }
}

/** The named thing (an API endpoint, a service, a route) does not exist. */
export class NotFoundError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super("not_found", message, details);
    this.name = "NotFoundError";
  }
}

/**
 * The endpoint exists but does not serve `method`. `allow` lists the methods it does
 * serve, in the order of an HTTP `Allow` header; the HTTP edge sends it as that header too.
 */
export class MethodNotAllowedError extends ConsoleError {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly allow: readonly string[],
  ) {
    super("method_not_allowed", `${method} is not allowed on ${path}; use ${listOfAlternatives(allow)}`, { allow });
    this.name = "MethodNotAllowedError";
  }
}

/**
 * The console does not implement `method` at all, on any path (WebDAV's PROPFIND, say):
 * HTTP's answer for an unrecognised method is 501, not 405 (RFC 9110 §9.1).
 */
export class MethodNotImplementedError extends ConsoleError {
  constructor(
    readonly method: string,
    implemented: readonly string[],
  ) {
    super("method_not_implemented", `the console does not implement the ${method} method; use ${listOfAlternatives(implemented)}`);
    this.name = "MethodNotImplementedError";
  }
}

/** A request body came in a media type the endpoint does not read (it reads JSON only). */
export class UnsupportedMediaTypeError extends ConsoleError {
  constructor(message: string) {
    super("unsupported_media_type", message);
    this.name = "UnsupportedMediaTypeError";
  }
}

/** "A", "A or B", "A, B or C". */
function listOfAlternatives(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "nothing") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The registry is not connected (or never synced), so the answer would be a guess. */
export class RegistryUnavailableError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>, options?: { cause?: unknown }) {
    super("registry_unavailable", message, details, options);
    this.name = "RegistryUnavailableError";
  }
}

/**
 * The change was based on a state that is no longer current (a route edited or deleted
 * since the client read it), or would clash with what exists (a second route of the same
 * name): nothing was written. Reload, then decide again.
 */
export class ConflictError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super("conflict", message, details);
    this.name = "ConflictError";
  }
}

/** A consumer a save would leave with no provider, in the words of the refusal. */
export interface StrandedConsumer {
  readonly application: string;
  readonly host: string;
  readonly release: string;
  readonly url: string;
  /** How many providers it has now. */
  readonly before: number;
}

/**
 * A route change would leave registered consumers with no provider (their providers go
 * from some to none): refused unless the body says `"allowStranding": true`. `consumers`
 * names them; nothing was written.
 */
export class StrandsConsumersError extends ConsoleError {
  constructor(readonly consumers: readonly StrandedConsumer[]) {
    super("strands_consumers", `${strandedInWords(consumers)}; nothing was saved. Send "allowStranding": true to save anyway`, { consumers });
    this.name = "StrandsConsumersError";
  }
}

/** "storefront-27 (10.0.0.1, Dubbo 2.7.23) will have no provider", for one or more consumers. */
export function strandedInWords(consumers: readonly Pick<StrandedConsumer, "application" | "host" | "release">[]): string {
  const named = consumers.slice(0, 5).map((c) => `${c.application || "(no application)"} (${c.host}${c.release ? `, Dubbo ${c.release}` : ""})`);
  const more = consumers.length > 5 ? ` and ${consumers.length - 5} more` : "";
  return `${named.join(", ")}${more} will have no provider`;
}

/** The configuration from the environment is malformed; the message names the bad part. */
export class ConfigError extends ConsoleError {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super("config_invalid", `invalid ${variable}: ${reason}`);
    this.name = "ConfigError";
  }
}

// ---- Calls to a provider (server/protocol). The messages name the provider ("host:port").

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

// ---- Calls to a provider: arguments, answers and Dubbo status bytes (server/protocol/hessian).

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

/** A message body is not the hessian2 Dubbo writes (or could not be written as such); the message says where. */
export class CodecError extends ConsoleError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("codec_error", message, undefined, options);
    this.name = "CodecError";
  }
}

// ---- Who may do what: sign-in, roles, rate limits and the registry's own ACLs.

/** No credentials, or credentials that are not valid (a bad token, an expired session, a wrong password). */
export class UnauthorizedError extends ConsoleError {
  constructor(message = "sign in, or send an API token (Authorization: Bearer)") {
    super("unauthorized", message);
    this.name = "UnauthorizedError";
  }
}

/**
 * Valid credentials that may not do this: a role below the one needed (`needed`, `role`),
 * a cookie-authenticated write from another origin, or a ZooKeeper node whose ACL refuses
 * the console (`node`).
 */
export class ForbiddenError extends ConsoleError {
  constructor(message: string, details?: Record<string, unknown>) {
    super("forbidden", message, details);
    this.name = "ForbiddenError";
  }
}

/** Too many requests of one kind from one client; `retryAfterSeconds` says when to try again. */
export class RateLimitedError extends ConsoleError {
  constructor(
    readonly what: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", `too many ${what}; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
    this.name = "RateLimitedError";
  }
}

/**
 * A production start with nobody who could sign in: no users file, no API token, and
 * authentication not turned off explicitly. One line naming the variables.
 */
export class AuthNotConfiguredError extends ConfigError {
  constructor() {
    super("CONSOLE_USERS_FILE", "");
    this.message =
      "no users or API token configured: set CONSOLE_USERS_FILE (users and tokens) or CONSOLE_API_TOKEN (one admin token), or CONSOLE_AUTH=off to run without sign-in (anyone who reaches the console is admin)";
    this.name = "AuthNotConfiguredError";
  }
}

/** A request body over the console's limit (CONSOLE_MAX_BODY_BYTES); no more of it was read. */
export class BodyTooLargeError extends ConsoleError {
  constructor(readonly limit: number) {
    super("payload_too_large", `the request body is over the limit of ${limit} bytes`, { limit });
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request's `Host` (or `X-Forwarded-Host`) is not one of the console's own names
 * (CONSOLE_ALLOWED_HOSTS, localhost and the loopback addresses): a page on another name
 * re-pointed at the console (DNS rebinding), or a proxy that sends a name nobody configured.
 */
export class HostNotAllowedError extends ConsoleError {
  constructor(readonly host: string) {
    const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host;
    super("host_not_allowed", `the host ${JSON.stringify(shown)} is not one of this console's names; add it to CONSOLE_ALLOWED_HOSTS if it is`, { host: shown });
    this.name = "HostNotAllowedError";
  }
}

/** An answer that would be larger than the console sends (`limit` bytes): ask for less. */
export class AnswerTooLargeError extends ConsoleError {
  constructor(
    readonly size: number,
    readonly limit: number,
    hint: string,
  ) {
    super("answer_too_large", `the answer would be ${size} bytes, over the limit of ${limit} bytes; ${hint}`, { size, limit });
    this.name = "AnswerTooLargeError";
  }
}
