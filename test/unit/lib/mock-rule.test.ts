import { describe, expect, it } from "vitest";
import { mockKey, mockValue, readMock } from "@/lib/mock/mock-rule";

describe("mock parameters", () => {
  it("writes force and fail, return and throw as MockClusterInvoker reads them", () => {
    expect(mockKey("whoAmI")).toBe("whoAmI.mock");
    expect(mockValue({ method: "whoAmI", mode: "force", returns: "mocked" })).toBe('force:return "mocked"');
    expect(mockValue({ method: "m", mode: "fail", returns: { name: "a", age: 3 } })).toBe('fail:return {"name":"a","age":3}');
    expect(mockValue({ method: "m", mode: "fail", returns: null })).toBe("fail:return null");
    expect(mockValue({ method: "m", mode: "force", returns: 42 })).toBe("force:return 42");
    expect(mockValue({ method: "m", mode: "force", throws: "" })).toBe("force:throw");
    expect(mockValue({ method: "m", mode: "fail", throws: "java.lang.IllegalStateException" })).toBe("fail:throw java.lang.IllegalStateException");
  });

  it("reads back what it wrote, and refuses other forms", () => {
    for (const d of [
      { method: "whoAmI", mode: "force" as const, returns: "mocked" },
      { method: "m", mode: "fail" as const, returns: [1, 2] },
      { method: "m", mode: "force" as const, returns: true },
      { method: "m", mode: "force" as const, throws: "x.Y" },
    ]) {
      expect(readMock(mockKey(d.method), mockValue(d))).toEqual(d);
    }
    expect(readMock("whoAmI.timeout", "force:return 1")).toBeNull();
    expect(readMock("m.mock", "true")).toBeNull();
    expect(readMock("m.mock", "return 1")).toBeNull();
  });
});
