import { describe, expect, it } from "vitest";
import type { RegistryHealth } from "@/lib/api/health";
import { healthResponseSchema } from "@/lib/api/health";
import { assessHealth, parseHealthProbe } from "@/server/runtime/health";

const reg = (state: RegistryHealth["state"], syncedAt: number | null, source = "zookeeper://zk:2181"): RegistryHealth => ({ source, state, syncedAt });

describe("assessHealth", () => {
  it("is starting and not ready before a registry's first full read, even when connected", () => {
    const { body, httpStatus } = assessHealth([reg("connected", 10), reg("connected", null, "zookeeper://b:2181")], "ready");
    expect([body.status, httpStatus]).toEqual(["starting", 503]);
  });

  it("is ok and ready once every registry has been read and is connected", () => {
    const { body, httpStatus } = assessHealth([reg("connected", 10), reg("connected", 20, "zookeeper://b:2181")], "ready");
    expect(body).toEqual({ status: "ok", registries: [reg("connected", 10), reg("connected", 20, "zookeeper://b:2181")] });
    expect(httpStatus).toBe(200);
  });

  it("stays ready but degraded while one of several sessions is down", () => {
    const { body, httpStatus } = assessHealth([reg("connected", 10), reg("lost", 20, "zookeeper://b:2181")], "ready");
    expect([body.status, httpStatus]).toEqual(["degraded", 200]);
  });

  it.each(["suspended", "lost", "connecting", "closed"] as const)("leaves rotation when every session is %s after the first read", (state) => {
    const { body, httpStatus } = assessHealth([reg(state, 10)], "ready");
    expect([body.status, httpStatus]).toEqual(["degraded", 503]);
  });

  it.each([
    [[reg("connecting", null)]],
    [[reg("lost", 10)]],
    [[reg("connected", 10)]],
  ])("passes liveness whatever the registries: %j", (registries) => {
    expect(assessHealth(registries, "live").httpStatus).toBe(200);
  });

  it("answers a body the published schema accepts", () => {
    expect(healthResponseSchema.parse(assessHealth([reg("suspended", 1)], "ready").body)).toEqual({ status: "degraded", registries: [reg("suspended", 1)] });
  });

  it("is ok and ready with no registry configured", () => {
    expect(assessHealth([], "ready")).toEqual({ body: { status: "ok", registries: [] }, httpStatus: 200 });
  });
});

describe("parseHealthProbe", () => {
  it.each([
    ["", "ready"],
    ["probe=ready", "ready"],
    ["probe=live", "live"],
    ["probe=LIVE", null],
    ["probe=", null],
    ["probe=startup", null],
  ])("reads ?%s as %s", (query, probe) => {
    expect(parseHealthProbe(new URLSearchParams(query))).toBe(probe);
  });
});
