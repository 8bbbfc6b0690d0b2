import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint } from "@/app/api/_lib/endpoint";
import { Authenticator } from "@/server/auth/authenticator";
import { createAuthRuntime, setAuthRuntime } from "@/server/auth/auth-runtime";
import { parseAuthConfig } from "@/server/runtime/auth-config";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";
import { tokenHash } from "@/test/support/users-file";

const TOKENS = { viewer: "viewer-token-viewer-token-1", operator: "operator-token-operator-tok" } as const;
let dir: string;

beforeAll(() => {
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
  dir = mkdtempSync(join(tmpdir(), "admission-"));
  const file = join(dir, "users.json");
  writeFileSync(file, JSON.stringify({ tokens: Object.entries(TOKENS).map(([role, t]) => ({ name: role, role, hash: tokenHash(t) })) }));
  const runtime = createAuthRuntime({ LOG_LEVEL: "error" });
  setAuthRuntime({ ...runtime, authenticator: new Authenticator(parseAuthConfig({ CONSOLE_USERS_FILE: file, CONSOLE_SESSION_SECRET: "x".repeat(32) })) });
});
afterAll(() => {
  setAuthRuntime(undefined);
  findEngine()?.close();
  rmSync(dir, { recursive: true, force: true });
});

const exports = endpoint({
  GET: { permission: "read", handle: ({ actor }) => ({ who: actor.name }) },
  POST: { permission: "routes.write", handle: ({ actor }) => ({ wrote: actor.name }) },
});
const at = (method: "GET" | "POST" | "HEAD", headers: Record<string, string> = {}) => exports[method](new Request("http://console/api/v1/thing", { method, headers }));

describe("endpoint() with sign-in on", () => {
  it("runs a method for a role at or above its permission, with the actor filled in", async () => {
    expect(await (await at("GET", { authorization: `Bearer ${TOKENS.viewer}` })).json()).toEqual({ who: "viewer" });
    expect(await (await at("POST", { authorization: `Bearer ${TOKENS.operator}` })).json()).toEqual({ wrote: "operator" });
  });

  it("answers no credentials and a bad token with 401, HEAD included", async () => {
    for (const res of [await at("GET"), await at("HEAD"), await at("POST", { authorization: "Bearer nope" })]) expect(res.status).toBe(401);
  });

  it("answers a role without the method's permission with 403 naming the permission needed", async () => {
    const res = await at("POST", { authorization: `Bearer ${TOKENS.viewer}` });
    expect([res.status, await res.json()]).toEqual([
      403,
      { error: { code: "forbidden", message: "the viewer role may not do this: it needs the routes.write permission", needed: "routes.write", role: "viewer" } },
    ]);
  });

  it("exempts Bearer writes from the origin check", async () => {
    expect((await at("POST", { authorization: `Bearer ${TOKENS.operator}`, origin: "http://evil.example" })).status).toBe(200);
  });
});
