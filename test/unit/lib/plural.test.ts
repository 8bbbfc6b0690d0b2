import { describe, expect, it } from "vitest";
import { countOf } from "@/lib/format/plural";
import { describeServiceCount } from "@/lib/format/service-count";

describe("counts with nouns", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(countOf(0, "service")).toBe("0 services");
    expect(countOf(1, "service")).toBe("1 service");
    expect(countOf(2, "service")).toBe("2 services");
    expect(countOf(1_234, "service")).toBe("1,234 services");
    expect(countOf(3, "child", "children")).toBe("3 children");
  });
});

describe("the services count line", () => {
  it("counts the whole list", () => {
    expect(describeServiceCount(1, 1, "")).toBe("1 service");
    expect(describeServiceCount(3, 3, "")).toBe("3 services");
  });

  it("says how many match the filter, in agreement", () => {
    expect(describeServiceCount(1, 1, " greeting ")).toBe("1 service matches “greeting”");
    expect(describeServiceCount(2, 2, "demo")).toBe("2 services match “demo”");
    expect(describeServiceCount(0, 0, "nope")).toBe("0 services match “nope”");
  });

  it("says when the list was cut at the limit", () => {
    expect(describeServiceCount(1_000, 2_345, "")).toBe("1,000 of 2,345 services");
    expect(describeServiceCount(1, 3, "")).toBe("1 of 3 services");
    expect(describeServiceCount(1_000, 1_001, "a")).toBe("1,000 of 1,001 services match “a”");
  });
});
