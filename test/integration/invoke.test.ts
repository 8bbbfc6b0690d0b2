import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { InvokeRequest, InvokeResponse } from "@/lib/api/invoke";
import { invokeRequestSchema } from "@/lib/api/invoke";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { type ConsoleError, isConsoleError } from "@/lib/errors";
import type { InvokeOutcome } from "@/server/cluster/invoker";
import { ConnectionPool } from "@/server/protocol/connection-pool";
import { DubboInvoker } from "@/server/protocol/dubbo-invoker";
import { EMPTY_TYPE_CATALOG, type TypeCatalog, typeCatalogOf } from "@/server/protocol/hessian/type-catalog";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";

/**
 * POST /api/v1/invoke's service against the rig's real Dubbo 2.7.23 and 3.3.6 providers:
 * every demo method, typed (through the service, signatures from the metadata) and generic
 * (`$invoke`, through the invoker), with the exact values back; exceptions under their real
 * classes; timeouts, payload limits and the error answers.
 */
const rig = inject("rig");
const TYPES = DEMO.types.interface;
const FAULT = DEMO.fault.interface;
const GREETING = DEMO.greeting.interface;
const TYPES_KEY = `demo/${TYPES}:1.0.0`;
const USER = "io.dubboconsole.demo.api.User";
const LINES = rig.providers.filter((p) => p.registerMode === "interface");

let engine: Engine;
let pool: ConnectionPool;
let typesCatalog: TypeCatalog;

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
  await waitFor("the demo providers in the catalog", () => {
    try {
      return LINES.every((p) => engine.catalog.entry(TYPES_KEY)?.providers.some((r) => r.address === p.address)) && LINES.every((p) => engine.catalog.entry(`${FAULT}:2.0.0`)?.providers.some((r) => r.address === p.address));
    } catch {
      return false;
    }
  });
  const methods = await engine.catalog.methods(engine.catalog.entry(TYPES_KEY)!);
  typesCatalog = methods.source === "definition" ? typeCatalogOf(methods.types) : EMPTY_TYPE_CATALOG;
  expect(methods.source).toBe("definition");
  pool = new ConnectionPool();
});

afterAll(async () => {
  await pool?.closeAll();
  await engine?.close();
});

const types = (method: string, parameterTypes: string[] | undefined, args: unknown[], extra: Partial<InvokeRequest> = {}): InvokeRequest => ({
  service: TYPES,
  group: "demo",
  version: "1.0.0",
  method,
  ...(parameterTypes ? { parameterTypes } : {}),
  args,
  timeoutMs: 10_000,
  ...extra,
});

/** Calls the service as the route handler does (the body through the API's schema). */
function invoke(body: InvokeRequest): Promise<InvokeResponse> {
  return engine.invocations.invoke(invokeRequestSchema.parse(body));
}

/** The typed error a call threw. */
async function failure(body: InvokeRequest): Promise<ConsoleError> {
  try {
    const answer = await invoke(body);
    throw new Error(`expected an error, got ${JSON.stringify(answer).slice(0, 300)}`);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return e;
  }
}

async function valueOf(body: InvokeRequest): Promise<unknown> {
  const answer = await invoke(body);
  if (!answer.ok) throw new Error(`the method threw ${answer.error.class}: ${answer.error.message}`);
  return answer.value;
}

/** A generic `$invoke` straight through the invoker (types null when `parameterTypes` is null: by name). */
async function generic(address: string, service: { interface: string; group: string; version: string }, method: string, parameterTypes: string[] | null, args: unknown[], catalog: TypeCatalog | undefined = typesCatalog): Promise<InvokeOutcome> {
  const query = [`interface=${service.interface}`, service.group ? `group=${service.group}` : "", service.version ? `version=${service.version}` : ""].filter(Boolean).join("&");
  const invoker = new DubboInvoker(parseDubboUrl(`dubbo://${address}/${service.interface}?${query}`), pool.get(address));
  return invoker.invoke({ method, parameterTypes: parameterTypes ?? [], args, attachments: {}, mode: "generic", ...(catalog ? { types: catalog } : {}) }, { timeoutMs: 10_000 });
}

