import { describe, expect, it } from "vitest";
import { z } from "zod";
import { textParam, wholeNumberParam } from "@/lib/api/query-params";
import { servicesQuerySchema } from "@/lib/api/services";

/** The messages of every issue when `schema` rejects `input`. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("wholeNumberParam", () => {
  const limit = wholeNumberParam("limit", { min: 1, max: 10_000, fallback: 1_000 });

  it.each([
    ["1", 1],
    ["10000", 10_000],
    ["007", 7],
    [undefined, 1_000],
  ])("reads %j as %i", (input, value) => {
    expect(limit.parse(input)).toBe(value);
  });

  it.each(["abc", "0", "10001", "1.5", "-1", "+1", "1e3", " 5", "", "99999999999999999999", "0x10"])("rejects %j saying what was expected", (input) => {
    expect(messages(limit, input)).toEqual([`limit must be a whole number from 1 to 10000, got ${JSON.stringify(input)}`]);
  });

  it("says what came when it is not even text", () => {
    expect(messages(limit, 5)).toEqual(["limit must be a whole number from 1 to 10000, got number"]);
  });
});

describe("textParam", () => {
  const q = textParam("q", { max: 5 });

  it("trims, and may be absent", () => {
    expect([q.parse("  ab "), q.parse(undefined)]).toEqual(["ab", undefined]);
  });

  it("rejects text over the limit saying how long it was", () => {
    expect(messages(q, "abcdef")).toEqual(["q must be at most 5 characters, got 6"]);
  });

  it("says what came when it is not text", () => {
    expect(messages(q, ["a"])).toEqual(["q must be text, got object"]);
  });
});

describe("servicesQuerySchema", () => {
  it("defaults to the first 1000 services of everything", () => {
    expect(servicesQuerySchema.parse({})).toEqual({ limit: 1_000 });
  });

  it("never answers with zod's own wording", () => {
    for (const input of [{ limit: "abc" }, { limit: "" }, { q: "x".repeat(201) }, { q: 1 }, { limit: null }, { by: "x" }, { by: 2 }, { cursor: 3 }]) {
      const found = messages(servicesQuerySchema, input);
      expect(found.length).toBeGreaterThan(0);
      for (const message of found) expect(message).toMatch(/^(q|limit|by|cursor) must be /);
    }
  });
});
