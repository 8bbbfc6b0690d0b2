import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HTTP_STATUS } from "@/app/api/_lib/http-status";
import { type HandlerBody, type MethodSpec, route } from "@/app/api/_lib/route-handler";
import { ConsoleError, ERROR_CODES, ValidationError } from "@/lib/errors";
import { MethodNotAllowedError, NotFoundError, UnsupportedMediaTypeError } from "@/server/errors/request-errors";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";

let engine: Engine;
beforeAll(() => {
  // A registry that refuses connections: nothing here needs one, and nothing may hang on it.
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => findEngine()?.close());

const request = (url = "http://console/api/v1/x") => new Request(url);
/** A handler that needs only to read (authentication is off in unit tests: the anonymous admin). */
const read = (handle: HandlerBody): MethodSpec => ({ permission: "read", handle });

describe("the HTTP error edge", () => {
  it("maps every error code to a status", () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    [new ValidationError("invalid query: limit: too big", [{ path: "limit", message: "too big" }]), 400, { code: "validation_failed", issues: [{ path: "limit", message: "too big" }] }],
    [new RegistryUnavailableError("no registry is connected and synced", { registries: [] }), 503, { code: "registry_unavailable", registries: [] }],
    [new NotFoundError("no such service"), 404, { code: "not_found", message: "no such service" }],
    [new MethodNotAllowedError("PUT", "/api/v1/x", ["GET", "HEAD", "OPTIONS"]), 405, { code: "method_not_allowed", allow: ["GET", "HEAD", "OPTIONS"] }],
    [new UnsupportedMediaTypeError("the body must be JSON"), 415, { code: "unsupported_media_type", message: "the body must be JSON" }],
    [new ConsoleError("config_invalid", "invalid PORT"), 500, { code: "config_invalid", message: "invalid PORT" }],
  ])("answers %s with %i and the error body", async (error, status, body) => {
    const res = await route(read(() => {
      throw error;
    }))(request());
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: expect.objectContaining(body) });
  });

  it("sends the Allow header with a 405, and only then", async () => {
    const throwing = (e: Error) =>
      route(read(() => {
        throw e;
      }))(request());
    expect((await throwing(new MethodNotAllowedError("PUT", "/api/v1/x", ["GET", "HEAD", "OPTIONS"]))).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await throwing(new NotFoundError("no such service"))).headers.get("allow")).toBeNull();
  });

  it("answers an unexpected error with a 500 that hides it, and logs it whole", async () => {
    const logged = vi.spyOn(engine.log, "error").mockImplementation(() => undefined);
    const res = await route(read(() => {
      throw new TypeError("secret internals");
    }))(request());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "internal error; see the console's log" } });
    expect(text).not.toContain("secret");
    expect(logged).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledWith("unhandled error in route handler", {
      url: "http://console/api/v1/x",
      error: expect.stringMatching(/^TypeError: secret internals\n\s+at /),
    });
  });

  it("answers the handler's value as JSON, never cached", async () => {
    const res = await route(read(() => ({ ok: 1 })))(request());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ ok: 1 });
  });

  it("answers the real services handler with 503 at once when the registry is unreachable", async () => {
    const { GET } = await import("@/app/api/v1/services/route");
    const started = Date.now();
    const res = await GET(request("http://console/api/v1/services"));
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await res.json()).toMatchObject({ error: { code: "registry_unavailable" } });
  });
});
