import { describe, expect, it } from "vitest";
import { splitAfterDots, splitServiceKey } from "@/lib/format/java-name";

describe("Java names split for wrapping", () => {
  it("splits after each dot, keeping the dot with its package", () => {
    expect(splitAfterDots("io.dubboconsole.demo.api.GreetingService")).toEqual(["io.", "dubboconsole.", "demo.", "api.", "GreetingService"]);
  });

  it("leaves a name without dots whole, and gives back the name when joined", () => {
    expect(splitAfterDots("GreetingService")).toEqual(["GreetingService"]);
    for (const name of ["a.b.C", "Outer$Inner", "trailing.", ".leading", "a..b", ""]) {
      expect(splitAfterDots(name).join("")).toBe(name);
    }
  });
});

describe("service keys split for wrapping", () => {
  it("splits after the group's slash and each dot of the interface, keeping the version with the simple name", () => {
    const key = "demo/io.dubboconsole.demo.api.TypesService:1.0.0";
    expect(splitServiceKey(key)).toEqual(["demo/", "io.", "dubboconsole.", "demo.", "api.", "TypesService:1.0.0"]);
    expect(splitServiceKey("io.x.Greeting")).toEqual(["io.", "x.", "Greeting"]);
    for (const k of [key, "io.x.Greeting", "g/Svc", "Svc:2", "a/b/c.D:1:2", ""]) expect(splitServiceKey(k).join("")).toBe(k);
  });
});
