import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as health from "@/app/api/v1/health/providers/route";
import * as probe from "@/app/api/v1/providers/probe/route";
import { type ProviderHealth, probeResponseSchema, providersHealthResponseSchema } from "@/lib/api/provider-health";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18, "Done when" (health): a real Dubbo 3.3.6 provider's health as the console's own
 * connection knows it. A GET opens no connection (no-connection before any call); a probe
 * connects and gets a heartbeat answered (reachable, with its round trip); SIGSTOP on the
 * provider's process keeps its socket open, and the badge turns unreachable within Java's
 * heartbeat limit (3 heartbeats; the console's heartbeat is 1 s here, CONSOLE_HEARTBEAT_MS);
 * SIGCONT and it is reachable again. Bad input: 400, a probe of an address nothing is
 * registered at: 404 (no connection is made).
 */

const rig = inject("rig");
const HEARTBEAT_MS = 1_000;
const VERSION = "18.0.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;

let engine: Engine;
let provider: ProviderHandle;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}
const code = (json: unknown) => (json as { error?: { code?: string } }).error?.code;

async function healthNow(): Promise<ProviderHealth> {
  const answer = await call(health.GET, "GET", `/api/v1/health/providers?service=${DEMO.greeting.interface}&version=${VERSION}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const parsed = providersHealthResponseSchema.parse(answer.json);
  expect(parsed.heartbeatMs).toBe(HEARTBEAT_MS);
  const mine = parsed.providers.filter((p) => p.address === provider.address);
  expect(mine).toHaveLength(1);
  return mine[0]!;
}

/** SIGSTOP / SIGCONT to the provider's whole process group (the JVM is its leader's child). */
function signal(sig: "SIGSTOP" | "SIGCONT"): void {
  process.kill(-provider.peer.process.pid!, sig);
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_HEARTBEAT_MS: String(HEARTBEAT_MS) }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.191", app: "health-provider", services: ["greeting"], greetingVersion: VERSION });
  await waitFor("the provider in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => p.address === provider.address) === true, 30_000);
});

afterAll(async () => {
  if (provider) signal("SIGCONT");
  findEngine()?.close();
  await provider?.stop();
});

describe("provider health from the console's own connections, against a real 3.3.6 provider", () => {
  it("a GET opens no connection; a probe connects and gets a heartbeat answered", async () => {
    expect(await healthNow()).toMatchObject({ state: "no-connection", protocol: "dubbo", application: "health-provider", rttMs: null });
    expect(engine.connections.peek(provider.address)).toBeUndefined();
    const probed = await call(probe.POST, "POST", "/api/v1/providers/probe", { address: provider.address });
    expect(probed.status, JSON.stringify(probed.json)).toBe(200);
    const answer = probeResponseSchema.parse(probed.json);
    expect(answer).toMatchObject({ address: provider.address, ok: true, error: null, health: { state: "reachable" } });
    expect(answer.rttMs).toBeGreaterThan(0);
    expect(answer.rttMs).toBeLessThan(5_000);
    const now = await healthNow();
    expect(now.state).toBe("reachable");
    expect(now.rttMs).toBeGreaterThan(0);
  });

  it("SIGSTOP turns it unreachable within 3 heartbeats; SIGCONT brings it back", async () => {
    // Heartbeats keep the connection read from while it is up.
    await waitFor("a heartbeat answered on the idle connection", async () => ((await healthNow()).heartbeatAt ?? 0) > Date.now() - 2 * HEARTBEAT_MS, 10_000);
    signal("SIGSTOP");
    const stopped = Date.now();
    const down = await waitFor("the provider shown unreachable", async () => {
      const h = await healthNow();
      return h.state === "unreachable" ? h : undefined;
    }, 10 * HEARTBEAT_MS);
    const took = Date.now() - stopped;
    console.info(`unreachable ${took} ms after SIGSTOP: ${down.cause}`);
    expect(took).toBeLessThanOrEqual(3 * HEARTBEAT_MS + 500);
    expect(down.cause).toMatch(/nothing read for \d+ s|heartbeat|idle|timed out/);
    // A probe meanwhile fails within its timeout, and says why.
    const probed = probeResponseSchema.parse((await call(probe.POST, "POST", "/api/v1/providers/probe", { address: provider.address })).json);
    expect(probed.ok).toBe(false);
    expect(probed.error).not.toBeNull();

    signal("SIGCONT");
    const resumed = Date.now();
    await waitFor("the provider reachable again", async () => (await healthNow()).state === "reachable", 10 * HEARTBEAT_MS);
    console.info(`reachable ${Date.now() - resumed} ms after SIGCONT`);
  });

  it("bad input is a typed 400 or 404, and nothing is connected", async () => {
    const neither = await call(health.GET, "GET", "/api/v1/health/providers");
    expect([neither.status, code(neither.json)]).toEqual([400, "validation_failed"]);
    const unknown = await call(health.GET, "GET", "/api/v1/health/providers?service=io.nope.Nothing");
    expect([unknown.status, code(unknown.json)]).toEqual([404, "not_found"]);
    const stranger = await call(probe.POST, "POST", "/api/v1/providers/probe", { address: "127.0.0.250:1" });
    expect([stranger.status, code(stranger.json)]).toEqual([404, "not_found"]);
    expect(engine.connections.peek("127.0.0.250:1")).toBeUndefined();
    const junk = await call(probe.POST, "POST", "/api/v1/providers/probe", { address: "not an address" });
    expect([junk.status, code(junk.json)]).toEqual([400, "validation_failed"]);
  });
});
