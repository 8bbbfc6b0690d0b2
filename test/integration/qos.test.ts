import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as qos from "@/app/api/v1/qos/route";
import * as offline from "@/app/api/v1/qos/offline/route";
import * as online from "@/app/api/v1/qos/online/route";
import { qosActionResponseSchema, type QosStatus, qosStatusSchema } from "@/lib/api/qos";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18 part 2: Dubbo QoS of real 2.7.23 and 3.3.6 providers, each with QoS on Dubbo's
 * port 22222 at its own loopback host (callers on the same machine only, both releases'
 * default), found by the console at the provider's host on CONSOLE_QOS_PORT's default. `ls`
 * lists what each exports; `ready` answers on 3.3; a provider with QoS off says why. QoS
 * `offline` unregisters a service (the registry loses it and a real 2.7.23 consumer stops
 * calling it), `online` brings it back; an offline that leaves the consumer with no provider
 * is refused (409 naming it) and nothing changes.
 */

const rig = inject("rig");
const VERSION = "18.1.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const OFF_KEY = `${DEMO.greeting.interface}:18.2.0`;

let engine: Engine;
let p27: ProviderHandle;
let p33: ProviderHandle;
let noQos: ProviderHandle;
let consumer: ConsumerHandle;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}
const errorOf = (json: unknown) => (json as { error: { code: string; message: string; consumers?: { application: string }[] } }).error;
const registered = (key: string, address: string) => engine.catalog.entry(key)?.providers.some((p) => p.address === address) === true;

async function status(address: string): Promise<QosStatus> {
  const answer = await call(qos.GET, "GET", `/api/v1/qos?address=${address}`);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return qosStatusSchema.parse(answer.json);
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  [p27, p33, noQos] = await Promise.all([
    startProvider({ line: "2.7", registry: rig.zkAddress, host: "127.0.0.181", app: "qos-provider-27", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222 }),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.182", app: "qos-provider-33", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222 }),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.183", app: "no-qos-provider", services: ["greeting"], greetingVersion: "18.2.0" }),
  ]);
  consumer = await startConsumer({ line: "2.7", registry: rig.zkAddress, app: "qos-consumer", version: VERSION, intervalMs: 100 });
  await waitFor("both providers and the consumer in the catalog", () => registered(KEY, p27.address) && registered(KEY, p33.address) && registered(OFF_KEY, noQos.address) && (engine.catalog.entry(KEY)?.consumers.length ?? 0) > 0, 30_000);
  await waitFor("the consumer calling both providers", () => new Set(consumer.servedBy()).size === 2, 30_000);
}, 120_000);

afterAll(async () => {
  findEngine()?.close();
  await Promise.all([p27?.stop(), p33?.stop(), noQos?.stop(), consumer?.stop()]);
});

