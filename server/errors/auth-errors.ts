/**
 * Who may do what: sign-in, roles, rate limits and the registry's own ACLs (server/auth,
 * app/api/_lib/admission.ts, server/registry/zk/zk-acl.ts). Thrown by the server only, so kept
 * out of lib/errors.ts (which browser code imports); each is a ConsoleError with a code of
 * ERROR_CODES, mapped by app/api/_lib/http-status.ts.
 */
import { ConfigError, ConsoleError } from "@/lib/errors";

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
