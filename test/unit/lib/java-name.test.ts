import { describe, expect, it } from "vitest";
import { splitAfterDots } from "@/lib/format/java-name";

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