describe("Dubbo QoS of real providers, through /api/v1/qos", () => {
  it("lists what each process exports by its own ls, and 3.3's ready", async () => {
    const s27 = await status(p27.address);
    expect(s27).toMatchObject({ address: p27.address, qos: "127.0.0.181:22222", portFrom: "console", reachable: true, reason: null, ready: null });
    expect(s27.provides).toEqual([{ service: KEY, published: true, raw: "Y" }]);
    const s33 = await status(p33.address);
    expect(s33).toMatchObject({ qos: "127.0.0.182:22222", reachable: true, ready: true });
    expect(s33.provides.map((p) => [p.service, p.published])).toEqual([[KEY, true]]);
  });

  it("says once why QoS cannot be asked where it is off", async () => {
    const first = await status(noQos.address);
    expect(first).toMatchObject({ qos: "127.0.0.183:22222", reachable: false, provides: [], ready: null });
    expect(first.reason).toContain("connection refused");
    const again = await status(noQos.address);
    expect(again.checkedAt).toBe(first.checkedAt);
  });

  it("offline unregisters a service and the consumer stops calling it; online brings it back", async () => {
    const taken = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: p33.address, service: KEY });
    expect(taken.status, JSON.stringify(taken.json)).toBe(200);
    const answer = qosActionResponseSchema.parse(taken.json);
    expect(answer).toMatchObject({ address: p33.address, action: "offline", services: [KEY], answer: "OK" });
    expect(answer.status.provides, JSON.stringify(answer.status)).toEqual([expect.objectContaining({ service: KEY, published: false })]);
    await waitFor("the registry to lose the 3.3 provider", () => !registered(KEY, p33.address), 15_000);
    // The process is still asked (the console remembers it), and says it is not published.
    expect((await status(p33.address)).provides.map((p) => p.published)).toEqual([false]);
    const from = consumer.servedBy().length;
    await waitFor("20 calls after the offline", () => consumer.servedBy().length >= from + 40, 20_000);
    expect(new Set(consumer.servedBy().slice(from + 20))).toEqual(new Set([p27.address]));
    const kinds = engine.audit.query({ service: KEY, limit: 10 } as Parameters<Engine["audit"]["query"]>[0]).entries.map((e) => e.kind);
    expect(kinds[0]).toBe("qos.offline");

    // The last provider left: refused, naming the consumer, nothing changed.
    const refused = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: p27.address });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json).code).toBe("strands_consumers");
    expect(errorOf(refused.json).consumers?.map((c) => c.application)).toEqual(["qos-consumer"]);
    expect(registered(KEY, p27.address)).toBe(true);
    expect((await status(p27.address)).provides.map((p) => p.published)).toEqual([true]);

    // Allowed, 2.7.23's QoS takes every service offline (no service named) and online again the same way.
    const forced = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: p27.address, allowStranding: true });
    expect(forced.status, JSON.stringify(forced.json)).toBe(200);
    expect(qosActionResponseSchema.parse(forced.json)).toMatchObject({ services: [KEY], answer: "OK" });
    await waitFor("the registry to lose the 2.7 provider", () => !registered(KEY, p27.address), 15_000);
    const again = await call(online.POST, "POST", "/api/v1/qos/online", { address: p27.address });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    await waitFor("the registry to list the 2.7 provider again", () => registered(KEY, p27.address), 15_000);

    const back = await call(online.POST, "POST", "/api/v1/qos/online", { address: p33.address, service: KEY });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(qosActionResponseSchema.parse(back.json).status.provides.map((p) => p.published)).toEqual([true]);
    await waitFor("the registry to list the 3.3 provider again", () => registered(KEY, p33.address), 15_000);
    await waitFor("the consumer calling the 3.3 provider again", () => consumer.servedBy().slice(-20).includes(p33.address), 20_000);
  });

  it("answers bad input with 400 and unregistered addresses with 404, asking nothing", async () => {
    const bad = await call(qos.GET, "GET", "/api/v1/qos?address=nohost");
    expect([bad.status, errorOf(bad.json).code]).toEqual([400, "validation_failed"]);
    const missing = await call(qos.GET, "GET", "/api/v1/qos?address=127.0.0.99:1");
    expect([missing.status, errorOf(missing.json).code]).toEqual([404, "not_found"]);
    const unknown = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: p27.address, force: true });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.json).message).toContain("force");
    const notThere = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: p27.address, service: OFF_KEY });
    expect(notThere.status).toBe(400);
    expect(errorOf(notThere.json).message).toContain("not registered at");
    const neverThere = await call(online.POST, "POST", "/api/v1/qos/online", { address: p27.address, service: OFF_KEY });
    expect([neverThere.status, errorOf(neverThere.json).message]).toEqual([400, expect.stringContaining("was not registered at")]);
    const noQosAction = await call(offline.POST, "POST", "/api/v1/qos/offline", { address: noQos.address, allowStranding: true });
    expect([noQosAction.status, errorOf(noQosAction.json).code]).toEqual([502, "connection_failed"]);
    expect(registered(OFF_KEY, noQos.address)).toBe(true);
  });
});
