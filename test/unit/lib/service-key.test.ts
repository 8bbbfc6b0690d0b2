import { describe, expect, it } from "vitest";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { parseDubboUrl } from "@/lib/dubbo/url";

describe("service identity", () => {
  it("writes group/interface:version and leaves out empty parts", () => {
    expect(serviceKey({ interface: "a.B", group: "g", version: "1" })).toBe("g/a.B:1");
    expect(serviceKey({ interface: "a.B", group: "", version: "" })).toBe("a.B");
  });

  it("takes the interface parameter over the path, and treats 0.0.0 as no version", () => {
    expect(serviceIdOf(parseDubboUrl("dubbo://h:1/custom-path?interface=a.B&version=0.0.0&group=g"))).toEqual({
      interface: "a.B",
      group: "g",
      version: "",
    });
    expect(serviceIdOf(parseDubboUrl("dubbo://h:1/a.C?version=2.0"))).toEqual({ interface: "a.C", group: "", version: "2.0" });
  });
});
