import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as invoke from "@/app/api/v1/invoke/route";
import * as proto from "@/app/api/v1/service/proto/route";
import * as serviceRoute from "@/app/api/v1/service/route";
import { type InvokeResponse, invokeResponseSchema } from "@/lib/api/invoke";
import { serviceDetailSchema } from "@/lib/api/catalog-entities";
import { protoUploadResponseSchema } from "@/lib/api/proto-upload";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";

/**
 * Issue 19 item 3, the other source: an IDL provider that serves no gRPC reflection (a real
 * Dubbo 3.3.6 OrderService with the built-in services off). Until a .proto is uploaded the
 * console knows only the metadata's definition, not a protobuf schema; after PUT
 * /api/v1/service/proto with demo_orders.proto, the service is described from it and called
 * with JSON as with reflection. Bad uploads are 400s that name the reason, and keep the old one.
 */
const rig = inject("rig");
const HOST = "127.0.0.148";
const KEY = DEMO.orders.interface;
const DEMO_PROTO = readFileSync(join(__dirname, "../peers/dubbo-3.3/src/main/proto/demo_orders.proto"), "utf8");

let provider: ProviderHandle;

const request = (method: string, url: string, body?: unknown) =>
  new Request(url, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });

async function detail() {
  const res = await serviceRoute.GET(new Request(`http://console/api/v1/service?key=${encodeURIComponent(KEY)}`));
  expect(res.status).toBe(200);
  return serviceDetailSchema.parse(await res.json());
}

beforeAll(async () => {
  const engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off" }));
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: "idl-no-reflection", services: ["greeting", "orders"], greetingVersion: "19.6.0", reflection: false, extraProtocols: [{ name: "tri", port: await freePort("0.0.0.0") }] });
  await waitFor("OrderService's tri provider in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => p.url.protocol === "tri") === true, 30_000);
}, 120_000);

afterAll(async () => {
  await findEngine()?.close();
  await provider?.stop();
});

describe("an IDL service without reflection, given its .proto", () => {
  it("is not described as protobuf before an upload, and GET says none was uploaded", async () => {
    expect((await detail()).methodsSource).not.toBe("protobuf");
    const res = await proto.GET(request("GET", `http://console/api/v1/service/proto?key=${encodeURIComponent(KEY)}`));
    expect(res.status).toBe(404);
  });

  it("refuses an upload that does not parse or does not define the service, naming why", async () => {
    const broken = await proto.PUT(request("PUT", "http://console/api/v1/service/proto", { key: KEY, files: [{ name: "demo_orders.proto", text: DEMO_PROTO.replace("message Line {", "message Line {{") }] }));
    expect(broken.status).toBe(400);
    expect(JSON.stringify(await broken.json())).toContain("demo_orders.proto does not parse");
    const other = await proto.PUT(request("PUT", "http://console/api/v1/service/proto", { key: KEY, files: [{ name: "other.proto", text: 'syntax = "proto3"; package x; service Other { rpc a(M) returns (M); } message M {}' }] }));
    expect(other.status).toBe(400);
    expect(JSON.stringify(await other.json())).toContain(`do not describe the service ${KEY}`);
    const unknown = await proto.PUT(request("PUT", "http://console/api/v1/service/proto", { key: "io.nowhere.Service", files: [{ name: "a.proto", text: DEMO_PROTO }] }));
    expect(unknown.status).toBe(404);
    const invalid = await proto.PUT(request("PUT", "http://console/api/v1/service/proto", { key: KEY, files: [] }));
    expect(invalid.status).toBe(400);
  });

  it("is described from the uploaded .proto and called with JSON, exactly", async () => {
    const res = await proto.PUT(request("PUT", "http://console/api/v1/service/proto", { key: KEY, files: [{ name: "demo_orders.proto", text: DEMO_PROTO }] }));
    expect(res.status).toBe(200);
    expect(protoUploadResponseSchema.parse(await res.json())).toMatchObject({ key: KEY, service: "io.dubboconsole.demo.idl.OrderService", methods: ["ping", "quote"], streaming: [] });
    const d = await detail();
    expect(d.methodsSource).toBe("protobuf");
    expect(d.protobuf).toEqual({ service: "io.dubboconsole.demo.idl.OrderService", from: "upload", address: null });
    expect(d.methods.map((m) => m.parameterTypes)).toEqual([["io.dubboconsole.demo.idl.Empty"], ["io.dubboconsole.demo.idl.QuoteRequest"]]);

    const call = await invoke.POST(request("POST", "http://console/api/v1/invoke", { service: KEY, method: "quote", args: [{ customer: "up", requestId: "-9007199254740993", lines: [{ sku: "Z", quantity: 7, unitPriceMicros: "3" }], currency: "USD" }] }));
    const json = await call.json();
    expect(call.status, JSON.stringify(json)).toBe(200);
    const answer = invokeResponseSchema.parse(json) as Extract<InvokeResponse, { ok: true }>;
    expect(answer.value).toEqual({ customer: "up", requestId: "-9007199254740993", totalMicros: "21", lineCount: 1, lines: [{ sku: "Z", quantity: 7, unitPriceMicros: "3" }], currency: "USD", servedBy: provider.address });
    expect(answer.protocol).toBe("tri");
  });

  it("forgets the upload on DELETE", async () => {
    const res = await proto.DELETE(request("DELETE", `http://console/api/v1/service/proto?key=${encodeURIComponent(KEY)}`));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: KEY, deleted: true });
    expect((await detail()).methodsSource).not.toBe("protobuf");
    // Both are in the audit trail, newest first: who, what service and methods, the files by name and size (not their text).
    const engine = findEngine()!;
    const entries = await waitFor("the upload and its removal in the audit trail", () => {
      const found = engine.audit.query({ service: KEY, limit: 10 } as Parameters<typeof engine.audit.query>[0]).entries.filter((e) => e.kind.startsWith("proto."));
      return found.length === 2 ? found : undefined;
    });
    const upload = { service: "io.dubboconsole.demo.idl.OrderService", methods: ["ping", "quote"], files: [{ name: "demo_orders.proto", chars: DEMO_PROTO.length }], by: "anonymous:anonymous" };
    expect(entries.map((e) => [e.kind, e.summary, e.before, e.after, e.outcome, e.actor.name])).toEqual([
      ["proto.delete", `removed the uploaded .proto schema of ${KEY}`, upload, null, "ok", "anonymous"],
      ["proto.upload", `uploaded a .proto schema of ${KEY} (1 file): io.dubboconsole.demo.idl.OrderService, 2 methods`, null, upload, "ok", "anonymous"],
    ]);
  });
});
