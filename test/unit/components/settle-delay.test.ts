import { describe, expect, it } from "vitest";
import { settleDelay } from "@/components/routes/settle-delay";

describe("settleDelay: a debounce that takes the first change after a pause at once", () => {
  it("does not wait for the first change ever, nor for one after the quiet", () => {
    expect(settleDelay(5, Number.NEGATIVE_INFINITY, 40)).toBe(0);
    expect(settleDelay(1040, 1000, 40)).toBe(0);
    expect(settleDelay(2000, 1000, 40)).toBe(0);
  });

  it("waits the whole quiet for a change within a burst", () => {
    expect(settleDelay(1039, 1000, 40)).toBe(40);
    expect(settleDelay(1000, 1000, 40)).toBe(40);
  });
});
