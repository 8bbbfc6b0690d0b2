import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { servicesResponseSchema } from "@/lib/api/services";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";

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
    expect(parsed.services.map((s) => [s.key, s.providers])).toEqual([
      ["io.dubboconsole.demo.api.FaultService:2.0.0", 2],
      ["io.dubboconsole.demo.api.GreetingService", 2],
      ["demo/io.dubboconsole.demo.api.TypesService:1.0.0", 2],
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
