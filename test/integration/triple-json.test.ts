import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as invoke from "@/app/api/v1/invoke/route";
import { type InvokeResponse, invokeResponseSchema } from "@/lib/api/invoke";
import { parseDubboUrl } from "@/lib/dubbo/url";
import type { InvokeOutcome } from "@/server/cluster/invoker";
import { TripleClient } from "@/server/protocol/triple/triple-client";
import { TripleInvoker } from "@/server/protocol/triple/triple-invoker";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine, type Engine } from "@/server/runtime/engine";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 19 item 4: Dubbo 3.3's HTTP/JSON path on Triple (`POST /{interface}/{method}`, a JSON
 * array of the arguments), the fallback for a Java-interface method whose parameter types
 * nothing describes. A real Dubbo 3.3.6 provider exports the demo services on dubbo and tri;
 * GreetingService and FaultService under a version no other peer has, whose service
 * definitions this file removes from the metadata report (a provider whose report lacks
 * them). Through POST /api/v1/invoke, pinned to the tri address, a call without
 * parameterTypes goes over the JSON path; TypesService (whose definition the rig's own
 * providers report) is called through a TripleInvoker with no types given.
 */
const rig = inject("rig");
const VERSION = "19.5.0";
const HOST = "127.0.0.140";
const APP = "triple-json-provider";

let engine: Engine;
let provider: ProviderHandle;
let triPort: number;
let tri: string;
let zk: TestZk;
let client: TripleClient;

