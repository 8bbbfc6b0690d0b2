import { RateLimitedError } from "@/server/errors/auth-errors";

/** The clock the limits read (epoch ms); tests pass their own. */
export type Clock = () => number;

/** Keys kept at most: past it, the stalest are dropped, so a flood of keys cannot grow memory without bound. */
const MAX_KEYS = 10_000;

/**
 * Failures per key in a sliding window: after `max` failures within `windowMs`, {@link check}
 * refuses until the oldest of them leaves the window. Kept in this process's memory only,
 * so each replica counts on its own.
 */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly what: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Throws RateLimitedError (with Retry-After seconds) when `key` has failed too often lately. */
  check(key: string): void {
    const now = this.clock();
    const recent = this.recent(key, now);
    if (recent.length >= this.max) {
      throw new RateLimitedError(this.what, Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000)));
    }
  }

  fail(key: string): void {
    const now = this.clock();
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  /** A success forgets the key's failures. */
  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }
}

/**
 * A token bucket per key: `perSecond` tokens refill each second, up to `burst`; each
 * {@link take} spends one or throws RateLimitedError. In this process's memory only.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly what: string,
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: Clock = Date.now,
  ) {}

  take(key: string): void {
    const now = this.clock();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      throw new RateLimitedError(this.what, Math.max(1, Math.ceil((1 - tokens) / this.perSecond)));
    }
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
