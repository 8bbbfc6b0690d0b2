/**
 * Durations and ages as an operator reads them at a glance: the largest unit, and the
 * next one only when it still matters ("42 s", "3 min", "2 h 5 min", "3 d 4 h").
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration in whole units, never negative: "0 s", "42 s", "3 min", "2 h 5 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  const t = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (t < MINUTE) return `${Math.floor(t / SECOND)} s`;
  if (t < HOUR) return `${Math.floor(t / MINUTE)} min`;
  if (t < DAY) return withRest(Math.floor(t / HOUR), "h", Math.floor((t % HOUR) / MINUTE), "min");
  return withRest(Math.floor(t / DAY), "d", Math.floor((t % DAY) / HOUR), "h");
}

/** How long ago something happened, given its age: "42 s ago", "3 min ago". A negative age (clock skew) reads "0 s ago". */
export function formatAgo(ageMs: number): string {
  return `${formatDuration(ageMs)} ago`;
}

function withRest(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor > 0 ? `${major} ${majorUnit} ${minor} ${minorUnit}` : `${major} ${majorUnit}`;
}
