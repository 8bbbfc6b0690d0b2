import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as health from "@/app/api/v1/health/providers/route";
import * as invoke from "@/app/api/v1/invoke/route";
import * as probe from "@/app/api/v1/providers/probe/route";
import { probeResponseSchema, providersHealthResponseSchema } from "@/lib/api/provider-health";
import { type InvokeResponse, invokeRequestSchema, invokeResponseSchema } from "@/lib/api/invoke";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { javaUrlDecode, javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine, type Engine } from "@/server/runtime/engine";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 19 item 5: `tri://` providers in the invoke engine's directory beside dubbo ones. A
 * real Dubbo 3.3.6 provider exports GreetingService (a version no other peer has) on dubbo and
 * on tri and registers both URLs. Through POST /api/v1/invoke: pinned to its tri address the
 * call goes over Triple (`protocol: "tri"` in the answer and the try); through the cluster the
 * load balance picks among both invokers. A provider of a protocol the console does not speak
 * (a `rest://` URL) is still named as such: 422 unsupported_protocol.
 */
const rig = inject("rig");
const VERSION = "19.1.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const HOST = "127.0.0.132";
/** Another loopback address of the same provider (it listens on all): registered nowhere, so only the operator's allowlist lets a direct url reach it. */
const UNREGISTERED_HOST = "127.0.0.186";
const ADMIN = { role: "admin", permissions: PRESET_ROLES.admin };

let engine: Engine;
let provider: ProviderHandle;
let triPort: number;
let zk: TestZk;
let restNode: string | null = null;

async function post(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const res = await invoke.POST(new Request("http://console/api/v1/invoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_DIRECT_URLS: `${UNREGISTERED_HOST}/32:1-65535` }));
  triPort = await freePort("0.0.0.0");
  [provider, zk] = await Promise.all([
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: "triple-invoke-provider", services: ["greeting"], greetingVersion: VERSION, extraProtocols: [{ name: "tri", port: triPort }] }),
    connectTestZk(rig.zkConnectString),
  ]);
  await waitFor("the provider's dubbo and tri URLs in the catalog", () => new Set(engine.catalog.entry(KEY)?.providers.map((p) => p.url.protocol)).size === 2, 30_000);
}, 120_000);

afterAll(async () => {
  if (restNode) await zk?.remove(restNode).catch(() => undefined);
  zk?.close();
  await findEngine()?.close();
  await provider?.stop();
});

/** The health the console shows of the provider's tri address. */
async function triHealth() {
  const res = await health.GET(new Request(`http://console/api/v1/health/providers?service=${DEMO.greeting.interface}&version=${VERSION}`));
  expect(res.status).toBe(200);
  return providersHealthResponseSchema.parse(await res.json()).providers.find((p) => p.address === `${HOST}:${triPort}`);
}

