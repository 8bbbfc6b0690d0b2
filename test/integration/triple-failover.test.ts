import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as routeById from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import { type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { routeSchema } from "@/lib/api/routing/routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";

/**
 * Issue 19, Done when: "a provider killed mid-call fails over; a graceful stop loses no call",
 * over Triple. Three real Dubbo 3.3.6 providers export FaultService (a version only they have)
 * on dubbo and tri; a condition route `=> protocol = tri` (both copies) leaves the console's
 * references the tri invokers only. Slow calls go through the cluster (failover, 3 retries):
 * one provider is SIGKILLed while they are in flight, another stopped gracefully (SIGTERM).
 * Every call must still answer, and the killed provider's calls must have failed over.
 * Found here: a 3.3.6 provider told to stop closes the Triple streams it is serving at once
 * (no answer, no grpc-status), so those calls fail over too, as a network failure: the method
 * ran partly on the leaving provider and again on another, as with a Java consumer's failover.
 */
const rig = inject("rig");
const VERSION = "19.2.0";
const KEY = `${DEMO.fault.interface}:${VERSION}`;
const HOSTS = ["127.0.0.134", "127.0.0.135", "127.0.0.136"];

let engine: Engine;
let providers: ProviderHandle[] = [];
let routeId: { id: string; revision: string } | null = null;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}

const slow = (millis: number) => engine.invocations.invoke(invokeRequestSchema.parse({ service: DEMO.fault.interface, version: VERSION, method: "slow", parameterTypes: ["int"], args: [millis], retries: 3, timeoutMs: 10_000, loadbalance: "roundrobin" }));
const triAddressOf = (p: ProviderHandle) => `${p.host}:${p.extraProtocols[0]!.port}`;

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off" }));
  providers = await Promise.all(
    HOSTS.map(async (host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: "triple-failover-provider", services: ["fault"], faultVersion: VERSION, extraProtocols: [{ name: "tri", port: await freePort("0.0.0.0") }] })),
  );
  await waitFor("three providers on dubbo and tri", () => engine.catalog.entry(KEY)?.providers.length === 6, 30_000);
  const saved = await call(routes.POST, "POST", "/api/v1/routes", { service: DEMO.fault.interface, version: VERSION, name: "tri-only", rule: "=> protocol = tri", targets: ["registry", "config-center"] });
  expect(saved.status, JSON.stringify(saved.json)).toBe(201);
  routeId = routeSchema.parse(saved.json);
  // The console's references see the route: every call now goes over Triple.
  await waitFor("calls over tri only", async () => {
    const answers = await Promise.all([slow(1), slow(1), slow(1), slow(1)]);
    return answers.every((a) => a.protocol === "tri");
  }, 20_000);
}, 180_000);

afterAll(async () => {
  if (routeId) await call(routeById.DELETE, "DELETE", `/api/v1/routes/${encodeURIComponent(routeId.id)}?revision=${encodeURIComponent(routeId.revision)}`);
  findEngine()?.close();
  await Promise.all(providers.map((p) => p.stop()));
});

/** Starts `n` slow calls, runs `during` once they are in flight, and waits for every answer. */
async function whileInFlight(n: number, millis: number, during: () => Promise<void>): Promise<InvokeResponse[]> {
  const calls = Array.from({ length: n }, () => slow(millis));
  await new Promise((r) => setTimeout(r, 300));
  await during();
  return Promise.all(calls);
}

describe("Triple through the cluster, with providers going away", () => {
  it("fails a provider killed mid-call over to the others: every call answers", async () => {
    const victim = providers[0]!;
    const answers = await whileInFlight(12, 1_500, async () => {
      process.kill(-victim.peer.process.pid!, "SIGKILL");
    });
    for (const a of answers) expect(a).toMatchObject({ ok: true, value: "slept 1500 ms", protocol: "tri" });
    // Some of them were on the killed provider, and went on to another.
    const failedOver = answers.filter((a) => a.attempts.some((t) => t.provider === triAddressOf(victim) && t.outcome !== "ok"));
    expect(failedOver.length, JSON.stringify(answers.map((a) => a.attempts))).toBeGreaterThan(0);
    for (const a of failedOver) expect(a.provider).not.toBe(triAddressOf(victim));
  });

  it("loses no call when a provider stops gracefully while serving", async () => {
    const leaving = providers[1]!;
    let stopped: Promise<void> = Promise.resolve();
    const answers = await whileInFlight(12, 1_500, async () => {
      stopped = leaving.stop();
    });
    await stopped;
    for (const a of answers) expect(a).toMatchObject({ ok: true, value: "slept 1500 ms", protocol: "tri" });
    // Some calls were on the leaving provider (not a vacuous pass); say how they ended: finished there, or retried elsewhere.
    const touched = answers.filter((a) => a.attempts.some((t) => t.provider === triAddressOf(leaving)));
    expect(touched.length, JSON.stringify(answers.map((a) => a.attempts))).toBeGreaterThan(0);
    const finishedThere = touched.filter((a) => a.provider === triAddressOf(leaving) && a.attempts.length === 1).length;
    for (const a of touched.filter((t) => t.provider !== triAddressOf(leaving))) expect(a.attempts.find((t) => t.provider === triAddressOf(leaving))).toMatchObject({ outcome: "network_error" });
    console.info(`graceful stop: ${touched.length} of 12 calls were on the leaving provider; ${finishedThere} finished there, ${touched.length - finishedThere} went on to another`);
  });
});
