import { describe, expect, it } from "vitest";
import { formatAgo, formatDuration } from "@/lib/format/relative-time";

describe("durations and ages for operators", () => {
  it.each([
    [0, "0 s"],
    [999, "0 s"],
    [1_000, "1 s"],
    [42_700, "42 s"],
    [59_999, "59 s"],
    [60_000, "1 min"],
    [3 * 60_000 + 59_000, "3 min"],
    [59 * 60_000, "59 min"],
    [3_600_000, "1 h"],
    [2 * 3_600_000 + 5 * 60_000 + 30_000, "2 h 5 min"],
    [86_400_000, "1 d"],
    [3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000, "3 d 4 h"],
  ])("formats %i ms as %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it("reads an age as how long ago", () => {
    expect(formatAgo(42_000)).toBe("42 s ago");
    expect(formatAgo(3 * 60_000)).toBe("3 min ago");
  });

  it("reads a negative age from a skewed clock, and a non-number, as 0 s ago", () => {
    expect(formatAgo(-5_000)).toBe("0 s ago");
    expect(formatAgo(Number.NaN)).toBe("0 s ago");
  });
});
