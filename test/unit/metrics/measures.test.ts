import { describe, expect, it } from "vitest";
import { formatClockTime } from "@/lib/format/clock-time";
import { formatMeasure, formatMeasureNumber, MEASURE_WORDS, MEASURES } from "@/lib/metrics/measures";

describe("a measure's value in words", () => {
  it("keeps as many decimals as still tell something", () => {
    expect(formatMeasureNumber(0)).toBe("0");
    expect(formatMeasureNumber(0.04)).toBe("0.04");
    expect(formatMeasureNumber(0.1)).toBe("0.1");
    expect(formatMeasureNumber(9.84)).toBe("9.8");
    expect(formatMeasureNumber(12)).toBe("12.0");
    expect(formatMeasureNumber(99.94)).toBe("99.9");
    expect(formatMeasureNumber(99.96)).toBe("100");
    expect(formatMeasureNumber(1234.4)).toBe("1,234");
  });

  it("reads a dash for a value not known", () => {
    expect(formatMeasureNumber(null)).toBe("—");
    expect(formatMeasureNumber(Number.NaN)).toBe("—");
    expect(formatMeasure("p99Ms", null)).toBe("—");
  });

  it("puts the measure's unit after the number", () => {
    expect(formatMeasure("callsPerSecond", 9.8)).toBe("9.8 calls/s");
    expect(formatMeasure("p50Ms", 3)).toBe("3.0 ms");
    expect(formatMeasure("failuresPerSecond", 0)).toBe("0 failures/s");
  });

  it("names every measure the picker offers", () => {
    expect(MEASURES.map((m) => MEASURE_WORDS[m].label)).toEqual(["Calls/s", "p50", "p99", "Failures/s"]);
  });
});

describe("an instant on the time axis", () => {
  it("reads as the local clock, 24-hour with seconds", () => {
    expect(formatClockTime(new Date(2024, 0, 2, 3, 4, 5).getTime())).toBe("03:04:05");
    expect(formatClockTime(new Date(2024, 0, 2, 23, 59, 59, 999).getTime())).toBe("23:59:59");
  });
});
