import { describe, expect, it } from "vitest";
import { hasInvisible, visibleParts, visibleText } from "@/lib/format/visible-text";

describe("visibleText", () => {
  it("escapes right-to-left overrides, isolates, zero-width and control characters", () => {
    expect(visibleText("io.demo.\u202EecivreS")).toBe("io.demo.\\u202EecivreS");
    expect(visibleText("a\u2066b\u2069c\u200Bd\u0000e\u001Bf\u007Fg\u0085h\uFEFF")).toBe("a\\u2066b\\u2069c\\u200Bd\\u0000e\\u001Bf\\u007Fg\\u0085h\\uFEFF");
    expect(visibleText("line\nbreak\ttab")).toBe("line\\u000Abreak\\u0009tab");
  });

  it("leaves ordinary names, right-to-left letters included, as they are", () => {
    for (const name of ["io.dubboconsole.demo.api.GreetingService", "服务.接口", "שירות", "demo/io.x.Svc:1.0.0", "a b"]) {
      expect(visibleText(name)).toBe(name);
      expect(hasInvisible(name)).toBe(false);
    }
  });

  it("splits a name into text and escapes whose texts join to the escaped name", () => {
    const name = "\u202Eapp\u200Fx";
    expect(visibleParts(name)).toEqual([
      { type: "escape", text: "\\u202E" },
      { type: "text", text: "app" },
      { type: "escape", text: "\\u200F" },
      { type: "text", text: "x" },
    ]);
    expect(visibleParts(name).map((p) => p.text).join("")).toBe(visibleText(name));
    expect(hasInvisible(name)).toBe(true);
  });
});
