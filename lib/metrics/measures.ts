/**
 * The four measures a metrics chart can draw (the value fields of a metrics point), their
 * names and units in words, and how a value reads: "9.8 calls/s", "12 ms".
 */
import type { MetricsPoint } from "../api/metrics";

/** A value field of {@link MetricsPoint}: what one chart draws. */
export type Measure = Exclude<keyof MetricsPoint, "t">;

/** Every measure, in the order the picker offers them. */
export const MEASURES = ["callsPerSecond", "p50Ms", "p99Ms", "failuresPerSecond"] as const satisfies readonly Measure[];

/** A measure in words: `label` for a picker or a column, `unit` after a value, `title` for a heading or a tooltip. */
export interface MeasureWords {
  readonly label: string;
  readonly unit: string;
  readonly title: string;
}

export const MEASURE_WORDS: Readonly<Record<Measure, MeasureWords>> = {
  callsPerSecond: { label: "Calls/s", unit: "calls/s", title: "Calls per second" },
  p50Ms: { label: "p50", unit: "ms", title: "Response time, median (ms)" },
  p99Ms: { label: "p99", unit: "ms", title: "Response time, 99th percentile (ms)" },
  failuresPerSecond: { label: "Failures/s", unit: "failures/s", title: "Failed calls per second" },
};

const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_DECIMALS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A value as a number alone, with as many decimals as still tell something, the same in
 * every locale: "0", "0.04", "9.8", "1,234". Null (not known) reads "—".
 */
export function formatMeasureNumber(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  if (value === 0) return "0";
  const size = Math.abs(value);
  if (size < 0.1) return TWO_DECIMALS.format(value);
  // Below 99.95, since one decimal would round that up to "100.0".
  if (size < 99.95) return ONE_DECIMAL.format(value);
  return WHOLE.format(value);
}

/** A value with its unit: "9.8 calls/s", "12.0 ms", "0 failures/s"; null reads "—" (no unit). */
export function formatMeasure(measure: Measure, value: number | null): string {
  const number = formatMeasureNumber(value);
  return number === "—" ? number : `${number} ${MEASURE_WORDS[measure].unit}`;
}
