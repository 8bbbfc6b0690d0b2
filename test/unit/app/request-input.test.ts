import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseQuery } from "@/app/api/_lib/request-input";
import { ValidationError } from "@/lib/errors";

const get = (url: string) => new Request(url);

/** The error `run` throws or rejects with, for assertions on its fields. */
async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error("expected an error");
}

describe("parseQuery", () => {
  const schema = z.object({ n: z.coerce.number().int().min(1), s: z.string().optional() });

  it("returns the parsed query", () => {
    expect(parseQuery(get("http://c/x?n=3&s=a"), schema)).toEqual({ n: 3, s: "a" });
  });

  it("throws a ValidationError naming each bad parameter", async () => {
    expect(() => parseQuery(get("http://c/x?n=0"), schema)).toThrow(ValidationError);
    const error = (await caught(() => parseQuery(get("http://c/x"), schema))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i) => i.path)).toEqual(["n"]);
    expect(error.message).toMatch(/^invalid query: n: /);
  });

  it("does not repeat the parameter's name when the message already starts with it", async () => {
    const named = z.object({ n: z.string().refine(() => false, "n must be blue") });
    const error = (await caught(() => parseQuery(get("http://c/x?n=red"), named))) as ValidationError;
    expect(error.message).toBe("invalid query: n must be blue");
  });
});
