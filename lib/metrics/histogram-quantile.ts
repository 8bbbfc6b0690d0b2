/**
 * The φ-quantile of a histogram's cumulative buckets, as Prometheus's histogram_quantile()
 * computes it (promql/quantile.go): the rank φ·total is found in the first bucket whose
 * cumulative count reaches it, and the value interpolated linearly inside that bucket,
 * from the bucket below's upper bound (0 for the first bucket when its bound is positive).
 * A rank in the +Inf bucket answers the highest finite bound. The buckets are the counts'
 * increase over a window, so the quantile is of the calls in that window.
 */

/** `[upper bound, cumulative count]`, ascending by bound, the last usually +Inf. */
export type Buckets = readonly (readonly [number, number])[];

/** The `phi` quantile (0 ≤ phi ≤ 1) of `buckets`; null when they count nothing or have no +Inf bucket. */
export function histogramQuantile(phi: number, buckets: Buckets): number | null {
  if (buckets.length < 2 || buckets.at(-1)![0] !== Number.POSITIVE_INFINITY) return null;
  if (Number.isNaN(phi)) return Number.NaN;
  if (phi < 0) return Number.NEGATIVE_INFINITY;
  if (phi > 1) return Number.POSITIVE_INFINITY;
  // Counts must not fall with the bound (float noise in a rate can make them): as Prometheus, each is at least the one below.
  const counts = buckets.map(([, c]) => c);
  for (let i = 1; i < counts.length; i++) if (counts[i]! < counts[i - 1]!) counts[i] = counts[i - 1]!;
  const total = counts.at(-1)!;
  if (!(total > 0)) return null;
  const rank = phi * total;
  let b = counts.findIndex((c) => c >= rank);
  if (b === -1) b = counts.length - 1;
  if (b === buckets.length - 1) return buckets[buckets.length - 2]![0];
  if (b === 0 && buckets[0]![0] <= 0) return buckets[0]![0];
  const start = b === 0 ? 0 : buckets[b - 1]![0];
  const below = b === 0 ? 0 : counts[b - 1]!;
  const end = buckets[b]![0];
  const inBucket = counts[b]! - below;
  return inBucket === 0 ? end : start + (end - start) * ((rank - below) / inBucket);
}
