/**
 * The console's typed errors. Every error the engine throws on purpose is a
 * {@link ConsoleError} with a stable `code`; the HTTP edge maps codes to statuses in one
 * table (app/api/_lib/http-status.ts) and always answers `{ error: { code, message } }`.
 *
 * This file holds what browser code and lib/ use too: the codes, the base class,
 * ValidationError, ConfigError and the words of a stranding refusal. The classes only the
 * server throws are in server/errors/, by who throws them: request-errors.ts (the HTTP
 * edge), auth-errors.ts, governance-errors.ts, transport-errors.ts (calls to a provider),
 * invoke-errors.ts (arguments and answers).
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

/** A consumer a save would leave with no provider, in the words of the refusal. */
export interface StrandedConsumer {
  readonly application: string;
  readonly host: string;
  readonly release: string;
  readonly url: string;
  /** How many providers it has now. */
  readonly before: number;
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
