import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resolveCatalogMethods } from "@/server/governance/catalog/catalog-methods";
import { resolveServiceMethods } from "@/server/registry/service-methods";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 19 item 3: an IDL service's messages as the metadata report's service definition
 * describes them, for when the provider serves no gRPC reflection (the definition is then
 * what the service page and the Invoke form show). resolveCatalogMethods reads only the
 * definition, never reflection.
 *
 * A real Dubbo 3.3.6 provider of OrderService (protobuf-java 3.25.8 classes) writes proto
 * fields itself (ProtobufTypeBuilder). A class Dubbo describes by its Java fields instead
 * (2.7.23, whose jar has no ProtobufTypeBuilder, or a class ProtobufTypeBuilder does not
 * take) is shown by its proto fields too: 2.7.23's own bytes for the same classes
 * (test/fixtures/registry/definition-2.7.23-Quotes.json) are placed in ZooKeeper for it.
 */
const rig = inject("rig");
const HOST = "127.0.0.139";
const APP = "idl-metadata";
const KEY = DEMO.orders.interface;
const IDL = "io.dubboconsole.demo.idl";
/** The interface of the 2.7.23 capture (an interface over demo_orders.proto's classes). */
const QUOTES = "probe.Quotes";

let engine: Engine;
let provider: ProviderHandle;
let zk: TestZk;

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  const triPort = await freePort("0.0.0.0");
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: APP, services: ["greeting", "orders"], greetingVersion: "19.3.139", extraProtocols: [{ name: "tri", port: triPort }] });
  await waitFor("OrderService's provider in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => p.application === APP) === true, 30_000);
}, 120_000);

afterAll(async () => {
  await zk?.removeTree(`/dubbo/metadata/${QUOTES}`);
  zk?.close();
  await engine?.close();
  await provider?.stop();
});

describe("an IDL service's messages in the metadata report's service definition", () => {
  it("are proto fields in what a 3.3.6 provider of OrderService wrote, read without reflection", async () => {
    const entry = engine.catalog.entry(KEY)!;
    const methods = await waitFor("OrderService's definition", async () => {
      const m = await resolveCatalogMethods(engine.registries, entry);
      return m.source === "definition" ? m : undefined;
    });
    expect(methods).toMatchObject({ application: APP, path: `/dubbo/metadata/${KEY}/provider/${APP}` });
    // dubbo-compiler's interface: each rpc and its CompletableFuture twin.
    expect(methods.methods).toEqual([
      { name: "ping", parameterTypes: [`${IDL}.Empty`], returnType: `${IDL}.Empty` },
      { name: "pingAsync", parameterTypes: [`${IDL}.Empty`], returnType: "java.util.concurrent.CompletableFuture" },
      { name: "quote", parameterTypes: [`${IDL}.QuoteRequest`], returnType: `${IDL}.QuoteReply` },
      { name: "quoteAsync", parameterTypes: [`${IDL}.QuoteRequest`], returnType: "java.util.concurrent.CompletableFuture" },
    ]);
    const types = Object.fromEntries(methods.types.map((t) => [t.type, t]));
    expect(types[`${IDL}.QuoteRequest`]?.properties).toEqual({
      customer: "java.lang.String",
      lines: `java.util.List<${IDL}.Line>`,
      currency: `${IDL}.Currency`,
      requestId: "long",
      tags: "java.util.Map<java.lang.String,java.lang.String>",
      shipTo: `${IDL}.Address`,
      express: "boolean",
    });
    expect(types[`${IDL}.Line`]?.properties).toEqual({ sku: "java.lang.String", quantity: "int", unitPriceMicros: "long" });
    // The Java enum's constants, protoc's UNRECOGNIZED among them.
    expect(types[`${IDL}.Currency`]?.enums).toEqual(["CURRENCY_UNSPECIFIED", "EUR", "USD", "UNRECOGNIZED"]);
    expect(JSON.stringify(methods.types)).not.toMatch(/memoizedHashCode|unknownFields|customer_/);
  });

  it("are proto fields, not the generated classes' internals, where Dubbo described the classes by their Java fields", async () => {
    const bytes = readFileSync(join(import.meta.dirname, "..", "fixtures", "registry", "definition-2.7.23-Quotes.json"), "utf8");
    await zk.createWithData(`/dubbo/metadata/${QUOTES}/provider/quotes-27`, bytes);
    const methods = await resolveServiceMethods(engine.registries[0]!.report, { interface: QUOTES, group: "", version: "" }, []);
    expect(methods).toMatchObject({ source: "definition", application: "quotes-27" });
    const types = methods.source === "definition" ? methods.types : [];
    expect(types.find((t) => t.type === `${IDL}.QuoteRequest`)?.properties).toEqual({
      customer: "java.lang.String",
      lines: `java.util.List<${IDL}.Line>`,
      // A generated class keeps an enum as its number and a map without its type arguments.
      currency: "int",
      requestId: "long",
      tags: "java.util.Map<java.lang.String,java.lang.Object>",
      shipTo: `${IDL}.Address`,
      express: "boolean",
    });
    expect(types.find((t) => t.type === `${IDL}.Address`)?.properties).toEqual({ city: "java.lang.String", zip: "java.lang.String" });
    expect(types.map((t) => t.type).filter((t) => t.startsWith("com.google.protobuf"))).toEqual([]);
    expect(JSON.stringify(types)).not.toMatch(/memoized|unknownFields|bitField0_/);
  });
});
