import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { HTTP_STATUS } from "@/app/api/_lib/http-status";
import { parseJsonBody, parseQuery } from "@/app/api/_lib/request-input";
import { isConsoleError } from "@/lib/errors";
import { apiRouteFiles, type SchemaRef } from "../../support/api-routes";
import { FUZZ_TIMEOUT_MS, fuzzParameters, hostileJsonValue, nearBody, schemaKeys } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/**
 * Property-based fuzzing of every API body and query schema, found from the route files
 * themselves (test/support/api-routes.ts), through parseJsonBody and parseQuery: the very
 * functions the handlers call. Whatever arrives, the answer is the parsed value or a typed
 * 4xx error (validation_failed, unsupported_media_type) with issues naming each field.
 */

const routes = apiRouteFiles();
const unique = (refs: SchemaRef[]) => [...new Map(refs.map((r) => [`${r.module}#${r.name}`, r])).values()];
const bodySchemas = unique(routes.flatMap((r) => [...r.bodySchemas]));
const querySchemas = unique(routes.flatMap((r) => [...r.querySchemas]));

async function load(ref: SchemaRef): Promise<z.ZodType> {
  const exports = (await import(/* @vite-ignore */ ref.module)) as Record<string, z.ZodType>;
  const schema = exports[ref.name];
  if (!schema) throw new Error(`${ref.module} exports no ${ref.name}`);
  return schema;
}

/** Awaits `run`; a throw must be a ConsoleError whose code maps to a 4xx status, with well-formed issues. */
async function valueOrClientError(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (!isConsoleError(e)) throw new Error(`threw an untyped ${e instanceof Error ? e.name : typeof e}: ${String(e)}`, { cause: e });
    const status = HTTP_STATUS[e.code];
    expect(status >= 400 && status < 500, `${e.code} is ${status}`).toBe(true);
    expect(e.message).not.toBe("");
    const issues = (e.details as { issues?: unknown } | undefined)?.issues;
    if (issues !== undefined) for (const i of issues as { path: unknown; message: unknown }[]) expect([typeof i.path, typeof i.message]).toEqual(["string", "string"]);
  }
}

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "application/problem+json", "APPLICATION/JSON", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", ";", "application/json;;;") },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Body bytes: JSON of hostile or near-valid values, truncated JSON, and bytes that are not UTF-8. */
const bodyBytes = (keys: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: nearBody(keys).map((v) => new TextEncoder().encode(JSON.stringify(v))) },
    { weight: 2, arbitrary: hostileJsonValue.map((v) => new TextEncoder().encode(JSON.stringify(v) ?? "")) },
    { weight: 1, arbitrary: nearBody(keys).map((v) => new TextEncoder().encode(JSON.stringify(v).slice(0, -1))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    { weight: 1, arbitrary: fc.constantFrom(new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]), new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]), new Uint8Array()) },
  );

describe("every API body schema under fuzzing, through parseJsonBody", () => {
  it("finds the body schemas from the route files", () => {
    expect(bodySchemas.map((s) => s.name).sort()).toEqual(expect.arrayContaining(["createRouteBodySchema", "invokeRequestSchema", "replaceRouteBodySchema", "routePreviewBodySchema", "configRoutePutSchema"]));
  });

  it.each(bodySchemas.map((s) => [s.name, s] as const))("%s: any bytes and content type parse or fail as a typed 4xx", async (_name, ref) => {
    const schema = await load(ref);
    const keys = schemaKeys(schema);
    expect(keys.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(bodyBytes(keys), contentType, async (bytes, type) => {
        const request = new Request("http://console/api/v1/x", { method: "POST", body: bytes, headers: type === null ? {} : { "content-type": type } });
        await valueOrClientError(() => parseJsonBody(request, schema));
      }),
      fuzzParameters(150),
    );
  });
});

/** Query strings: the schema's parameters and others, repeated, with encoded junk. */
const queryString = (keys: readonly string[]) => {
  const name = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 5 })) : fc.string({ maxLength: 5 });
  const value = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("", "%", "%zz", "%ED%A0%80", "%FF", "0", "-1", "1e400", "x".repeat(5_000), "a&b", "%00", "+"));
  return fc.array(fc.tuple(name, value, fc.boolean()), { maxLength: 6 }).map((ps) => ps.map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw ? v : encodeURIComponent(v)}`).join("&"));
};

describe("every API query schema under fuzzing, through parseQuery", () => {
  it.each(querySchemas.map((s) => [s.name, s] as const))("%s: any query parses or fails as a typed 4xx", async (_name, ref) => {
    const schema = await load(ref);
    await fc.assert(
      fc.asyncProperty(queryString(schemaKeys(schema)), async (query) => {
        await valueOrClientError(async () => parseQuery(new Request(`http://console/api/v1/x?${query}`), schema));
      }),
      fuzzParameters(200),
    );
  });
});
