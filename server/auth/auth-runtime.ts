import type { AllowedHosts } from "@/lib/http/allowed-hosts";
import { parseConfig } from "@/server/runtime/config";
import { createLogger } from "@/server/runtime/logger";
import { Authenticator } from "./authenticator";
import { ConcurrencySlots } from "./concurrency-slots";
import { FailureWindow, TokenBuckets } from "./rate-limits";

/** Sign-in failures allowed per client address and name within the window. */
export const SIGN_IN_MAX_FAILURES = 10;
/** Sign-in failures allowed per client address, whatever the names, within the window. */
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 30;
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;
/**
 * Password checks (argon2id: 64 MiB, and its 4 lanes keep up to 4 threads busy for ~100 ms)
 * running at once in the process: one, so a flood of sign-ins leaves the event loop and
 * every other request CPU; up to {@link PASSWORD_CHECKS_WAITING} more wait their turn (two
 * people signing in at once both get in), and past that a sign-in answers 429 at once.
 */
export const MAX_CONCURRENT_PASSWORD_CHECKS = 1;
export const PASSWORD_CHECKS_WAITING = 3;
/** Event streams (GET /api/v1/events) one user may hold open at once: a page holds one. */
export const MAX_EVENT_STREAMS_PER_USER = 16;
/** Route previews one user may have computing at once. */
export const MAX_PREVIEWS_PER_USER = 4;

/**
 * The process's authentication state: the authenticator and the in-memory rate limits. One
 * per process, shared by proxy.ts and the route handlers (which Next bundles apart, so it
 * lives on globalThis), made from the environment on first use.
 */
export interface AuthRuntime {
  readonly authenticator: Authenticator;
  /** Failed sign-ins per `address name`. */
  readonly signInFailures: FailureWindow;
  /** Failed sign-ins per address, whatever the name: random names do not walk past the limit. */
  readonly signInFailuresByAddress: FailureWindow;
  /** Password checks in progress (one key, the process). */
  readonly passwordChecks: ConcurrencySlots;
  /** Test invocations per actor name. */
  readonly invocations: TokenBuckets;
  /** Open event streams per user (lib/auth/actor.ts `limitKey`). */
  readonly eventStreams: ConcurrencySlots;
  /** Route previews in progress per user. */
  readonly previews: ConcurrencySlots;
  /** The Host names this console answers (CONSOLE_ALLOWED_HOSTS; proxy.ts refuses others). */
  readonly allowedHosts: AllowedHosts;
}

const KEY = Symbol.for("dubbo-console.auth-runtime");
type Holder = { [KEY]?: AuthRuntime };

/** The process's AuthRuntime, made from `process.env` the first time. */
export function authRuntime(): AuthRuntime {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createAuthRuntime(process.env));
}

/** Replaces the process's AuthRuntime (tests); undefined makes the next use read the environment again. */
export function setAuthRuntime(runtime: AuthRuntime | undefined): void {
  (globalThis as Holder)[KEY] = runtime;
}

/** An AuthRuntime for `env`; throws ConfigError on a bad setting or users file. */
export function createAuthRuntime(env: Readonly<Record<string, string | undefined>>): AuthRuntime {
  const config = parseConfig(env);
  const log = createLogger(config.logLevel);
  return {
    authenticator: new Authenticator(config.auth, (message) => log.error("users file", { message })),
    signInFailures: new FailureWindow("failed sign-ins", SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS),
    signInFailuresByAddress: new FailureWindow("failed sign-ins from this address", SIGN_IN_MAX_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_MS),
    passwordChecks: new ConcurrencySlots("sign-ins in progress", MAX_CONCURRENT_PASSWORD_CHECKS, 1, PASSWORD_CHECKS_WAITING),
    invocations: new TokenBuckets("invocations", config.invokeRate.perSecond, config.invokeRate.burst),
    eventStreams: new ConcurrencySlots("open event streams for this user", MAX_EVENT_STREAMS_PER_USER),
    previews: new ConcurrencySlots("route previews in progress for this user", MAX_PREVIEWS_PER_USER),
    allowedHosts: config.web.allowedHosts,
  };
}
