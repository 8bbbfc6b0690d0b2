import { describe, expect, it } from "vitest";
import { agreesWith } from "@/server/observability/qos/router-snapshots";

const seen = (output: number, addresses: string[], truncated = false) => ({ output, addresses, truncated });
const predicted = (total: number, addresses: string[], truncated = false) => ({ total, addresses, truncated });

describe("agreesWith", () => {
  it("agrees on the same count and the same addresses in any order", () => {
    expect(agreesWith(seen(2, ["b:1", "a:1"]), predicted(2, ["a:1", "b:1"]))).toBe(true);
    expect(agreesWith(seen(0, []), predicted(0, []))).toBe(true);
  });

  it("differs on another count, or another provider at the same count", () => {
    expect(agreesWith(seen(3, ["a:1", "b:1", "c:1"]), predicted(2, ["a:1", "b:1"]))).toBe(false);
    expect(agreesWith(seen(2, ["a:1", "c:1"]), predicted(2, ["a:1", "b:1"]))).toBe(false);
  });

  it("compares what both list when a list is cut (Dubbo prints five addresses)", () => {
    expect(agreesWith(seen(7, ["a:1", "b:1", "c:1", "d:1", "e:1"], true), predicted(7, ["a:1", "b:1", "c:1", "d:1", "e:1", "f:1", "g:1"]))).toBe(true);
    expect(agreesWith(seen(7, ["a:1", "b:1", "c:1", "d:1", "z:1"], true), predicted(7, ["a:1", "b:1", "c:1", "d:1", "e:1", "f:1", "g:1"]))).toBe(false);
    expect(agreesWith(seen(7, ["a:1", "b:1", "c:1", "d:1", "z:1"], true), predicted(7, ["a:1"], true))).toBe(true);
  });
});
