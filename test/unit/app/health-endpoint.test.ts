import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import { healthResponseSchema } from "@/lib/api/health";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";

beforeAll(() => {
  // A registry that refuses connections: the replica is alive but never ready.
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterAll(() => findEngine()?.close());

const get = (query = "", method = "GET") => health[method as "GET"](new Request(`http://console/api/health${query}`, { method }));

describe("GET /api/health", () => {
  it("answers readiness 503 starting, naming the registry, while it has never synced", async () => {
    const res = await get();
    expect([res.status, res.headers.get("cache-control")]).toEqual([503, "no-store"]);
    expect(await res.json()).toEqual({ status: "starting", registries: [{ source: "zookeeper://127.0.0.1:1", state: expect.any(String), syncedAt: null }] });
  });

  it("answers liveness 200 with the same body", async () => {
    const res = await get("?probe=live");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "starting" });
  });

  it("answers HEAD with the readiness status and no body", async () => {
    const res = await get("", "HEAD");
    expect(res.status).toBe(503);
  });

  it("refuses an unknown probe with 400 validation_failed", async () => {
    const res = await get("?probe=deep");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.objectContaining({ code: "validation_failed", issues: [{ path: "probe", message: "probe must be live or ready" }] }) });
  });

  it("refuses writes with 405 and Allow", async () => {
    const res = await get("", "POST");
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
  });
});

describe("docs/api.md, GET /api/health", () => {
  it("shows an answer the schema accepts", () => {
    const doc = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "api.md"), "utf8");
    const section = doc.slice(doc.indexOf("\n## GET /api/health\n"), doc.indexOf("\n## GET /api/v1/registry\n"));
    const example = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(section)![1]!) as unknown;
    expect(healthResponseSchema.parse(example)).toEqual(example);
  });
});
