import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { descriptorOf, parseParameterTypes } from "@/server/protocol/hessian/java/java-descriptor";
import { toJava } from "@/server/protocol/hessian/to-java";
import { typeCatalogOf } from "@/server/protocol/hessian/type-catalog";
import { encodeWrappedRequest, readWrappedAnswer } from "@/server/protocol/triple/triple-wrapped-call";
import { decodeRequestWrapper } from "@/server/protocol/triple/triple-wrapper";
import { BODY_CASES, type BodyCase, CASES_TYPES, SERVICES } from "../support/hessian-cases";
import { startTripleWrapperOracle, type TripleWrapperOracle } from "../support/triple-wrapper-oracle";

/**
 * Issue 19, Done when: "A differential test of the wrapped hessian2 bodies against Dubbo
 * 3.3.6's own classes". The Java side is Dubbo's ReflectionPackableMethod (WrapRequestPack /
 * WrapRequestUnpack / WrapResponsePack) and TripleCustomerProtocolWrapper, driven by
 * io.dubboconsole.demo.oracle.TripleWrapperOracle. Every case of the dubbo protocol's hessian
 * differential (every demo method, edge values) is sent as a Triple request the console builds:
 * the provider's classes must read it as the values the JSON stands for and as Java's own
 * request, and, where hessian2 writes one byte order, the bytes must be Java's. Every result
 * comes back from Java's WrapResponsePack and must read as the JSON; exceptions too.
 */
const definition = parseServiceDefinition(readFileSync(join(import.meta.dirname, "..", "fixtures", "registry", "definition-3.3.6-TypesService.json"), "utf8"));
if (!definition.ok) throw new Error(definition.reason);
const catalog = typeCatalogOf([...definition.value.types, ...CASES_TYPES]);

let oracle: TripleWrapperOracle;
beforeAll(async () => {
  oracle = await startTripleWrapperOracle();
}, 120_000);
afterAll(async () => {
  await oracle?.stop();
});

function bodyOf(c: BodyCase): Buffer {
  const types = parseParameterTypes(c.types);
  return encodeWrappedRequest(c.types, c.args.map((a, i) => toJava(types[i]!, a, catalog, `args[${i}]`)));
}

const readable = BODY_CASES.filter((c) => c.javaCannotRead?.["3.3"] === undefined);

describe("Triple request wrappers against Dubbo 3.3.6's own WrapRequestPack / WrapRequestUnpack", () => {
  it.each(readable.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const body = bodyOf(c);
    const answer = await oracle.request({ interface: SERVICES[c.service].interfaceName, method: c.method, desc: descriptorOf(c.types), args: c.args, ...(c.javaArgs ? { javaArgs: c.javaArgs } : {}), body: body.toString("base64") });
    expect(answer.readError, c.name).toBeUndefined();
    if (answer.readError !== undefined) return;
    expect(answer.serializeType).toBe("hessian4");
    expect(answer.argCount).toBe(c.args.length);
    expect(answer.sameAsJava, `${c.name}: ${answer.diff}; the provider read ${answer.decoded}`).toBe(true);
    if (c.lossy === undefined) expect(answer.sameAsJson, `${c.name}: ${answer.diff}`).toBe(true);
    const java = decodeRequestWrapper(Buffer.from(answer.javaBody, "base64"));
    // Java's type names, field order and serialize type, always; the arguments' bytes where hessian2 has one order.
    expect(answer.argTypes).toEqual(java.argTypes);
    if (c.sameBytes) expect(body.toString("base64"), c.name).toBe(answer.javaBody);
  });
});

describe("Triple response wrappers a 3.3.6 provider writes, read by the console", () => {
  const withResults = readable.filter((c) => c.result !== undefined);
  it.each(withResults.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const { javaBody, serializeType } = await oracle.response({ interface: SERVICES[c.service].interfaceName, method: c.method, desc: descriptorOf(c.types), value: c.result!.value });
    expect(serializeType).toBe("hessian4");
    const result = readWrappedAnswer(Buffer.from(javaBody, "base64"), false, c.name);
    expect(result.kind).toBe("value");
    if (result.kind === "value") expect(fromJava(result.value, { types: catalog })).toEqual(c.result!.json);
  });

  it("reads a void answer as null, and a checked and a runtime exception under their classes", async () => {
    const ping = await oracle.response({ interface: SERVICES.types.interfaceName, method: "ping", desc: "", value: null });
    expect(ping.type).toBe("void");
    expect(readWrappedAnswer(Buffer.from(ping.javaBody, "base64"), false, "ping")).toMatchObject({ kind: "value", value: null });
    for (const [cls, method] of [["io.dubboconsole.demo.api.BusinessException", "checkedFailure"], ["java.lang.IllegalStateException", "runtimeFailure"]] as const) {
      const thrown = await oracle.exception({ interface: SERVICES.fault.interfaceName, method, desc: "Ljava/lang/String;", class: cls, message: `because ${method}` });
      // 3.3.6 writes the method's return class as the type of an exception's answer too: only the header says it threw.
      expect(thrown.type).toBe("java.lang.String");
      const read = readWrappedAnswer(Buffer.from(thrown.javaBody, "base64"), true, method);
      expect(read).toMatchObject({ kind: "exception", exception: { class: cls, message: `because ${method}` } });
    }
  });
});
