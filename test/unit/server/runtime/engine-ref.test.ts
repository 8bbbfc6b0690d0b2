import { afterAll, describe, expect, it } from "vitest";
import { route } from "@/app/api/_lib/route-handler";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { parseConfig } from "@/server/runtime/config";
import { findEngine as engineFind, startEngine } from "@/server/runtime/engine";
import { currentEngine, findEngine } from "@/server/runtime/engine-ref";

afterAll(() => findEngine()?.close());

describe("reaching the engine without importing it (issue 15 item 21)", () => {
  it("says the console is starting (503, typed) before instrumentation started the engine, in a handler too", async () => {
    expect(findEngine()).toBeUndefined();
    expect(() => currentEngine()).toThrow(RegistryUnavailableError);
    let ran = false;
    const res = await route({ permission: "read", handle: () => (ran = true) })(new Request("http://console/api/v1/x"));
    expect(ran).toBe(false);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.objectContaining({ code: "registry_unavailable", message: expect.stringContaining("the console is starting") }) });
  });

  it("finds the engine startEngine kept on globalThis, the same one engine.ts finds", () => {
    // A registry that refuses connections: nothing here needs one.
    const started = startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
    expect(currentEngine()).toBe(started);
    expect(findEngine()).toBe(engineFind());
  });
});