async function post(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
  const res = await invoke.POST(new Request("http://console/api/v1/invoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
  return { status: res.status, json: await res.json() };
}

/** A call pinned to the provider's tri address, without parameterTypes. */
async function overJson(service: "greeting" | "fault", method: string, args: unknown[], extra: Record<string, unknown> = {}): Promise<InvokeResponse> {
  const res = await post({ service: DEMO[service].interface, version: VERSION, method, args, provider: tri, ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return invokeResponseSchema.parse(res.json);
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off" }));
  triPort = await freePort("0.0.0.0");
  tri = `${HOST}:${triPort}`;
  [provider, zk] = await Promise.all([
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: APP, services: ["greeting", "types", "fault"], greetingVersion: VERSION, faultVersion: VERSION, extraProtocols: [{ name: "tri", port: triPort }] }),
    connectTestZk(rig.zkConnectString),
  ]);
  for (const service of ["greeting", "fault"] as const) {
    const definition = `/dubbo/metadata/${DEMO[service].interface}/${VERSION}/provider/${APP}`;
    await waitFor(`the definition at ${definition}`, async () => (await zk.getData(definition)) !== null);
    await zk.remove(definition);
    const key = `${DEMO[service].interface}:${VERSION}`;
    await waitFor(`${key}'s dubbo and tri URLs in the catalog`, () => new Set(engine.catalog.entry(key)?.providers.map((p) => p.url.protocol)).size === 2);
  }
  client = new TripleClient(tri);
}, 120_000);

afterAll(async () => {
  client?.close();
  await findEngine()?.close();
  await provider?.stop();
  // The TypesService definition it reported is persistent: later files see the rig's own only.
  await zk?.removeTree(`/dubbo/metadata/${DEMO.types.interface}/1.0.0/demo/provider/${APP}`);
  zk?.close();
});

describe("Triple's HTTP/JSON path, through the invoke API", () => {
  it("is what a call without types takes on a tri provider no definition describes, and the answer says tri", async () => {
    const entry = engine.catalog.entry(`${DEMO.greeting.interface}:${VERSION}`)!;
    expect((await engine.catalog.methods(entry)).source).toBe("url");
    const answer = await overJson("greeting", "greet", ["over json"]);
    expect(answer).toMatchObject({ ok: true, value: `Hello over json, from ${provider.address} (Dubbo 3.3.6)`, provider: tri, protocol: "tri" });
    expect(answer.attempts).toEqual([expect.objectContaining({ provider: tri, protocol: "tri", outcome: "ok" })]);
    expect(await overJson("fault", "largeText", [1])).toMatchObject({ ok: true, value: "x".repeat(1024) });
  });

  it("reads objects and lists as the provider's JSON writes them", async () => {
    const answer = await overJson("fault", "largeList", [2]);
    expect(answer).toMatchObject({ ok: true });
    const users = (answer as Extract<InvokeResponse, { ok: true }>).value as Record<string, unknown>[];
    expect(users.map((u) => [u.id, u.name, u.favouriteColor, u.labels, u.balance])).toEqual([
      [0, "user-0", "RED", { tier: "gold" }, 1234.5],
      [1, "user-1", "GREEN", { tier: "silver" }, 1235.5],
    ]);
    // fastjson2's own Date text, not the API's ISO-8601: without a schema the console cannot tell it is a Date.
    expect(users[0]!.createdAt).toMatch(/^2023-11-1[45] \d\d:\d\d:20$/);
  });

  it("answers what the method threw, its class unknown (Dubbo sends the message only), in one try", async () => {
    for (const [method, message] of [
      ["runtimeFailure", "runtime failure: boom"],
      ["checkedFailure", "business rule refused: boom"],
    ]) {
      const answer = (await overJson("fault", method!, ["boom"])) as Extract<InvokeResponse, { ok: false }>;
      expect([answer.ok, answer.error]).toEqual([false, expect.objectContaining({ class: "HTTP 500", message })]);
      expect(answer.attempts).toHaveLength(1);
    }
  });

  it("times a slow call out at its own deadline", async () => {
    const started = Date.now();
    const res = await post({ service: DEMO.fault.interface, version: VERSION, method: "slow", args: [3_000], provider: tri, timeoutMs: 500 });
    expect([res.status, (res.json as { error: { code: string } }).error.code]).toEqual([504, "timeout"]);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("still asks for parameterTypes when a dubbo provider may take the call", async () => {
    for (const pin of [{ provider: provider.address }, {}]) {
      const res = await post({ service: DEMO.greeting.interface, version: VERSION, method: "greet", args: ["x"], ...pin });
      expect([res.status, JSON.stringify(res.json)]).toEqual([400, expect.stringContaining("parameterTypes")]);
    }
  });
});

describe("Triple's HTTP/JSON path, from a TripleInvoker with no types", () => {
  /** TypesService on the tri address, called with the args as the API passes them on and no parameterTypes. */
  const call = (method: string, args: unknown[]): Promise<InvokeOutcome> => {
    const url = parseDubboUrl(`tri://${tri}/${DEMO.types.interface}?interface=${DEMO.types.interface}&group=${DEMO.types.group}&version=${DEMO.types.version}`);
    return new TripleInvoker(url, () => client).invoke({ method, parameterTypes: [], args, attachments: {} }, { timeoutMs: 5_000 });
  };
  const value = async (method: string, args: unknown[]) => {
    const outcome = await call(method, args);
    return outcome.type === "value" ? outcome.value : expect.fail(`${method}: ${JSON.stringify(outcome)}`);
  };

  it("carries a long beyond 2^53 both ways as its decimal text, and exact decimals", async () => {
    expect(await value("echoLong", ["9007199254740993"])).toBe("9007199254740993");
    expect(await value("echoLong", ["-9223372036854775808"])).toBe("-9223372036854775808");
    expect(await value("echoLong", [42])).toBe(42);
    expect(await value("echoDecimal", ["12345678901234567890.123"])).toBe("12345678901234567890.123");
    expect(await value("echoUser", [{ id: "9007199254740993", name: "n", balance: "12345678901234567890.25" }])).toEqual({ id: "9007199254740993", name: "n", balance: "12345678901234567890.25", labels: {}, previousAddresses: [] });
  });

  it("reads scalars, null, void, collections, an enum, and a byte[] Dubbo writes raw", async () => {
    expect(await value("echoString", ["aé😀"])).toBe("aé😀");
    expect(await value("echoString", [null])).toBeNull();
    expect(await value("record", ["event"])).toBeNull();
    expect(await value("echoInt", [-7])).toBe(-7);
    expect(await value("echoDouble", [1.5])).toBe(1.5);
    expect(await value("echoBoolean", [true])).toBe(true);
    expect(await value("echoMap", [{ a: 1, b: 2 }])).toEqual({ a: 1, b: 2 });
    expect(await value("echoIntArray", [[1, -2, 2147483647]])).toEqual([1, -2, 2147483647]);
    expect(await value("echoEnum", ["GREEN"])).toBe("GREEN");
    expect(await value("echoBytes", [[1, 2, 255]])).toBe("AQL/");
  });

  it("turns Dubbo's refusals into typed errors: an overload, a wrong count, an argument it cannot convert, an unknown method", async () => {
    expect(await call("describe", ["s"])).toMatchObject({ type: "error", local: true, error: { code: "invalid_arguments", issues: [{ path: "parameterTypes" }] } });
    expect(await call("echoInt", [1, 2])).toMatchObject({ type: "error", local: true, error: { code: "invalid_arguments", issues: [{ path: "args", message: expect.stringContaining("could not match 2 arguments") }] } });
    expect(await call("echoEnum", ["NOPE"])).toMatchObject({ type: "error", local: true, error: { code: "invalid_arguments", issues: [{ path: "args", message: expect.stringContaining("'NOPE'") }] } });
    expect(await call("noSuchMethod", ["x"])).toMatchObject({ type: "error", error: { code: "remote_error", message: `${tri} answered HTTP 404 (status 404): Invoker not found` } });
  });
});
