import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import type { InvokeOutcome } from "@/server/cluster/invoker";
import { DubboInvoker } from "@/server/protocol/dubbo-invoker";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { LEGACY_SERVICE, type ProviderHandle, startLegacyProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Calls to a Dubbo 2.7.7 provider registered without a metadata report (the common 2.7
 * setup), so the console knows its methods by name only. 2.7.7's GenericFilter fails a
 * generic `$invoke` whose parameter types are null (NullPointerException "types is null",
 * which 2.7.23 tolerates): the console sends the types a Java GenericService caller sends,
 * or asks for them. The provider is this file's own, under a group of its own.
 */
const rig = inject("rig");
const GROUP = "legacy-invoke-277";
const KEY = `${GROUP}/${LEGACY_SERVICE}`;

let engine: Engine;
let provider: ProviderHandle;

beforeAll(async () => {
  provider = await startLegacyProvider({ registry: rig.zkAddress, host: "127.0.0.77", group: GROUP });
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
  await waitFor("the 2.7.7 provider in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => p.address === provider.address));
});

afterAll(async () => {
  await engine?.close();
  await provider?.stop();
});

/** The call's answer, or `code: message` of the error it ended with; the body goes through the API's schema. */
async function settle(body: Omit<InvokeRequest, "service" | "group">): Promise<InvokeResponse | string> {
  try {
    return await engine.invocations.invoke(invokeRequestSchema.parse({ service: LEGACY_SERVICE, group: GROUP, ...body }));
  } catch (e) {
    if (isConsoleError(e)) return `${e.code}: ${e.message} ${JSON.stringify(e.details ?? {})}`;
    throw e;
  }
}

/** A generic `$invoke` straight through the invoker, as the engine makes one (no metadata: no type catalog). */
function generic(method: string, parameterTypes: string[], args: unknown[]): Promise<InvokeOutcome> {
  const invoker = new DubboInvoker(parseDubboUrl(`dubbo://${provider.address}/${LEGACY_SERVICE}?interface=${LEGACY_SERVICE}&group=${GROUP}`), engine.connections.get(provider.address));
  return invoker.invoke({ method, parameterTypes, args, attachments: {}, mode: "generic" }, { timeoutMs: 10_000 });
}

describe("invoking a Dubbo 2.7.7 provider that publishes no metadata", () => {
  it("knows its methods by name only", async () => {
    const methods = await engine.catalog.methods(engine.catalog.entry(KEY)!);
    expect(methods.source).toBe("url");
    expect(methods.methods.map((m) => m.name)).toEqual(["describe", "repeat", "version"]);
  });

  it("calls a no-argument method, through the API and as a generic $invoke with an empty String[] of types", async () => {
    expect(await settle({ method: "version", args: [] })).toMatchObject({ ok: true, value: "2.7.7", provider: provider.address });
    const out = await generic("version", [], []);
    expect(out.type === "value" && out.value).toBe("2.7.7");
  });

  it("calls methods with arguments with the parameter types the request gives, overloads included", async () => {
    expect(await settle({ method: "repeat", parameterTypes: ["java.lang.String", "int"], args: ["ab", 3] })).toMatchObject({ ok: true, value: "ab-ab-ab" });
    expect(await settle({ method: "describe", parameterTypes: ["int"], args: [42] })).toMatchObject({ ok: true, value: "int:42" });
    expect(await settle({ method: "describe", parameterTypes: ["java.lang.String"], args: ["42"] })).toMatchObject({ ok: true, value: "text:42" });
    const out = await generic("repeat", ["java.lang.String", "int"], ["x", 2]);
    expect(out.type === "value" && out.value).toBe("x-x");
  });

  it("asks for the parameter types of a method with arguments instead of sending null types, which 2.7.7 fails three times over", async () => {
    const answer = await settle({ method: "repeat", args: ["ab", 3] });
    expect(typeof answer === "string" && answer).toMatch(/^invalid_arguments: /);
    expect(answer).toContain('"path":"parameterTypes"');
    expect(answer).toContain("parameterTypes must give the Java type of each of its 2 arguments; the providers list repeat");
    const unknown = await settle({ method: "nope", args: [1] });
    expect(unknown).toContain("the providers list no method nope; their methods are describe, repeat, version");
  });
});
