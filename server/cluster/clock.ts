/**
 * Time and chance as the cluster sees them, injected so that tests are deterministic: a
 * fake clock advances by hand and runs its due timers, a seeded random replays.
 */

/** Wall-clock milliseconds and one-shot timers. */
export interface Clock {
  /** Milliseconds since the epoch (`System.currentTimeMillis()`). */
  now(): number;
  /** Runs `fn` after `ms`; the returned function cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

/** A number in [0, 1), as `Math.random`. */
export type RandomSource = () => number;

/** `ThreadLocalRandom.current().nextInt(bound)` for a positive `bound`. */
export function nextInt(random: RandomSource, bound: number): number {
  return Math.floor(random() * bound);
}

/** The process clock. Timers do not keep the process alive (Java's failback timer thread is a daemon). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return () => clearTimeout(t);
  },
};
