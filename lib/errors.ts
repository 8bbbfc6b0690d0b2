/**
 * The console's typed errors. Every error the engine throws on purpose is a
 * {@link ConsoleError} with a stable `code`; the HTTP edge maps codes to statuses in one
 * table (app/api/_lib/http-status.ts) and always answers `{ error: { code, message } }`.
 */

/** Every stable error code; the HTTP table must cover each one. */
export const ERROR_CODES = [
  "validation_failed",
  "not_found",
  "registry_unavailable",
  "config_invalid",
  "url_syntax",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Base class: a failure with a stable code, a human message and optional details. */
export class ConsoleError extends Error {
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

/** The registry is not connected (or never synced), so the answer would be a guess. */
export class RegistryUnavailableError extends ConsoleError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super("registry_unavailable", message, details);
    this.name = "RegistryUnavailableError";
  }
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
