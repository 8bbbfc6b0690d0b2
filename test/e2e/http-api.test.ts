import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { servicesResponseSchema } from "@/lib/api/services";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";

const rig = inject("rig");
let server: ConsoleHandle;

beforeAll(async () => {
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress });
  await waitForRegistrySync(server.url);
});

afterAll(async () => {
  await server?.stop();
});

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
}

describe("GET /api/v1/services", () => {
  it("answers the registry's services in the documented shape", async () => {
    const { status, body } = await get("/api/v1/services");
    expect(status).toBe(200);
    const parsed = servicesResponseSchema.parse(body);
    expect(parsed.total).toBe(3);
    // Two interface-level providers (2.7.23, 3.3.6) and the instance-only 3.3.6 one, once application-level discovery has read it.
    const counts = async () => servicesResponseSchema.parse((await get("/api/v1/services")).body).services.map((s) => [s.key, s.providers]);
    await waitFor("the instance-only provider", async () => (await counts()).every(([, n]) => n === 3));
    expect(await counts()).toEqual([
      ["io.dubboconsole.demo.api.FaultService:2.0.0", 3],
      ["io.dubboconsole.demo.api.GreetingService", 3],
      ["demo/io.dubboconsole.demo.api.TypesService:1.0.0", 3],
    ]);
  });

  it.each([
    { query: "?limit=abc", param: "limit", message: 'limit must be a whole number from 1 to 10000, got "abc"' },
    { query: "?limit=0", param: "limit", message: 'limit must be a whole number from 1 to 10000, got "0"' },
    { query: "?limit=1.5", param: "limit", message: 'limit must be a whole number from 1 to 10000, got "1.5"' },
    { query: "?limit=10001", param: "limit", message: 'limit must be a whole number from 1 to 10000, got "10001"' },
    { query: "?limit=", param: "limit", message: 'limit must be a whole number from 1 to 10000, got ""' },
    { query: `?q=${"x".repeat(201)}`, param: "q", message: "q must be at most 200 characters, got 201" },
  ])("rejects a bad $param with 400 validation_failed saying what was expected: $message", async ({ query, param, message }) => {
    const { status, body } = await get(`/api/v1/services${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: { code: "validation_failed", message: `invalid query: ${message}`, issues: [{ path: param, message }] } });
  });
});

describe("GET /api/v1/registry", () => {
  it("reports the connected session and what was read", async () => {
    const { status, body } = await get("/api/v1/registry");
    expect(status).toBe(200);
    const [registry] = registryStatusResponseSchema.parse(body).registries;
    expect(registry).toMatchObject({ source: rig.zkAddress, root: "/dubbo", state: { type: "connected" }, serviceCount: 3, invalidNodes: [] });
    expect(registry?.syncedAt).toBeGreaterThan(0);
  });
});

describe("GET /services (the page)", () => {
  it("arrives with the service list already rendered from the in-memory catalog", async () => {
    const res = await fetch(`${server.url}/services`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const key of ["io.dubboconsole.demo.api.GreetingService", "demo/io.dubboconsole.demo.api.TypesService:1.0.0"]) {
      expect(html).toContain(`data-service-key="${key}"`);
    }
  });
});

/** One HTTP exchange, kept whole: status, the headers the tests read, and the raw body. */
async function call(method: string, path: string): Promise<{ status: number; contentType: string | null; allow: string | null; text: string }> {
  const res = await fetch(`${server.url}${path}`, { method, redirect: "manual" });
  return { status: res.status, contentType: res.headers.get("content-type"), allow: res.headers.get("allow"), text: await res.text() };
}

/** As `call`, through node:http: fetch itself refuses the methods the Fetch standard forbids (TRACE). */
function callRaw(method: string, path: string): Promise<{ status: number; contentType: string | null; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"] ?? null, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

const WITH_BODY = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const KNOWN_ROUTES = ["/api/v1/services", "/api/v1/registry", "/api/v1/service", "/api/v1/applications", "/api/v1/application", "/api/v1/address", "/api/v1/events"] as const;
const UNKNOWN_PATHS = ["/api", "/api/v1", "/api/v1/nope", "/api/v1/services/x", "/api/v1/registry/a/b", "/api/nope", "/api/_lib/route-handler", "/api/v2/services"];

describe("unknown API paths", () => {
  it.each(UNKNOWN_PATHS.flatMap((path) => WITH_BODY.map((method) => [method, path] as const)))(
    "%s %s answers 404 not_found in the JSON error shape",
    async (method, path) => {
      const res = await call(method, path);
      expect(res.status).toBe(404);
      expect(res.contentType).toBe("application/json");
      expect(res.allow).toBeNull();
      expect(JSON.parse(res.text)).toEqual({ error: { code: "not_found", message: `no API endpoint ${method} ${path}; see docs/api.md` } });
    },
  );

  it.each(UNKNOWN_PATHS)("HEAD %s answers 404 with the JSON content type and no body", async (path) => {
    const res = await call("HEAD", path);
    expect([res.status, res.contentType, res.text]).toEqual([404, "application/json", ""]);
  });
});

describe("methods a route does not serve", () => {
  it.each(KNOWN_ROUTES.flatMap((path) => (["POST", "PUT", "PATCH", "DELETE"] as const).map((method) => [method, path] as const)))(
    "%s %s answers 405 method_not_allowed with an Allow header",
    async (method, path) => {
      const res = await call(method, path);
      expect(res.status).toBe(405);
      expect(res.contentType).toBe("application/json");
      expect(res.allow).toBe("GET, HEAD, OPTIONS");
      expect(JSON.parse(res.text)).toEqual({
        error: { code: "method_not_allowed", message: `${method} is not allowed on ${path}; use GET, HEAD or OPTIONS`, allow: ["GET", "HEAD", "OPTIONS"] },
      });
    },
  );

  it.each(KNOWN_ROUTES)("OPTIONS %s answers 204 with the Allow header", async (path) => {
    const res = await call("OPTIONS", path);
    expect([res.status, res.allow, res.text]).toEqual([204, "GET, HEAD, OPTIONS", ""]);
  });

  it.each(["/api/v1/services", "/api/v1/registry", "/api/v1/applications", "/api/v1/application?name=demo-provider-27"])("HEAD %s answers as GET does, without a body", async (path) => {
    const res = await call("HEAD", path);
    expect([res.status, res.contentType, res.text]).toEqual([200, "application/json", ""]);
  });
});

describe("requests Next.js would refuse before routing", () => {
  it.each(["/api/v1/services", "/api/v1/nope"])("PROPFIND %s answers 501 method_not_implemented in the JSON error shape", async (path) => {
    const res = await call("PROPFIND", path);
    expect([res.status, res.contentType]).toEqual([501, "application/json"]);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: "method_not_implemented" } });
  });

  it.each([
    ["TRACE", "/api/v1/services"],
    ["TRACE", "/api/v1/nope"],
    ["TRACE", "/services"],
  ])("%s %s (a method fetch forbids, on which Next itself fails with a plain 500) answers 501 method_not_implemented in the JSON error shape", async (method, path) => {
    const res = await callRaw(method, path);
    expect([res.status, res.contentType]).toEqual([501, "application/json"]);
    expect(JSON.parse(res.text)).toEqual({ error: { code: "method_not_implemented", message: `the console does not implement the ${method} method; use GET, HEAD, OPTIONS, POST, PUT, DELETE or PATCH` } });
  });

  it.each(["/api/v1/%zz", "/api/v1/services%", "/api/%E0%A4%A"])("GET %s (not valid percent-encoding) answers 400 validation_failed, never 500", async (path) => {
    const res = await call("GET", path);
    expect([res.status, res.contentType]).toEqual([400, "application/json"]);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: "validation_failed", message: `the path is not valid percent-encoding: ${path}` } });
  });
});
