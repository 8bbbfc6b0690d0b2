import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseJavaType } from "@/lib/dubbo/java-type-ref";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { toJava } from "@/server/protocol/hessian/to-java";
import { EMPTY_TYPE_CATALOG } from "@/server/protocol/hessian/type-catalog";
import { TripleClient } from "@/server/protocol/triple/triple-client";
import { callWrapped, type WrappedResult } from "@/server/protocol/triple/triple-wrapped-call";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";

/**
 * Issue 19, first part: the console's Triple transport (HTTP/2, gRPC framing, deadlines) and
 * the wrapped hessian2 bodies of Java-interface services, against a real Dubbo 3.3.6 provider
 * exporting the demo services on tri. Values go in as JSON through the same to-java layer as
 * the dubbo protocol's, and come back through the same from-java reading.
 */
const rig = inject("rig");
const HOST = "127.0.0.131";

let provider: ProviderHandle;
let triPort: number;
let client: TripleClient;

beforeAll(async () => {
  triPort = await freePort("0.0.0.0");
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: "triple-provider", extraProtocols: [{ name: "tri", port: triPort }] });
  client = new TripleClient(`${HOST}:${triPort}`);
}, 120_000);

afterAll(async () => {
  client?.close();
  await provider?.stop();
});

/** Calls `method(args)` on the demo service `service`, each arg read from JSON as its parameter type. */
async function call(service: keyof typeof DEMO, method: string, parameterTypes: string[], json: unknown[], timeoutMs = 5_000): Promise<WrappedResult> {
  const args = parameterTypes.map((t, i) => {
    const parsed = parseJavaType(t);
    if (!parsed.ok) throw new Error(parsed.reason);
    return toJava(parsed.type, json[i], EMPTY_TYPE_CATALOG, `args[${i}]`);
  });
  return callWrapped(client, { interface: DEMO[service].interface, group: DEMO[service].group, version: DEMO[service].version, method, parameterTypes, args, timeoutMs });
}
const valueOf = (r: WrappedResult) => (r.kind === "value" ? fromJava(r.value) : expect.fail(`threw ${JSON.stringify(r.exception)}`));

describe("Triple, wrapped hessian2, against a real 3.3.6 provider", () => {
  it("calls a String method and a no-arg one", async () => {
    expect(valueOf(await call("greeting", "greet", ["java.lang.String"], ["tri"]))).toMatch(/tri/);
    expect(valueOf(await call("greeting", "whoAmI", [], []))).toBe(`${HOST}:${provider.port}`);
  });

  it("carries typed values exactly: a long beyond 2^53, BigDecimal, Date, byte[], collections, an enum", async () => {
    expect(valueOf(await call("types", "echoLong", ["long"], ["9007199254740993"]))).toBe("9007199254740993");
    expect(valueOf(await call("types", "echoDecimal", ["java.math.BigDecimal"], ["12345678901234567890.000000001"]))).toBe("12345678901234567890.000000001");
    expect(valueOf(await call("types", "echoDate", ["java.util.Date"], ["2026-12-07T10:11:12.345Z"]))).toBe("2026-12-07T10:11:12.345Z");
    expect(valueOf(await call("types", "echoBytes", ["byte[]"], ["AAEC/w=="]))).toBe("AAEC/w==");
    expect(valueOf(await call("types", "echoList", ["java.util.List<java.lang.String>"], [["a", "b"]]))).toEqual(["a", "b"]);
    expect(valueOf(await call("types", "echoIntArray", ["int[]"], [[1, -2, 2147483647]]))).toEqual([1, -2, 2147483647]);
    expect(valueOf(await call("types", "echoEnum", ["io.dubboconsole.demo.api.Color"], ["GREEN"]))).toBe("GREEN");
    expect(await call("types", "ping", [], [])).toMatchObject({ kind: "value", value: null });
  });

  it("picks an overload by its parameter types", async () => {
    expect(valueOf(await call("types", "describe", ["int"], [7]))).not.toEqual(valueOf(await call("types", "describe", ["java.lang.String"], ["7"])));
    expect(typeof valueOf(await call("types", "describe", ["java.lang.String", "int"], ["x", 2]))).toBe("string");
  });

  it("reads a checked and a runtime exception as the provider threw them", async () => {
    const checked = await call("fault", "checkedFailure", ["java.lang.String"], ["nope"]);
    expect(checked.kind).toBe("exception");
    expect(checked.kind === "exception" && checked.exception).toMatchObject({ class: "io.dubboconsole.demo.api.BusinessException", message: expect.stringContaining("nope") });
    const runtime = await call("fault", "runtimeFailure", ["java.lang.String"], ["boom"]);
    expect(runtime.kind === "exception" && runtime.exception).toMatchObject({ class: "java.lang.IllegalStateException", message: expect.stringContaining("boom") });
  });

  it("times a slow call out at its deadline, and says an unknown method is not there", async () => {
    const started = Date.now();
    await expect(call("fault", "slow", ["int"], [3_000], 500)).rejects.toMatchObject({ code: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(call("greeting", "noSuchMethod", [], [])).rejects.toMatchObject({ code: "remote_error" });
    // The session survives both: the next call answers.
    expect(valueOf(await call("greeting", "greet", ["java.lang.String"], ["again"]))).toMatch(/again/);
  });

  it("refuses an answer over the payload limit as soon as its length is read, and a request over it before sending", async () => {
    const small = new TripleClient(`${HOST}:${triPort}`, { maxBytes: 64 * 1024 });
    try {
      const args = [toJava({ kind: "primitive", name: "int" }, 200, EMPTY_TYPE_CATALOG, "args[0]")];
      await expect(callWrapped(small, { interface: DEMO.fault.interface, version: DEMO.fault.version, method: "largeText", parameterTypes: ["int"], args, timeoutMs: 5_000 })).rejects.toMatchObject({ code: "payload_too_large" });
      const big = [toJava({ kind: "class", name: "java.lang.String", args: [] }, "x".repeat(70 * 1024), EMPTY_TYPE_CATALOG, "args[0]")];
      await expect(callWrapped(small, { interface: DEMO.greeting.interface, method: "greet", parameterTypes: ["java.lang.String"], args: big, timeoutMs: 5_000 })).rejects.toMatchObject({ code: "payload_too_large" });
      // Within the limit the same client answers.
      const ok = await callWrapped(small, { interface: DEMO.fault.interface, version: DEMO.fault.version, method: "largeText", parameterTypes: ["int"], args: [toJava({ kind: "primitive", name: "int" }, 10, EMPTY_TYPE_CATALOG, "args[0]")], timeoutMs: 5_000 });
      expect(ok.kind === "value" && typeof ok.value === "string" && ok.value.length).toBeGreaterThanOrEqual(10 * 1024);
    } finally {
      small.close();
    }
  });

  it("refuses to connect fast to a port nothing listens on", async () => {
    const dead = new TripleClient(`${HOST}:${await freePort("0.0.0.0")}`);
    try {
      await expect(callWrapped(dead, { interface: DEMO.greeting.interface, method: "whoAmI", parameterTypes: [], args: [], timeoutMs: 2_000 })).rejects.toMatchObject({ code: "connection_failed" });
    } finally {
      dead.close();
    }
  });
});
