import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { methodParam } from "@/server/cluster/directory/url-parameters";

describe("methodParam", () => {
  it("answers each release's reading of the same URL object, asked again and again", () => {
    // 2.7.23 splits the methods list; 3.3 tests it as a substring, so `say` counts as listed in `sayHello`.
    const url = parseDubboUrl("dubbo://h:1/a.B?methods=sayHello&say.timeout=5&timeout=9");
    for (let i = 0; i < 3; i++) {
      expect(methodParam(url, "say", "timeout", "2.7")).toBe("9");
      expect(methodParam(url, "say", "timeout", "3.x")).toBe("5");
      expect(methodParam(url, "sayHello", "timeout", "3.x")).toBe("9");
      expect(methodParam(url, "say", "retries", "3.x")).toBeUndefined();
    }
  });

  it("reads a URL with other parameters on its own, whatever an earlier one answered", () => {
    expect(methodParam(parseDubboUrl("dubbo://h:1/a.B?timeout=1"), "m", "timeout", "3.x")).toBe("1");
    expect(methodParam(parseDubboUrl("dubbo://h:1/a.B?timeout=2"), "m", "timeout", "3.x")).toBe("2");
  });
});
