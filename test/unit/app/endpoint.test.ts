import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint, unknownEndpoint } from "@/app/api/_lib/endpoint";
import { HTTP_METHODS } from "@/app/api/_lib/http-methods";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";

const ROOT = join(import.meta.dirname, "..", "..", "..");

beforeAll(() => {
  // A registry that refuses connections: nothing here needs one, and nothing may hang on it.
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterAll(() => findEngine()?.close());

const at = (method: string, path = "/api/v1/thing") => new Request(`http://console${path}`, { method });

describe("endpoint()", () => {
  const getOnly = endpoint({ GET: { permission: "read", handle: () => ({ ok: true }) } });
  const writeOnly = endpoint({ POST: { permission: "routes.write", handle: () => ({ created: true }) }, DELETE: { permission: "routes.write", handle: () => ({ deleted: true }) } });

  it("runs the methods it was given, wrapped", async () => {
    const res = await getOnly.GET(at("GET"));
    expect([res.status, res.headers.get("cache-control"), await res.json()]).toEqual([200, "no-store", { ok: true }]);
    expect(await (await writeOnly.DELETE(at("DELETE"))).json()).toEqual({ deleted: true });
  });

  it("answers HEAD with what GET answers", async () => {
    expect(getOnly.HEAD).toBe(getOnly.GET);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("answers %s on a GET endpoint with 405 method_not_allowed and Allow", async (method) => {
    const res = await getOnly[method](at(method));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await res.json()).toEqual({
      error: { code: "method_not_allowed", message: `${method} is not allowed on /api/v1/thing; use GET, HEAD or OPTIONS`, allow: ["GET", "HEAD", "OPTIONS"] },
    });
  });

  it("offers HEAD only where there is a GET", async () => {
    const res = await writeOnly.HEAD(at("HEAD"));
    expect([res.status, res.headers.get("allow")]).toEqual([405, "DELETE, OPTIONS, POST"]);
  });

  it("answers OPTIONS with 204 and the Allow header", async () => {
    for (const [exports, allow] of [
      [getOnly, "GET, HEAD, OPTIONS"],
      [writeOnly, "DELETE, OPTIONS, POST"],
    ] as const) {
      const res = await exports.OPTIONS(at("OPTIONS"));
      expect([res.status, res.headers.get("allow"), await res.text()]).toEqual([204, allow, ""]);
    }
  });
});

describe("unknownEndpoint()", () => {
  it.each(HTTP_METHODS)("answers %s with 404 not_found naming the method and path", async (method) => {
    const res = await unknownEndpoint()[method](at(method, "/api/v1/nope"));
    expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([404, "application/json", "no-store"]);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: `no API endpoint ${method} /api/v1/nope; see docs/api.md` } });
  });
});

describe("every route file under app/api", () => {
  const files = readdirSync(join(ROOT, "app", "api"), { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)route\.tsx?$/.test(f));

  it("is found", () => {
    expect(files).toEqual(expect.arrayContaining(["[[...path]]/route.ts", "v1/services/route.ts", "v1/registry/route.ts"]));
  });

  it.each(files)("%s exports a handler for every HTTP method, so none falls to Next's empty 405", async (file) => {
    const exports = (await import(join(ROOT, "app", "api", file))) as Record<string, unknown>;
    expect(HTTP_METHODS.filter((m) => typeof exports[m] !== "function")).toEqual([]);
  });
});