const ADA = {
  id: "9007199254740993",
  name: "Ada",
  favouriteColor: "GREEN",
  address: { city: "Hangzhou", street: "1 West Lake Rd", zip: 310000 },
  previousAddresses: [{ city: "Beijing", street: "Chang'an Avenue 1", zip: 100000 }],
  labels: { team: "core" },
  balance: "12.50",
  createdAt: "2024-05-01T10:00:00.123Z",
};
const GRACE = { ...ADA, id: -7, name: "Grace", favouriteColor: "BLUE", address: { city: "Beijing", street: "2 Rd", zip: 100001 }, previousAddresses: [], labels: {}, balance: "-1E-21", createdAt: "1969-12-31T23:59:59.999Z" };
/** TypesServiceImpl.Fixtures.user(7). */
const USER_7 = {
  id: 7,
  name: "user-7",
  favouriteColor: "GREEN",
  address: { city: "Hangzhou", street: "West Lake Road 7", zip: 310000 },
  previousAddresses: [{ city: "Beijing", street: "Chang'an Avenue 1", zip: 100000 }],
  labels: { tier: "silver" },
  balance: "1241.50",
  createdAt: "2023-11-14T22:13:27.000Z",
};

/** Every TypesService method: [method, parameter types, arguments, the value expected back]. */
const TYPES_CASES: [string, string[], unknown[], unknown][] = [
  ["echoString", ["java.lang.String"], ["héllo, 世界 🌍"], "héllo, 世界 🌍"],
  ["echoInt", ["int"], [-2147483648], -2147483648],
  ["echoLong", ["long"], ["9007199254740993"], "9007199254740993"],
  ["echoLong", ["long"], ["-9223372036854775808"], "-9223372036854775808"],
  ["echoLong", ["long"], [9007199254740991], 9007199254740991],
  ["echoDouble", ["double"], [0.1], 0.1],
  ["echoDouble", ["double"], ["-Infinity"], "-Infinity"],
  ["echoBoolean", ["boolean"], [true], true],
  ["echoBytes", ["byte[]"], ["AAEC/4A="], "AAEC/4A="],
  ["echoChar", ["char"], ["字"], "字"],
  ["echoDate", ["java.util.Date"], ["2024-05-01T10:00:00.123Z"], "2024-05-01T10:00:00.123Z"],
  ["echoDate", ["java.util.Date"], [1700000000123], "2023-11-14T22:13:20.123Z"],
  ["echoDecimal", ["java.math.BigDecimal"], ["12345678901234567890.000000000000000001"], "12345678901234567890.000000000000000001"],
  // BigDecimal.toString's own form: the scale kept, scientific below 10^-6.
  ["echoDecimal", ["java.math.BigDecimal"], ["-0.000000000000000000001"], "-1E-21"],
  ["echoList", ["java.util.List<java.lang.String>"], [["a", "b", null]], ["a", "b", null]],
  ["echoSet", ["java.util.Set<java.lang.Integer>"], [[3, 1, 2]], [1, 2, 3]],
  ["echoMap", ["java.util.Map<java.lang.String,java.lang.Integer>"], [{ a: 1, "b c": -2 }], { a: 1, "b c": -2 }],
  ["echoIntArray", ["int[]"], [[1, -1, 2147483647]], [1, -1, 2147483647]],
  ["echoStringArray", ["java.lang.String[]"], [["x", null, ""]], ["x", null, ""]],
  ["echoEnum", ["io.dubboconsole.demo.api.Color"], ["BLUE"], "BLUE"],
  ["echoUser", [USER], [ADA], ADA],
  ["echoUserArray", [`${USER}[]`], [[ADA, GRACE]], [ADA, GRACE]],
  ["addressesByCity", [`java.util.List<${USER}>`], [[ADA, GRACE, { ...ADA, address: { city: "Hangzhou", street: "3 Rd", zip: 1 } }]], { Beijing: [GRACE.address], Hangzhou: [ADA.address, { city: "Hangzhou", street: "3 Rd", zip: 1 }] }],
  ["findUser", ["long"], [7], USER_7],
  ["ping", [], [], null],
  ["record", ["java.lang.String"], ["event"], null],
  ["describe", ["int"], [42], "int:42"],
  ["describe", ["java.lang.String"], ["x"], "string:x"],
  ["describe", ["java.lang.String", "int"], ["ab", 3], "string*3:ababab"],
];

