import { RateLimitedError } from "@/lib/errors";

/**
 * At most `max` things at once per key (a user's open event streams, the process's password
 * checks): {@link acquire} takes a slot or throws at once, never queues. In this process's
 * memory only, so each replica counts on its own.
 */
export class ConcurrencySlots {
  private readonly held = new Map<string, number>();

  /**
   * `what`: the plural the 429 names ("open event streams"); `retryAfterSeconds`: the
   * Retry-After it sends (a slot frees when something in progress ends, not at a known time).
   */
  constructor(
    private readonly what: string,
    readonly max: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /**
   * Takes one of `key`'s slots; the function returned gives it back (calling it again does
   * nothing). @throws RateLimitedError (429, Retry-After) when all `max` are held.
   */
  acquire(key: string): () => void {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) throw new RateLimitedError(`${this.what} (at most ${this.max} at once)`, this.retryAfterSeconds);
    this.held.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  /** How many of `key`'s slots are held now. */
  inUse(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Runs `task` in one of `key`'s slots, given back when it settles. */
  async run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const release = this.acquire(key);
    try {
      return await task();
    } finally {
      release();
    }
  }
}
