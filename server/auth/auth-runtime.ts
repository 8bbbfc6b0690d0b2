import { parseConfig } from "@/server/runtime/config";
import { createLogger } from "@/server/runtime/logger";
import { Authenticator } from "./authenticator";
import { FailureWindow, TokenBuckets } from "./rate-limits";

/** Sign-in failures allowed per client address and name within the window. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 5 * 60 * 1000;

/**
 * The process's authentication state: the authenticator and the in-memory rate limits. One
 * per process, shared by proxy.ts and the route handlers (which Next bundles apart, so it
 * lives on globalThis), made from the environment on first use.
 */
export interface AuthRuntime {
  readonly authenticator: Authenticator;
  /** Failed sign-ins per `address name`. */
  readonly signInFailures: FailureWindow;
  /** Test invocations per actor name. */
  readonly invocations: TokenBuckets;
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
    invocations: new TokenBuckets("invocations", config.invokeRate.perSecond, config.invokeRate.burst),
  };
}
