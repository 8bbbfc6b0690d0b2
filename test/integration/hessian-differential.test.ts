import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { genericRequest } from "@/server/protocol/hessian/generic-invocation";
import { descriptorOf, parseParameterTypes } from "@/server/protocol/hessian/java/java-descriptor";
import { DUBBO_PROTOCOL_VERSION, encodeRequestBody, invocationAttachments } from "@/server/protocol/hessian/request-body";
import { decodeResponseBody } from "@/server/protocol/hessian/response-body";
import { toJava } from "@/server/protocol/hessian/to-java";
import { EMPTY_TYPE_CATALOG, typeCatalogOf } from "@/server/protocol/hessian/type-catalog";
import { BODY_CASES, type BodyCase, CASES_TYPES, SERVICES } from "../support/hessian-cases";
import { type HessianOracle, type HessianOracleLine, startHessianOracle } from "../support/hessian-oracle";

// The Java side is Dubbo's own code: DubboCodec.encodeRequestData / encodeResponseData and
// hessian-lite, driven by io.dubboconsole.demo.oracle.HessianOracle on each line's classpath.
// Demo types are read by the TypesService definition a 3.3.6 provider wrote to ZooKeeper.

const definition = parseServiceDefinition(readFileSync(join(import.meta.dirname, "..", "fixtures", "registry", "definition-3.3.6-TypesService.json"), "utf8"));
if (!definition.ok) throw new Error(definition.reason);
const catalog = typeCatalogOf([...definition.value.types, ...CASES_TYPES]);

function attachmentsOf(c: BodyCase): Record<string, string> {
  const s = SERVICES[c.service];
  return invocationAttachments({ interfaceName: s.interfaceName, version: s.version, group: s.group, timeoutMs: 3000 });
}

function requestOf(c: BodyCase): Buffer {
  const s = SERVICES[c.service];
  const types = parseParameterTypes(c.types);
  return encodeRequestBody({
    dubboVersion: DUBBO_PROTOCOL_VERSION,
    path: s.interfaceName,
    version: s.version,
    method: c.method,
    parameterTypes: c.types,
    args: c.args.map((a, i) => toJava(types[i]!, a, catalog, `args[${i}]`)),
    attachments: attachmentsOf(c),
  });
}

