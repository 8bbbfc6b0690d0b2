/**
 * Issue 6's goals ("Measured"), per registry size, and how a figure is printed beside its
 * goal: `p95 7.9 ms (goal < 10 ms, met)`.
 */

/** The goals at one size; a goal the issue does not set at that size is absent. */
export interface Goals {
  /** Full sync (view + application-level discovery) at most this many times the raw read, same run. */
  readonly syncVsRaw: number;
  /** …and at most this many times the Java client (TreeReader), same run. */
  readonly syncVsJava?: number;
  /** …and under this many ms. */
  readonly syncMs?: number;
  /** The console's resident memory, under. */
  readonly rssBytes: number;
  /** Search over HTTP, p95 under. */
  readonly searchP95Ms: number;
  /** The Services page's first render in Chromium, under. */
  readonly firstRenderMs?: number;
  /** While 200 provider changes per second arrive: one more visible through /api/v1/events, p95 under… */
  readonly churnP95Ms: number;
  /** …with the console's CPU under this many cores. */
  readonly churnCores: number;
}

const MB = 2 ** 20;

/** 2,000 services x 25 URLs (and any smaller size the bench is asked for). */
export const GOALS_50K: Goals = { syncVsRaw: 1.1, syncVsJava: 1.0, rssBytes: 300 * MB, searchP95Ms: 10, churnP95Ms: 500, churnCores: 1 };

/** 10,000 services x 25 URLs. */
export const GOALS_250K: Goals = { syncVsRaw: 1.2, syncMs: 10_000, rssBytes: 1024 * MB, searchP95Ms: 20, firstRenderMs: 1_000, churnP95Ms: 500, churnCores: 1 };

/**
 * `(goal < 10 ms, met)`: `value` against `limit`, both in the unit that `show` prints;
 * `atMost` for "at most" goals (<=), otherwise "under" (<). Nothing when there is no goal.
 */
export function goal(value: number, limit: number | undefined, show: (x: number) => string, atMost = false): string {
  if (limit === undefined) return "";
  const met = atMost ? value <= limit : value < limit;
  return `(goal ${atMost ? "<=" : "<"} ${show(limit)}, ${Number.isNaN(value) ? "not measured" : met ? "met" : "MISSED"})`;
}
