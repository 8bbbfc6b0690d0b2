import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE, GET, PUT } from "@/app/api/v1/config-routes/route";
import { MAX_CONDITION_LENGTH, MAX_CONDITIONS } from "@/lib/api/routing/config-routes";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";

beforeAll(() => {
  // A registry that refuses connections: the session is never connected.
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterAll(() => findEngine()?.close());

const URL_ = "http://console/api/v1/config-routes";
const put = (body: unknown) => PUT(new Request(URL_, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
const valid = { scope: "service", key: "com.foo.Svc::", conditions: ["=> host = 10.0.0.2"] };

describe("PUT /api/v1/config-routes: every body validated before ZooKeeper is asked", () => {
  it.each<[string, unknown, string, RegExp]>([
    ["no conditions", { ...valid, conditions: [] }, "conditions", /at least one condition/],
    ["too many conditions", { ...valid, conditions: Array(MAX_CONDITIONS + 1).fill("=> a = b") }, "conditions", /at most 64/],
    ["a blank condition", { ...valid, conditions: ["=> a = b", "  "] }, "conditions.1", /must not be blank/],
    ["a condition over the limit", { ...valid, conditions: [`=> a = ${"b".repeat(MAX_CONDITION_LENGTH)}`] }, "conditions.0", /at most 2000 characters/],
    ["a condition on two lines", { ...valid, conditions: ["a = b\n=> c = d"] }, "conditions.0", /one line/],
    ["a service key without both colons", { ...valid, key: "com.foo.Svc" }, "key", /interface:version:group/],
    ["an application key with a colon", { ...valid, scope: "application", key: "a:b" }, "key", /without ":"/],
    ["a key with a slash", { ...valid, scope: "application", key: "a/b" }, "key", /must not contain "\/"/],
    ["an unknown scope", { ...valid, scope: "global" }, "scope", /./],
    ["a negative revision", { ...valid, revision: -1 }, "revision", /./],
    ["a priority beyond 32 bits", { ...valid, priority: 2 ** 31 }, "priority", /./],
    ["a field the API does not know", { ...valid, weight: 3 }, "(body)", /weight/],
  ])("refuses %s with 400", async (_, body, path, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; issues: { path: string; message: string }[] } };
    expect(error.code).toBe("validation_failed");
    const issue = error.issues.find((i) => i.path === path);
    expect(issue?.message).toMatch(message);
  });

  it("answers a valid body with 503 at once when the registry is not connected: nothing is written", async () => {
    const started = Date.now();
    const res = await put(valid);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await res.json()).toMatchObject({ error: { code: "registry_unavailable", message: expect.stringContaining("happened whole or not at all") } });
  });
});

describe("GET and DELETE /api/v1/config-routes", () => {
  it("answers GET with 503 before any config center has been read", async () => {
    const res = await GET(new Request(`${URL_}?service=com.foo.Svc`));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: "registry_unavailable", registries: [{ source: "zookeeper://127.0.0.1:1" }] } });
  });

  it("requires the revision a deletion is based on", async () => {
    const res = await DELETE(new Request(`${URL_}?key=com.foo.Svc::`, { method: "DELETE" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { issues: [{ path: "revision", message: expect.stringMatching(/revision is required/) }] } });
  });

  it("answers a valid DELETE with 503 when the registry is not connected", async () => {
    const res = await DELETE(new Request(`${URL_}?key=com.foo.Svc::&revision=0`, { method: "DELETE" }));
    expect(res.status).toBe(503);
  });
});
