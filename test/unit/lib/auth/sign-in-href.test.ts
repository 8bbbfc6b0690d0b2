import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT, safeNextPath, signInHref } from "@/lib/auth/sign-in-href";

describe("safeNextPath", () => {
  it("keeps a path of the console with its query and fragment", () => {
    expect(safeNextPath("/routes")).toBe("/routes");
    expect(safeNextPath("/services/detail?key=demo/io.x.TypesService:1.0.0&tab=routes")).toBe("/services/detail?key=demo/io.x.TypesService:1.0.0&tab=routes");
    expect(safeNextPath("/audit?kind=route.edit#top")).toBe("/audit?kind=route.edit#top");
  });

  it("refuses absolute and scheme-relative addresses, which would leave the console", () => {
    for (const raw of ["https://evil.example/", "http:/evil.example", "//evil.example/x", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)", "evil.example/routes", " /routes"]) {
      expect(safeNextPath(raw), raw).toBe(DEFAULT_NEXT);
    }
  });

  it("refuses control characters, which browsers strip before reading the address", () => {
    expect(safeNextPath("/\t/evil.example")).toBe(DEFAULT_NEXT);
    expect(safeNextPath("/routes\n")).toBe(DEFAULT_NEXT);
  });

  it("normalises dot segments and still stays on the console", () => {
    expect(safeNextPath("/a/../routes")).toBe("/routes");
    expect(safeNextPath("/./%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("never sends back to the sign-in page itself, and falls back when nothing is given", () => {
    expect(safeNextPath("/sign-in?next=/routes")).toBe(DEFAULT_NEXT);
    expect(safeNextPath(null)).toBe(DEFAULT_NEXT);
    expect(safeNextPath("")).toBe(DEFAULT_NEXT);
  });
});

describe("signInHref", () => {
  it("carries the page to come back to, encoded", () => {
    expect(signInHref("/routes?x=1&y=2")).toBe("/sign-in?next=%2Froutes%3Fx%3D1%26y%3D2");
  });

  it("carries the default page when the current one is not a safe path", () => {
    expect(signInHref("//evil.example")).toBe(`/sign-in?next=${encodeURIComponent(DEFAULT_NEXT)}`);
  });
});
