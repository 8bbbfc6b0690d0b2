import { describe, expect, it } from "vitest";
import { argsJsonText, parseArgsJsonText } from "@/lib/invoke/args-json-text";
import { dateInputText, isoDate, parseDateText } from "@/lib/invoke/java-date";

describe("the JSON view's text", () => {
  it("reads an array of the method's arguments", () => {
    expect(parseArgsJsonText('[1, "two", {"three": [3]}]', 3)).toEqual({ ok: true, args: [1, "two", { three: [3] }] });
    expect(parseArgsJsonText(argsJsonText([{ a: null }]), 1)).toEqual({ ok: true, args: [{ a: null }] });
  });

  it("says what is wrong: syntax, not an array, another count", () => {
    expect(parseArgsJsonText("[1,", 1)).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON: /) as unknown as string });
    expect(parseArgsJsonText('{"a": 1}', 1)).toEqual({ ok: false, message: "The arguments are one JSON array, one element per parameter: [ … ]" });
    expect(parseArgsJsonText("[1, 2]", 1)).toEqual({ ok: false, message: "The method takes 1 argument; the array holds 2" });
    expect(parseArgsJsonText("[]", 2)).toEqual({ ok: false, message: "The method takes 2 arguments; the array holds 0" });
  });

  it("refuses a whole number that JSON would round, and points to the string form", () => {
    expect(parseArgsJsonText("[9007199254740993]", 1)).toEqual({
      ok: false,
      message: '9007199254740993 is beyond 2^53−1, where JSON numbers lose digits: write it as a string, "9007199254740993"',
    });
    expect(parseArgsJsonText('[{"id": -9223372036854775808}]', 1)).toMatchObject({ ok: false });
  });

  it("takes the largest exact whole number, big numbers in strings, fractions and exponents", () => {
    expect(parseArgsJsonText('[9007199254740991, "9223372036854775807", 1.12345678901234567890, 2e300, 5E-20]', 5)).toMatchObject({ ok: true });
  });
});

describe("dates", () => {
  it("reads the datetime-local text as UTC, with or without seconds and milliseconds", () => {
    expect(parseDateText("2024-05-01T10:00")).toBe(Date.UTC(2024, 4, 1, 10, 0));
    expect(parseDateText("2024-05-01T10:00:05")).toBe(Date.UTC(2024, 4, 1, 10, 0, 5));
    expect(parseDateText("2024-05-01T10:00:05.7")).toBe(Date.UTC(2024, 4, 1, 10, 0, 5, 700));
    expect(parseDateText("0099-01-01T00:00:00.000Z")).toBe(new Date("0099-01-01T00:00:00.000Z").getTime());
  });

  it("reads offsets and epoch milliseconds, and refuses days that do not exist", () => {
    expect(parseDateText("2024-05-01T10:00:00.000-05:30")).toBe(Date.UTC(2024, 4, 1, 15, 30));
    expect(parseDateText("-1000")).toBe(-1000);
    expect(parseDateText("2023-02-29T00:00")).toBeNull();
    expect(parseDateText("2024-05-01T24:00")).toBeNull();
    expect(parseDateText("2024-05-01")).toBeNull();
    expect(parseDateText("99999999999999999")).toBeNull();
  });

  it("writes the API's ISO text and the datetime-local text of an instant", () => {
    const ms = Date.UTC(2024, 4, 1, 10, 0, 0, 123);
    expect(isoDate(ms)).toBe("2024-05-01T10:00:00.123Z");
    expect(dateInputText(ms)).toBe("2024-05-01T10:00:00.123");
    expect(dateInputText(Date.UTC(20000, 0, 1))).toBe("+020000-01-01T00:00:00.000Z");
  });
});