describe.each(LINES.map((p) => [p.line, p.address] as const))("invoking the real Dubbo %s provider (%s)", (line, address) => {
  it.each(TYPES_CASES)("calls TypesService.%s(%j) typed and gets the exact value back", async (method, parameterTypes, args, expected) => {
    const answer = await invoke(types(method, parameterTypes, args, { provider: address }));
    expect(answer).toMatchObject({ ok: true, provider: address, attempts: [{ provider: address, outcome: "ok" }] });
    expect(answer.ok && answer.value).toEqual(expected);
  });

  it.each(TYPES_CASES)("calls TypesService.%s(%j) generic ($invoke) and gets the same value back", async (method, parameterTypes, args, expected) => {
    const out = await generic(address, DEMO.types, method, parameterTypes, args);
    expect(out).toMatchObject({ type: "value" });
    expect(out.type === "value" && out.value).toEqual(expected);
  });

  it("calls a method by name alone, generic with no types and no metadata, the provider typing the arguments", async () => {
    // PojoUtils reads text into a Date only as yyyy-MM-dd HH:mm:ss in the provider's zone, so no date here.
    const user = await generic(address, DEMO.types, "echoUser", null, [{ ...ADA, createdAt: null }], undefined);
    expect(user.type === "value" && user.value).toEqual({ ...ADA, createdAt: null });
    const found = await generic(address, DEMO.types, "findUser", null, [7], undefined);
    expect(found.type === "value" && found.value).toEqual(USER_7);
    const greeting = await generic(address, DEMO.greeting, "greet", null, ["Ada"], undefined);
    expect(greeting.type === "value" && greeting.value).toMatch(new RegExp(`^Hello Ada, from ${address.replace(/\./g, "\\.")} \\(Dubbo ${line}`));
  });

  it("calls no-arg methods: now() answers the provider's clock, whoAmI() its address", async () => {
    const before = Date.now();
    const now = await valueOf(types("now", undefined, [], { provider: address }));
    expect(Math.abs(Date.parse(now as string) - before)).toBeLessThan(60_000);
    expect(await valueOf({ service: GREETING, method: "whoAmI", args: [], provider: address })).toBe(address);
  });

  it("answers a checked exception under its real class, message and stack (typed and generic)", async () => {
    const answer = await invoke({ service: FAULT, version: "2.0.0", method: "checkedFailure", args: ["boom"], provider: address });
    expect(answer).toMatchObject({ ok: false, provider: address, error: { code: "business_exception", class: "io.dubboconsole.demo.api.BusinessException", message: "business rule refused: boom" }, attempts: [{ outcome: "business_exception" }] });
    expect(!answer.ok && answer.error.stackTrace[0]).toMatch(/^io\.dubboconsole\.demo\.provider\.FaultServiceImpl\.checkedFailure\(FaultServiceImpl\.java:\d+\)$/);
    const out = await generic(address, DEMO.fault, "checkedFailure", ["java.lang.String"], ["boom"], EMPTY_TYPE_CATALOG);
    expect(out.type === "business_exception" && [out.exception.class, out.exception.message]).toEqual(["io.dubboconsole.demo.api.BusinessException", "business rule refused: boom"]);
  });

  it("answers a runtime exception under its real class, not the wrapper Dubbo sent it in", async () => {
    const answer = await invoke({ service: FAULT, version: "2.0.0", method: "runtimeFailure", parameterTypes: ["java.lang.String"], args: ["x"], provider: address });
    expect(answer).toMatchObject({ ok: false, error: { class: "java.lang.IllegalStateException", message: "runtime failure: x" } });
    const out = await generic(address, DEMO.fault, "runtimeFailure", ["java.lang.String"], ["x"], EMPTY_TYPE_CATALOG);
    expect(out.type === "business_exception" && [out.exception.class, out.exception.message]).toEqual(["java.lang.IllegalStateException", "runtime failure: x"]);
  });

  it("gives up a call slower than its timeout with 504 within the timeout and a margin", async () => {
    const started = performance.now();
    const e = await failure({ service: FAULT, version: "2.0.0", method: "slow", args: [3_000], timeoutMs: 400, provider: address });
    const elapsed = performance.now() - started;
    expect(e.code).toBe("timeout");
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(400 + 300);
    expect(e.details?.attempts).toEqual([expect.objectContaining({ provider: address, outcome: "timeout" })]);
    // A slow call that makes it in time answers.
    expect(await valueOf({ service: FAULT, version: "2.0.0", method: "slow", args: [50], timeoutMs: 2_000, provider: address })).toBe("slept 50 ms");
  });

  it("carries a 4 MiB answer, and refuses one over the 8 MiB limit with a clear error", async () => {
    const text = await valueOf({ service: FAULT, version: "2.0.0", method: "largeText", args: [4096], provider: address });
    expect(text).toBe("x".repeat(4096 * 1024));
    const e = await failure({ service: FAULT, version: "2.0.0", method: "largeText", args: [9000], provider: address });
    expect(["remote_error", "payload_too_large"]).toContain(e.code);
    expect(e.message).toMatch(/payload|limit|8388608/i);
    // The connection is still usable afterwards.
    expect(await valueOf(types("echoInt", ["int"], [5], { provider: address }))).toBe(5);
  });
});

