import { RateLimitedError } from "@/server/errors/auth-errors";

/**
 * At most `max` things at once per key (a user's open event streams, the process's password
 * checks): {@link acquire} takes a slot or throws at once; {@link run} may also wait for one
 * among at most `maxWaiting` others, then throws at once. In this process's memory only, so
 * each replica counts on its own.
 */
export class ConcurrencySlots {
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  /**
   * `what`: the plural the 429 names ("open event streams"); `retryAfterSeconds`: the
   * Retry-After it sends (a slot frees when something in progress ends, not at a known time).
   */
  constructor(
    private readonly what: string,
    readonly max: number,
    private readonly retryAfterSeconds = 1,
    /** How many {@link run} calls per key may wait for a slot (in order) rather than be refused. */
    private readonly maxWaiting = 0,
  ) {}

  /**
   * Takes one of `key`'s slots; the function returned gives it back (calling it again does
   * nothing). @throws RateLimitedError (429, Retry-After) when all `max` are held.
   */
  acquire(key: string): () => void {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) throw new RateLimitedError(`${this.what} (at most ${this.max} at once)`, this.retryAfterSeconds);
    this.held.set(key, n + 1);
    return this.releaser(key);
  }

  /** Gives a held slot back once: to the first waiting in line (the count stays), else to the pool. */
  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const line = this.waiting.get(key);
      const next = line?.shift();
      if (line?.length === 0) this.waiting.delete(key);
      if (next) return next();
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  /** A slot of `key`, waiting in line for one (handed over by its holder) when all are held and fewer than `maxWaiting` wait. */
  private async acquireOrWait(key: string): Promise<() => void> {
    const line = this.waiting.get(key) ?? [];
    if ((this.held.get(key) ?? 0) < this.max || line.length >= this.maxWaiting) return this.acquire(key);
    this.waiting.set(key, line);
    await new Promise<void>((resolve) => line.push(resolve));
    return this.releaser(key);
  }

  /** How many of `key`'s slots are held now. */
  inUse(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Runs `task` in one of `key`'s slots (waiting for one as {@link acquireOrWait} says), given back when it settles. */
  async run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const release = await this.acquireOrWait(key);
    try {
      return await task();
    } finally {
      release();
    }
  }
}
