/**
 * How long a debounce with a leading edge waits before taking a change made at `now`, the
 * one before it having been made at `lastChange` (both in ms; -Infinity: none before): no
 * wait after `quietMs` or more of quiet, `quietMs` within a burst (each change restarts it).
 */
export function settleDelay(now: number, lastChange: number, quietMs: number): number {
  return now - lastChange >= quietMs ? 0 : quietMs;
}
