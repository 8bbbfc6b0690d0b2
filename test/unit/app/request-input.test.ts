import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonBody, parseQuery } from "@/app/api/_lib/request-input";
import { isConsoleError, ValidationError } from "@/lib/errors";
import { UnsupportedMediaTypeError } from "@/server/errors/request-errors";

const get = (url: string) => new Request(url);
// Bytes, not a string: a string body would get a text/plain content type of its own.
const post = (body: string, contentType: string | null = "application/json") =>
  new Request("http://console/api/v1/x", { method: "POST", body: new TextEncoder().encode(body), headers: contentType ? { "content-type": contentType } : {} });

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

describe("parseJsonBody", () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

  it("returns the validated body", async () => {
    expect(await parseJsonBody(post('{"name":"a","tags":["x"]}'), schema)).toEqual({ name: "a", tags: ["x"] });
  });

  it.each(["application/json; charset=utf-8", "application/merge-patch+json", "Application/JSON"])("reads a %s body", async (type) => {
    expect(await parseJsonBody(post('{"name":"a"}', type), schema)).toEqual({ name: "a" });
  });

  it.each([
    ["text/plain", 'the body must be JSON (content-type: application/json), got "text/plain"'],
    ["application/x-www-form-urlencoded", 'the body must be JSON (content-type: application/json), got "application/x-www-form-urlencoded"'],
    [null, "the body must be JSON (content-type: application/json), got no content-type"],
  ])("rejects a %s body as unsupported_media_type", async (type, message) => {
    const error = await caught(() => parseJsonBody(post('{"name":"a"}', type), schema));
    expect(error).toBeInstanceOf(UnsupportedMediaTypeError);
    expect((error as UnsupportedMediaTypeError).message).toBe(message);
  });

  it.each([
    ["", "the body is empty; expected JSON"],
    ["  \n", "the body is empty; expected JSON"],
    ['{"name":', expect.stringMatching(/^the body is not valid JSON: /)],
    ["{name: 'a'}", expect.stringMatching(/^the body is not valid JSON: /)],
  ])("rejects the malformed body %j as validation_failed, never as an internal error", async (body, message) => {
    const error = await caught(() => parseJsonBody(post(body), schema));
    expect(isConsoleError(error) && error.code).toBe("validation_failed");
    expect(error).toMatchObject({ message, issues: [{ path: "(body)", message }] });
  });

  it("names each field that does not match the schema", async () => {
    const error = (await caught(() => parseJsonBody(post('{"name":1,"tags":["x",2]}'), schema))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map((i) => i.path)).toEqual(["name", "tags.1"]);
    expect(error.message).toMatch(/^invalid body: name: .+; tags\.1: /);
  });

  it("names the body itself when it is not an object at all", async () => {
    const error = (await caught(() => parseJsonBody(post("[1]"), schema))) as ValidationError;
    expect(error.issues.map((i) => i.path)).toEqual(["(body)"]);
  });
});

describe("parseJsonBody's size limit", () => {
  const schema = z.object({ a: z.string() });

  it("reads a body at the limit", async () => {
    const body = JSON.stringify({ a: "x".repeat(1016) });
    expect(body.length).toBe(1024);
    expect(await parseJsonBody(post(body), schema, 1024)).toEqual({ a: "x".repeat(1016) });
  });

  it("refuses a body one byte over with 413 payload_too_large", async () => {
    const e = await caught(() => parseJsonBody(post(JSON.stringify({ a: "x".repeat(1017) })), schema, 1024));
    expect(isConsoleError(e) && [e.code, e.message]).toEqual(["payload_too_large", "the request body is over the limit of 1024 bytes"]);
  });

  it("stops reading a stream with no length as soon as it passes the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512).fill(32));
      },
    });
    const request = new Request("http://console/api/v1/x", { method: "POST", body: stream, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    const e = await caught(() => parseJsonBody(request, schema, 1024));
    expect(isConsoleError(e) && e.code).toBe("payload_too_large");
    expect(pulled).toBeLessThanOrEqual(4);
  });
});
