import { describe, expect, it } from "vitest";
import { describeServiceCount } from "@/lib/format/service-count";

describe("describeServiceCount", () => {
  it.each([
    [3, 3, "", "", "3 services"],
    [1, 1, "greeting", "", "1 service matches “greeting”"],
    [2, 2, " 127.0.0.2 ", "address", "2 services match address “127.0.0.2”"],
    [1, 1, "demo-consumer-27", "application", "1 service matches application “demo-consumer-27”"],
    [1, 1, "types*", "service", "1 service matches key “types*”"],
    [1_000, 2_345, "", "", "1,000 of 2,345 services"],
  ])("counts %i of %i for “%s” by “%s” as %s", (shown, total, q, by, line) => {
    expect(describeServiceCount(shown, total, q, by)).toBe(line);
  });
});
