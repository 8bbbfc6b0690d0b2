import { describe, expect, it } from "vitest";
import { isJavaBlank, javaTrim } from "@/lib/routing/parse/java-text";
import { javaUrlDecoderRejects } from "@/lib/routing/url/java-url-decoder";
import { globMatches, rangeOutcome } from "@/lib/routing/evaluate/value-pattern";

describe("globMatches (UrlUtils.isMatchGlobPattern)", () => {
  it.each([
    ["*", "anything", true],
    ["*", "", true],
    ["", "", true],
    [null, "", true],
    [null, "x", false],
    ["", "x", false],
    ["x", "", false],
    ["10.0.*", "10.0.3.1", true],
    ["10.0.*", "10.1.0.1", false],
    ["*.1", "10.0.0.1", true],
    ["get*Foo", "getBarFoo", true],
    ["get*Foo", "getFoo", true],
    ["ab*ba", "aba", true],
    ["a*b*", "a*bcd", true],
    ["a*b*", "axbcd", false],
    ["**", "*x", true],
    ["**", "x", false],
  ] as const)("%j against %j is %j", (pattern, value, expected) => {
    expect(globMatches(pattern, value)).toBe(expected);
  });
});

describe("rangeOutcome (RangeValuePattern, 3.3)", () => {
  it("compares ints within bounds, open at the start", () => {
    expect(rangeOutcome("1~100", "80", true)).toEqual({ matched: true, problem: null, number: 80 });
    expect(rangeOutcome("1~100", "101", true).matched).toBe(false);
    expect(rangeOutcome("~100", "7", true).matched).toBe(true);
  });

  it("reads anything that is not all digits as 0", () => {
    expect(rangeOutcome("0~10", "abc", true)).toEqual({ matched: true, problem: null, number: 0 });
    expect(rangeOutcome("-5~10", "3", true).matched).toBe(true);
  });

  it("falls back to true on the then side and false on the when side when it cannot compare", () => {
    for (const [pattern, value, problem] of [
      ["100~", "5", "not-a-range"],
      ["~", "5", "not-a-range"],
      ["~~5", "5", "open-both-ends"],
      ["1~99999999999", "5", "bound-too-large"],
      ["1~5", "99999999999", "value-too-large"],
    ] as const) {
      expect([pattern, rangeOutcome(pattern, value, false).matched, rangeOutcome(pattern, value, true).matched, rangeOutcome(pattern, value, true).problem]).toEqual([pattern, true, false, problem]);
    }
  });

  it("uses the first two parts of a longer split, as Java does", () => {
    expect(rangeOutcome("1~5~9", "7", true).matched).toBe(false);
    expect(rangeOutcome("1~~9", "0", true).matched).toBe(false);
    expect(rangeOutcome("1~~9", "50", true).matched).toBe(true);
  });
});

describe("Java's text rules", () => {
  it("trims chars up to U+0020 only, and calls only Java whitespace blank", () => {
    expect(javaTrim("\u0001 a \u001f")).toBe("a");
    expect(javaTrim("\u00a0a\u00a0")).toBe("\u00a0a\u00a0");
    expect([isJavaBlank("\u2003\u3000\t"), isJavaBlank("\u00a0"), isJavaBlank("\u2007"), isJavaBlank(null)]).toEqual([true, false, false, true]);
  });

  it("knows which strings java.net.URLDecoder rejects", () => {
    expect(["a%20b", "%+1", "%-0", "plain", "%41%42"].map(javaUrlDecoderRejects)).toEqual([false, false, false, false, false]);
    expect(["%zz", "%4", "a%", "%-1", "%%41"].map(javaUrlDecoderRejects)).toEqual([true, true, true, true, true]);
  });
});
