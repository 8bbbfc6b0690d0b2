/**
 * Where a metrics chart puts what it writes on its time axis, given the plot's width in
 * pixels: ticks at round instants of the local clock, few enough to read, and the marks'
 * labels on up to a few lines so that labels close in time do not cover each other.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** The distances between ticks a chart may take, smallest first. */
export const TICK_STEPS_MS = [10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE] as const;
const LARGEST_STEP_MS = 60 * MINUTE;

/**
 * Ticks from `from` to `to` (both included when round), at most `maxTicks` (at least 2), on
 * the smallest step of {@link TICK_STEPS_MS} that fits, each a multiple of the step on the
 * local clock: `localOffsetMs` is the time zone's distance from UTC (east positive, as
 * `-new Date(from).getTimezoneOffset() * 60_000`). Empty when `to` is before `from`.
 */
export function timeTicks(from: number, to: number, maxTicks: number, localOffsetMs: number): number[] {
  if (!(to >= from)) return [];
  const most = Math.max(2, Math.floor(maxTicks));
  const span = to - from;
  const step = TICK_STEPS_MS.find((s) => Math.floor(span / s) + 1 <= most) ?? LARGEST_STEP_MS;
  const first = Math.ceil((from + localOffsetMs) / step) * step - localOffsetMs;
  const ticks: number[] = [];
  for (let t = first; t <= to; t += step) ticks.push(t);
  return ticks;
}

/** A label to place: where it starts (pixels from the plot's left edge) and how wide it is. */
export interface LabelBox {
  readonly x: number;
  readonly width: number;
}

/**
 * The line (0 at the top, up to `lines - 1`) of each label, in the order given (sort by `x`
 * first): each goes on the first line where it starts at least `gap` pixels after the label
 * before it on that line ends. Null where no line has room: the label is left out (the marks'
 * list under the chart still says it).
 */
export function labelLines(labels: readonly LabelBox[], lines = 3, gap = 4): (number | null)[] {
  const ends: number[] = Array.from({ length: Math.max(0, lines) }, () => Number.NEGATIVE_INFINITY);
  return labels.map(({ x, width }) => {
    const line = ends.findIndex((end) => x >= end + gap);
    if (line === -1) return null;
    ends[line] = x + width;
    return line;
  });
}
