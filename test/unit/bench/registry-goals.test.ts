import { describe, expect, it } from "vitest";
import { goal } from "../../../bench/registry-goals";

const ms = (x: number) => `${x} ms`;

describe("a figure's goal as the registry bench prints it", () => {
  it("says an under-goal is met only below the limit", () => {
    expect(goal(7.9, 10, ms)).toBe("(goal < 10 ms, met)");
    expect(goal(10, 10, ms)).toBe("(goal < 10 ms, MISSED)");
  });

  it("says an at-most goal is met at the limit", () => {
    expect(goal(1.1, 1.1, (x) => `${x}x raw`, true)).toBe("(goal <= 1.1x raw, met)");
    expect(goal(1.11, 1.1, (x) => `${x}x raw`, true)).toBe("(goal <= 1.1x raw, MISSED)");
  });

  it("prints nothing where the size has no such goal, and says when the figure is missing", () => {
    expect(goal(3, undefined, ms)).toBe("");
    expect(goal(Number.NaN, 10, ms)).toBe("(goal < 10 ms, not measured)");
  });
});
