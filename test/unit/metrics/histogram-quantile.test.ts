import { describe, expect, it } from "vitest";
import { type Buckets, histogramQuantile } from "@/lib/metrics/histogram-quantile";

const INF = Number.POSITIVE_INFINITY;

/** A Dubbo response-time histogram's increase over a window, in seconds: 41 calls ≤ 1 ms, 2 more ≤ 2 ms, 1 more ≤ 10 ms. */
const DUBBO: Buckets = [
  [0.001, 41],
  [0.002, 43],
  [0.005, 43],
  [0.01, 44],
  [INF, 44],
];

/**
 * Expected values are worked out by hand with promql/quantile.go's BucketQuantile:
 * rank = φ·total; b = first bucket with count ≥ rank; a rank in +Inf answers the highest
 * finite bound; else start + (end − start)·((rank − below) / (count_b − below)).
 */
describe("histogramQuantile, as Prometheus's histogram_quantile", () => {
  it("interpolates inside the first bucket from 0 when its bound is positive", () => {
    // rank 22 ≤ 41 (bucket 0): 0 + 0.001 · (22 / 41)
    expect(histogramQuantile(0.5, DUBBO)).toBeCloseTo(0.001 * (22 / 41), 15);
    expect(histogramQuantile(0.5, DUBBO)).toBeCloseTo(0.000536585365853658, 15);
  });

  it("interpolates from the bucket below's bound in a later bucket", () => {
    // rank 43.56: 43 < 43.56 ≤ 44 in (0.005, 0.01]: 0.005 + 0.005 · (0.56 / 1)
    expect(histogramQuantile(0.99, DUBBO)).toBeCloseTo(0.0078, 15);
    // rank 0.95·44 = 41.8: in (0.001, 0.002], 41 below, 2 in it: 0.001 + 0.001 · (0.8 / 2)
    expect(histogramQuantile(0.95, DUBBO)).toBeCloseTo(0.0014, 15);
  });

  it("answers a bucket's upper bound when the rank is its count exactly", () => {
    // rank 0.25·8 = 2 = count of the first bucket
    expect(histogramQuantile(0.25, [[1, 2], [2, 6], [4, 8], [INF, 8]])).toBe(1);
    // rank 6 = cumulative of the second bucket: 1 + 1 · (4 / 4)
    expect(histogramQuantile(0.75, [[1, 2], [2, 6], [4, 8], [INF, 8]])).toBe(2);
  });

  it("answers the highest finite bound when the rank falls in the +Inf bucket", () => {
    // total 10, rank 9.9 > 8 (the last finite count): bucket +Inf, answer bound 4
    expect(histogramQuantile(0.99, [[1, 2], [2, 6], [4, 8], [INF, 10]])).toBe(4);
    expect(histogramQuantile(1, [[1, 2], [2, 6], [4, 8], [INF, 10]])).toBe(4);
  });

  it("with φ = 1 and nothing in +Inf, answers the last finite bucket's bound", () => {
    expect(histogramQuantile(1, DUBBO)).toBe(0.01);
  });

  it("answers a first bucket's non-positive bound as it is", () => {
    expect(histogramQuantile(0.1, [[-1, 5], [0, 8], [1, 10], [INF, 10]])).toBe(-1);
    expect(histogramQuantile(0.1, [[0, 5], [1, 10], [INF, 10]])).toBe(0);
  });

  it("interpolates between negative bounds", () => {
    // rank 0.5·10 = 5 in (-1, 0] with 4 below, 4 in it: -1 + 1 · (1/4)
    expect(histogramQuantile(0.5, [[-1, 4], [0, 8], [1, 10], [INF, 10]])).toBe(-0.75);
  });

  it("raises a count that falls to the one below (non-monotonic counts from a rate)", () => {
    // [2, 6, 5.9, 8] → [2, 6, 6, 8]; rank 0.7·8 = 5.6 in (1, 2]: 1 + 1 · (3.6 / 4)
    expect(histogramQuantile(0.7, [[1, 2], [2, 6], [3, 5.9], [4, 8], [INF, 8]])).toBeCloseTo(1.9, 15);
    // [2, 6, 5, 5] → total 6 (not 5): rank 0.9·6 = 5.4 in (1, 2]: 1 + (3.4 / 4)
    expect(histogramQuantile(0.9, [[1, 2], [2, 6], [3, 5], [INF, 5]])).toBeCloseTo(1.85, 15);
  });

  it("answers -Inf below φ 0 and +Inf above φ 1, NaN for a NaN φ", () => {
    expect(histogramQuantile(-0.1, DUBBO)).toBe(Number.NEGATIVE_INFINITY);
    expect(histogramQuantile(1.01, DUBBO)).toBe(INF);
    expect(histogramQuantile(Number.NaN, DUBBO)).toBeNaN();
  });

  it("is null without a +Inf bucket, with fewer than two buckets, or when nothing was counted", () => {
    expect(histogramQuantile(0.5, [[0.001, 41], [0.002, 43]])).toBeNull();
    expect(histogramQuantile(0.5, [[INF, 44]])).toBeNull();
    expect(histogramQuantile(0.5, [])).toBeNull();
    expect(histogramQuantile(0.5, [[0.001, 0], [0.01, 0], [INF, 0]])).toBeNull();
  });
});
