import { describe, expect, it } from "vitest";
import { labelLines, timeTicks } from "@/lib/metrics/chart-layout";

const MINUTE = 60_000;
/** 2023-11-14 22:13:20 UTC: not on a round minute. */
const FROM = 1_700_000_000_000;

describe("the ticks of the time axis", () => {
  it("takes the smallest round step that fits the count, at multiples of it", () => {
    // 15 minutes in at most 8 ticks: 1 minute would make 16, 2 minutes make 8.
    expect(timeTicks(FROM, FROM + 15 * MINUTE, 8, 0)).toEqual([40, 160, 280, 400, 520, 640, 760, 880].map((s) => FROM + s * 1_000));
    expect(timeTicks(FROM, FROM + 15 * MINUTE, 16, 0)).toHaveLength(15);
  });

  it("rounds on the local clock, not UTC's", () => {
    const halfHourEast = 5.5 * 60 * MINUTE;
    const ticks = timeTicks(FROM, FROM + 60 * MINUTE, 4, halfHourEast);
    expect(ticks[1]! - ticks[0]!).toBe(30 * MINUTE);
    expect(ticks.every((t) => (t + halfHourEast) % (30 * MINUTE) === 0)).toBe(true);
  });

  it("includes both ends when they are round", () => {
    expect(timeTicks(0, 5 * MINUTE, 6, 0)).toEqual([0, 1, 2, 3, 4, 5].map((m) => m * MINUTE));
  });

  it("falls back to the largest step when even it is too dense, and says nothing of a reversed range", () => {
    expect(timeTicks(0, 3 * 60 * MINUTE, 2, 0)).toEqual([0, 60, 120, 180].map((m) => m * MINUTE));
    expect(timeTicks(10, 0, 5, 0)).toEqual([]);
  });
});

describe("the lines of the marks' labels", () => {
  it("keeps labels on the top line while they do not touch, and moves the next one down when they would", () => {
    expect(labelLines([{ x: 0, width: 30 }, { x: 40, width: 30 }, { x: 50, width: 30 }, { x: 60, width: 30 }, { x: 70, width: 30 }])).toEqual([0, 0, 1, 2, null]);
  });

  it("goes back up as soon as a line has room", () => {
    expect(labelLines([{ x: 0, width: 50 }, { x: 10, width: 50 }, { x: 60, width: 20 }], 2)).toEqual([0, 1, 0]);
  });

  it("needs the gap between labels", () => {
    expect(labelLines([{ x: 0, width: 10 }, { x: 13, width: 10 }], 1, 4)).toEqual([0, null]);
    expect(labelLines([{ x: 0, width: 10 }, { x: 14, width: 10 }], 1, 4)).toEqual([0, 0]);
  });
});