describe("the invoke service", () => {
  it("takes the one signature the metadata lists when parameterTypes are left out", async () => {
    expect(await valueOf(types("echoUser", undefined, [ADA]))).toEqual(ADA);
    expect(await valueOf(types("findUser", undefined, ["7"]))).toEqual(USER_7);
  });

  it("refuses an overloaded method without parameterTypes, naming the overloads", async () => {
    const e = await failure(types("describe", undefined, [1]));
    expect(e.code).toBe("invalid_arguments");
    expect(e.details?.issues).toEqual([{ path: "parameterTypes", message: expect.stringContaining("describe(int); describe(java.lang.String); describe(java.lang.String, int)") as string }]);
  });

  it("refuses arguments that do not fit, naming each from the body's root, before sending anything", async () => {
    const e = await failure(types("describe", ["java.lang.String", "int"], [1, "ten"]));
    expect(e.code).toBe("invalid_arguments");
    expect(e.details?.issues).toEqual([
      { path: "args.0", message: expect.stringContaining("java.lang.String") as string },
      { path: "args.1", message: expect.stringContaining("int") as string },
    ]);
    const nested = await failure(types("echoUser", [USER], [{ address: { zip: "ten" } }]));
    expect(nested.details?.issues).toEqual([{ path: "args.0.address.zip", message: expect.stringContaining("ten") as string }]);
    expect(e.details?.attempts).toBeUndefined();
    const unknownField = await failure(types("echoUser", [USER], [{ nickname: "x" }]));
    expect(unknownField.details?.issues).toEqual([{ path: "args.0.nickname", message: expect.stringContaining("has no field") as string }]);
  });

  it("calls through the cluster: a registered provider answers, and the attempts say which", async () => {
    const answer = await invoke({ service: GREETING, method: "whoAmI", args: [], loadbalance: "roundrobin", cluster: "failover" });
    expect(answer.ok && answer.value).toBe(answer.provider);
    expect(rig.providers.map((p) => p.address)).toContain(answer.provider);
    expect(answer.attempts.at(-1)).toMatchObject({ provider: answer.provider, outcome: "ok" });
  });

  it("calls a provider directly by url, with no registry", async () => {
    const target = LINES[0]!.address;
    const answer = await invoke({ service: GREETING, method: "whoAmI", args: [], url: `dubbo://${target}` });
    expect(answer).toMatchObject({ ok: true, value: target, provider: target });
  });

  it("answers not_found naming a service nothing registers", async () => {
    const e = await failure({ service: "io.nowhere.Service", version: "1.0", method: "x", args: [] });
    expect(e.code).toBe("not_found");
    expect(e.message).toContain('"io.nowhere.Service:1.0"');
    expect(e.details).toEqual({ service: "io.nowhere.Service:1.0" });
  });

  it("answers no_provider for a known service with no provider, and for a provider that does not provide it", async () => {
    const service = "io.dubboconsole.test.ConsumedOnly";
    const node = `/dubbo/${service}/consumers/${javaUrlEncode(`consumer://10.6.9.1/${service}?interface=${service}&application=invoke-it&category=consumers&side=consumer`)}`;
    const zk = await connectTestZk(rig.zkConnectString);
    try {
      await zk.createWithData(node, "");
      await waitFor("the consumer-only service in the catalog", () => engine.catalog.entry(service)?.consumers.length === 1);
      const none = await failure({ service, method: "x", args: [] });
      expect(none.code).toBe("no_provider");
      expect(none.message).toContain(service);
    } finally {
      await zk.removeTree(`/dubbo/${service}`);
      zk.close();
    }
    const e = await failure({ service: GREETING, method: "whoAmI", args: [], provider: "10.255.0.1:20880" });
    expect(e.code).toBe("no_provider");
    expect(e.message).toContain("10.255.0.1:20880 is not one of its enabled providers");
  });

  it("answers remote_error for a method the provider does not have", async () => {
    const e = await failure({ service: GREETING, method: "noSuchMethod", parameterTypes: ["java.lang.String"], args: ["x"], provider: LINES[0]!.address });
    expect(e.code).toBe("remote_error");
    expect(e.message).toMatch(/noSuchMethod/);
  });
});
