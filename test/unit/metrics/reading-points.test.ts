import { describe, expect, it } from "vitest";
import type { MetricsPoint } from "@/lib/api/metrics";
import type { ProviderReading } from "@/lib/metrics/dubbo-provider-reading";
import { increase, pointsOf, type TimedReading } from "@/lib/metrics/reading-points";

const T0 = 1_700_000_000_000;
const INF = Number.POSITIVE_INFINITY;

function reading(requests: number, failures: number, rtBuckets: ProviderReading["rtBuckets"] = [], methods = 1): ProviderReading {
  return { requests, failures, rtBuckets, methods };
}

const at = (seconds: number, r: ProviderReading | null): TimedReading => ({ t: T0 + seconds * 1000, reading: r });
const empty = (seconds: number): MetricsPoint => ({ t: T0 + seconds * 1000, callsPerSecond: null, failuresPerSecond: null, p50Ms: null, p99Ms: null });

describe("increase", () => {
  it("is the difference of a counter that grew or stayed", () => {
    expect(increase(10, 25)).toBe(15);
    expect(increase(7, 7)).toBe(0);
  });

  it("reads a counter that went down as a restart: the new value is the increase", () => {
    expect(increase(500, 30)).toBe(30);
    expect(increase(500, 0)).toBe(0);
  });
});

describe("pointsOf", () => {
  it("is empty without readings", () => {
    expect(pointsOf([])).toEqual([]);
  });

  it("gives the first point no rates, then calls and failures per second between two readings", () => {
    expect(pointsOf([at(0, reading(100, 4)), at(5, reading(150, 9)), at(15, reading(170, 9))])).toEqual([
      empty(0),
      { t: T0 + 5_000, callsPerSecond: 10, failuresPerSecond: 1, p50Ms: null, p99Ms: null },
      { t: T0 + 15_000, callsPerSecond: 2, failuresPerSecond: 0, p50Ms: null, p99Ms: null },
    ]);
  });

  it("reads a counter reset as a restart (the value after is the increase)", () => {
    const points = pointsOf([at(0, reading(1_000, 50)), at(4, reading(20, 2))]);
    expect(points[1]).toEqual({ t: T0 + 4_000, callsPerSecond: 5, failuresPerSecond: 0.5, p50Ms: null, p99Ms: null });
  });

  it("gives a missing reading a point of nulls, and no rate across it", () => {
    const points = pointsOf([at(0, reading(100, 0)), at(5, null), at(10, reading(200, 10)), at(15, reading(230, 15))]);
    expect(points).toEqual([
      empty(0),
      empty(5),
      // no rate from t=0 to t=10 across the gap
      empty(10),
      { t: T0 + 15_000, callsPerSecond: 6, failuresPerSecond: 1, p50Ms: null, p99Ms: null },
    ]);
  });

  it("gives no rate between two readings at the same instant", () => {
    expect(pointsOf([at(0, reading(1, 0)), at(0, reading(5, 0))])[1]).toEqual(empty(0));
  });

  it("answers p50 / p99 in ms of the buckets' increase between two readings", () => {
    const before = [[0.001, 10], [0.002, 20], [0.005, 20], [0.01, 25], [INF, 25]] as const;
    // increase: [41, 43, 43, 44, 44]
    const after = [[0.001, 51], [0.002, 63], [0.005, 63], [0.01, 69], [INF, 69]] as const;
    const [, p] = pointsOf([at(0, reading(25, 0, before)), at(10, reading(69, 0, after))]);
    expect(p!.callsPerSecond).toBe(4.4);
    // p50: rank 22 in the first bucket: 0.001 · 22/41 s; p99: rank 43.56 in (0.005, 0.01]: 0.005 + 0.005 · 0.56 s
    expect(p!.p50Ms).toBeCloseTo(22 / 41, 12);
    expect(p!.p99Ms).toBeCloseTo(7.8, 12);
  });

  it("answers null quantiles when no call was timed between the readings", () => {
    const buckets = [[0.001, 3], [INF, 4]] as const;
    const [, p] = pointsOf([at(0, reading(4, 0, buckets)), at(5, reading(4, 0, buckets))]);
    expect(p).toEqual({ t: T0 + 5_000, callsPerSecond: 0, failuresPerSecond: 0, p50Ms: null, p99Ms: null });
  });

  it("answers a rank in +Inf as the highest finite bound, in ms", () => {
    const [, p] = pointsOf([at(0, reading(0, 0, [[0.1, 0], [INF, 0]])), at(5, reading(10, 0, [[0.1, 1], [INF, 10]]))]);
    expect([p!.p50Ms, p!.p99Ms]).toEqual([100, 100]);
  });

  it("reads buckets whose bounds changed as a restart: the buckets after are the window", () => {
    const before = [[0.001, 100], [0.01, 200], [INF, 200]] as const;
    const after = [[0.002, 4], [0.02, 8], [INF, 8]] as const;
    const [, p] = pointsOf([at(0, reading(200, 0, before)), at(5, reading(8, 0, after))]);
    // rank 4 = first bucket's count: 0.002 s; rank 7.92 in (0.002, 0.02]: 0.002 + 0.018 · 3.92/4
    expect(p!.p50Ms).toBeCloseTo(2, 12);
    expect(p!.p99Ms).toBeCloseTo(0.002 * 1000 + 18 * (3.92 / 4), 12);
    expect(p!.callsPerSecond).toBe(1.6);
  });

  it("reads buckets that gained a bound as a restart too", () => {
    const [, p] = pointsOf([at(0, reading(5, 0, [[0.01, 5], [INF, 5]])), at(5, reading(7, 0, [[0.001, 1], [0.01, 2], [INF, 2]]))]);
    // after as the window: total 2, rank 1 = first count: 1 ms; rank 1.98 in (0.001, 0.01]: 0.001 + 0.009 · 0.98
    expect(p!.p50Ms).toBeCloseTo(1, 12);
    expect(p!.p99Ms).toBeCloseTo(1 + 9 * 0.98, 12);
  });

  it("reads a bucket that went down as a restart of the histogram", () => {
    const [, p] = pointsOf([at(0, reading(10, 0, [[0.01, 10], [INF, 10]])), at(5, reading(4, 0, [[0.01, 2], [INF, 4]]))]);
    // after as the window: rank 2 = 2 → 10 ms; rank 3.96 in +Inf → 10 ms
    expect([p!.p50Ms, p!.p99Ms]).toEqual([10, 10]);
  });
});