describe.each<HessianOracleLine>(["3.3", "2.7"])("hessian2 bodies against Dubbo %s's own DubboCodec and hessian-lite", (line) => {
  let oracle: HessianOracle;
  beforeAll(async () => {
    oracle = await startHessianOracle(line);
  });
  afterAll(async () => {
    await oracle?.stop();
  });

  describe("the console's request body, read by a provider", () => {
    const readable = BODY_CASES.filter((c) => c.javaCannotRead?.[line] === undefined);
    it.each(readable.map((c) => [c.name, c] as const))("%s: reads back as Java's own request does", async (_name, c) => {
      const body = requestOf(c);
      const s = SERVICES[c.service];
      const answer = await oracle.ask({
        op: "request",
        interface: s.interfaceName,
        method: c.method,
        desc: descriptorOf(c.types),
        args: c.args,
        ...(c.javaArgs ? { javaArgs: c.javaArgs } : {}),
        attachments: attachmentsOf(c),
        body: body.toString("base64"),
      });
      if (c.lossy === undefined) expect(answer.diff).toBe("");
      expect(answer.sameAsJava).toBe(true);
      expect(answer.sameAsJson).toBe(c.lossy === undefined);
      expect(answer.head).toEqual([DUBBO_PROTOCOL_VERSION, s.interfaceName, s.version, c.method, descriptorOf(c.types)]);
      expect(answer.attachments).toEqual(attachmentsOf(c));
      if (c.sameBytes && line === "3.3") expect(body.toString("hex")).toBe(Buffer.from(answer.javaBody, "base64").toString("hex"));
    });
  });

  describe("a provider's response body, read by the console", () => {
    const withResults = BODY_CASES.filter((c) => c.result !== undefined);
    it.each(withResults.map((c) => [c.name, c] as const))("%s: reads as the JSON of the value", async (_name, c) => {
      const s = SERVICES[c.service];
      const { body } = await oracle.ask({ op: "response", interface: s.interfaceName, method: c.method, desc: descriptorOf(c.types), value: c.result!.value });
      const result = decodeResponseBody(Buffer.from(body, "base64"));
      expect(result.attachments).toEqual({ dubbo: "2.0.2" });
      expect(result.kind).toBe("value");
      if (result.kind === "value") expect(fromJava(result.value, { types: catalog })).toEqual(c.result!.json);
    });

    it("reads a void result as null", async () => {
      const { body } = await oracle.ask({ op: "response", interface: SERVICES.types.interfaceName, method: "ping", desc: "", value: null });
      expect(decodeResponseBody(Buffer.from(body, "base64"))).toEqual({ kind: "value", value: null, attachments: { dubbo: "2.0.2" } });
    });
  });

  describe("exceptions", () => {
    it.each([
      ["a checked business exception", "business", "io.dubboconsole.demo.api.BusinessException", { errorCode: "E_BUSINESS" }, undefined],
      ["a runtime exception", "runtime", "java.lang.IllegalStateException", undefined, undefined],
      ["an undeclared exception ExceptionFilter wrapped", "filtered", "io.dubboconsole.demo.oracle.OracleFailure", undefined, "java.lang.RuntimeException"],
      ["a generic call's exception wrapped in com.alibaba GenericException", "generic-alibaba", "io.dubboconsole.demo.api.BusinessException", undefined, "com.alibaba.dubbo.rpc.service.GenericException"],
      ["a generic call's exception wrapped in org.apache GenericException", "generic-apache", "java.lang.IllegalStateException", undefined, "org.apache.dubbo.rpc.service.GenericException"],
    ] as const)("names the real class of %s, with Java's message and stack", async (_name, kind, className, fields, wrappedIn) => {
      const answer = await oracle.ask({ op: "exception", kind, message: "refused: ü 😀" });
      expect(answer.class).toBe(className);
      const result = decodeResponseBody(Buffer.from(answer.body, "base64"));
      expect(result.kind).toBe("exception");
      if (result.kind !== "exception") return;
      expect(result.exception.class).toBe(className);
      expect(result.exception.message).toBe("refused: ü 😀");
      expect(result.exception.stackTrace).toEqual(answer.stackTrace);
      expect(result.exception.stackTrace.length).toBeGreaterThan(0);
      expect(result.exception.fields).toEqual(fields);
      expect(result.exception.wrappedIn).toBe(wrappedIn);
      expect(result.attachments).toEqual({ dubbo: "2.0.2" });
    });

    it("keeps an exception's cause", async () => {
      const answer = await oracle.ask({ op: "exception", kind: "caused", message: "outer" });
      const result = decodeResponseBody(Buffer.from(answer.body, "base64"));
      expect(result.kind === "exception" && result.exception.cause?.class).toBe("java.lang.IllegalArgumentException");
      expect(result.kind === "exception" && result.exception.cause?.message).toBe("the cause");
    });
  });

  describe("generic invocation ($invoke)", () => {
    const generic = BODY_CASES.filter((c) => c.javaCannotRead?.[line] === undefined).filter((c) => ["echoUser", "echoLong", "echoEnum", "echoList", "describe", "echoDate", "echoDecimal", "longs", "holder", "shape"].includes(c.method));
    it.each(generic.map((c) => [c.name, c] as const))("%s: the provider realizes the arguments the JSON stands for", async (_name, c) => {
      const s = SERVICES[c.service];
      const types = parseParameterTypes(c.types);
      const request = genericRequest({
        path: s.interfaceName,
        version: s.version,
        method: c.method,
        parameterTypes: c.types,
        args: c.args.map((a, i) => toJava(types[i]!, a, catalog, `args[${i}]`)),
        attachments: attachmentsOf(c),
      });
      const body = encodeRequestBody(request);
      const answer = await oracle.ask({ op: "generic", interface: s.interfaceName, method: c.method, args: c.javaArgs ?? c.args, body: body.toString("base64") });
      expect(answer.diff).toBe("");
      expect(answer.sameAsJson).toBe(true);
      expect(answer.head).toEqual([DUBBO_PROTOCOL_VERSION, s.interfaceName, s.version, "$invoke", "Ljava/lang/String;[Ljava/lang/String;[Ljava/lang/Object;"]);
      expect(answer.method).toBe(c.method);
      expect(answer.generic).toBe("true");
    });

    // No metadata: unknown classes travel as maps, enums as names, and the provider types them.
    // (Without a date: PojoUtils.realize reads a String into a Date only as "yyyy-MM-dd HH:mm:ss".)
    const userWithoutDate = Object.fromEntries(Object.entries(BODY_CASES.find((c) => c.name === "POJO")!.args[0] as Record<string, unknown>).filter(([k]) => k !== "createdAt"));
    it.each([
      ["a POJO as a map", "echoUser", [`io.dubboconsole.demo.api.User`], [userWithoutDate]],
      ["an enum as its name", "echoEnum", ["io.dubboconsole.demo.api.Color"], ["BLUE"]],
      ["a list of POJOs as maps", "addressesByCity", ["java.util.List<io.dubboconsole.demo.api.User>"], [[userWithoutDate]]],
    ] as const)("without metadata, %s: the provider realizes what the JSON stands for", async (_name, method, parameterTypes, args) => {
      const types = parseParameterTypes(parameterTypes);
      const request = genericRequest({
        path: SERVICES.types.interfaceName,
        version: SERVICES.types.version,
        method,
        parameterTypes,
        args: args.map((a, i) => toJava(types[i]!, a, EMPTY_TYPE_CATALOG, `args[${i}]`, { generic: true })),
        attachments: invocationAttachments({ ...SERVICES.types, timeoutMs: 3000 }),
      });
      const answer = await oracle.ask({ op: "generic", interface: SERVICES.types.interfaceName, method, args, body: encodeRequestBody(request).toString("base64") });
      expect(answer.diff).toBe("");
      expect(answer.sameAsJson).toBe(true);
    });
  });
});