describe("invoking tri:// providers", () => {
  it("shows the tri provider with no connection before any call, and probes it with an HTTP/2 PING", async () => {
    expect(await triHealth()).toMatchObject({ protocol: "tri", state: "no-connection", application: "triple-invoke-provider" });
    const res = await probe.POST(new Request("http://console/api/v1/providers/probe", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ address: `${HOST}:${triPort}` }) }));
    expect(res.status).toBe(200);
    const probed = probeResponseSchema.parse(await res.json());
    expect(probed).toMatchObject({ ok: true, error: null, health: { protocol: "tri", state: "reachable" } });
    expect(probed.rttMs).toBeGreaterThanOrEqual(0);
    expect(probed.rttMs).toBeLessThan(5_000);
    expect(await triHealth()).toMatchObject({ state: "reachable", rttMs: probed.rttMs });
  });

  it("calls the pinned tri address over Triple, and says so", async () => {
    const res = await post({ service: DEMO.greeting.interface, version: VERSION, method: "greet", parameterTypes: ["java.lang.String"], args: ["over tri"], provider: `${HOST}:${triPort}` });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = invokeResponseSchema.parse(res.json) as Extract<InvokeResponse, { ok: true }>;
    expect(answer).toMatchObject({ ok: true, provider: `${HOST}:${triPort}`, protocol: "tri" });
    expect(answer.value).toEqual(expect.stringContaining("over tri"));
    expect(answer.attempts).toEqual([expect.objectContaining({ provider: `${HOST}:${triPort}`, protocol: "tri", outcome: "ok" })]);
    // The dubbo address of the same process answers without a protocol field (dubbo is the default).
    const dubbo = invokeResponseSchema.parse((await post({ service: DEMO.greeting.interface, version: VERSION, method: "whoAmI", args: [], provider: provider.address })).json);
    expect(dubbo).toMatchObject({ ok: true, provider: provider.address });
    expect("protocol" in dubbo).toBe(false);
  });

  it("balances across the dubbo and the tri invoker of the same service through the cluster", async () => {
    const protocols = new Set<string>();
    for (let i = 0; i < 30 && protocols.size < 2; i++) {
      const res = await post({ service: DEMO.greeting.interface, version: VERSION, method: "greet", parameterTypes: ["java.lang.String"], args: [`n${i}`] });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const answer = invokeResponseSchema.parse(res.json) as Extract<InvokeResponse, { ok: true }>;
      expect(answer.value).toEqual(expect.stringContaining(`n${i}`));
      protocols.add(answer.protocol ?? "dubbo");
    }
    expect([...protocols].sort()).toEqual(["dubbo", "tri"]);
  });

  it("calls a tri:// direct url over Triple: the registered address for any invoker, an allowlisted one for a role with invoke.direct-url", async () => {
    const registered = await post({ service: DEMO.greeting.interface, version: VERSION, method: "greet", parameterTypes: ["java.lang.String"], args: ["direct"], url: `tri://${HOST}:${triPort}` });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    expect(invokeResponseSchema.parse(registered.json)).toMatchObject({ ok: true, provider: `${HOST}:${triPort}`, protocol: "tri", value: expect.stringContaining("direct") });
    // The dubbo spelling of the tri port is not the registered provider, and the allowlist does not name it.
    const wrong = await post({ service: DEMO.greeting.interface, version: VERSION, method: "whoAmI", args: [], url: `dubbo://${HOST}:${triPort}` });
    expect([wrong.status, (wrong.json as { error: { code: string } }).error.code]).toEqual([403, "url_not_allowed"]);
    const body = invokeRequestSchema.parse({ service: DEMO.greeting.interface, version: VERSION, method: "greet", parameterTypes: ["java.lang.String"], args: ["allowed"], url: `tri://${UNREGISTERED_HOST}:${triPort}` });
    for (let i = 0; i < 2; i++) {
      const answer = await engine.invocations.invoke(body, undefined, undefined, ADMIN);
      expect(answer).toMatchObject({ ok: true, provider: `${UNREGISTERED_HOST}:${triPort}`, protocol: "tri", value: expect.stringContaining("allowed") });
    }
  });

  it("still names a provider of a protocol the console does not speak", async () => {
    const registered = (await zk.children(`/dubbo/${DEMO.greeting.interface}/providers`)).map((n) => javaUrlDecode(n)).find((u) => u.startsWith(`dubbo://${provider.address}/`) && u.includes(`version=${VERSION}`))!;
    const restAddress = `${HOST}:8080`;
    restNode = `/dubbo/${DEMO.greeting.interface}/providers/${javaUrlEncode(registered.replace(`dubbo://${provider.address}/`, `rest://${restAddress}/`))}`;
    await zk.createWithData(restNode, "");
    await waitFor("the rest URL in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => p.url.protocol === "rest"));
    const res = await post({ service: DEMO.greeting.interface, version: VERSION, method: "whoAmI", args: [], provider: restAddress });
    const body = res.json as { error: { code: string; protocol?: string; message: string } };
    expect([res.status, body.error.code, body.error.protocol]).toEqual([422, "unsupported_protocol", "rest"]);
    expect(body.error.message).toContain("it calls dubbo:// and tri:// providers only");
  });
});
