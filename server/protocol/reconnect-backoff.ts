/**
 * How long a provider connection waits before its next connect attempt: exponential,
 * capped, with jitter so that many connections dropped at once (a provider restart) do
 * not all come back in the same millisecond. Java's client retries at a fixed period
 * (ReconnectTimerTask, about 2 s by default); backing off spares a provider that is down.
 */

/** The delay before the first retry. */
export const RECONNECT_INITIAL_MS = 200;
/** The delay never grows past this (Java's fixed reconnect period is 2 s; a dead provider is retried at most this often). */
export const RECONNECT_MAX_MS = 10_000;
/** Each failed attempt multiplies the delay by this. */
export const RECONNECT_MULTIPLIER = 2;
/** The delay is drawn from [1 - JITTER, 1] times the computed one. */
export const RECONNECT_JITTER = 0.5;

export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: RECONNECT_INITIAL_MS, maxMs: RECONNECT_MAX_MS };

/**
 * The delay before attempt `attempt` (1 = the first retry after a drop or failure).
 * `random` returns a float in [0, 1) (Math.random by default; tests pass a seeded one).
 */
export function reconnectDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  const base = Math.min(policy.maxMs, policy.initialMs * RECONNECT_MULTIPLIER ** Math.min(exponent, 30));
  return Math.round(base * (1 - RECONNECT_JITTER * random()));
}
