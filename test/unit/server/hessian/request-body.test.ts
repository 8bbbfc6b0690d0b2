import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { genericRequest } from "@/server/protocol/hessian/generic-invocation";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { DUBBO_PROTOCOL_VERSION, encodeRequestBody, invocationAttachments, type RpcRequest } from "@/server/protocol/hessian/request-body";
import { JavaList } from "@/server/protocol/hessian/java/java-values";

const TYPES = "io.dubboconsole.demo.api.TypesService";
const attachments = invocationAttachments({ interfaceName: TYPES, version: "1.0.0", group: "demo", timeoutMs: 3000 });

function request(method: string, parameterTypes: string[], args: unknown[]): RpcRequest {
  return { dubboVersion: DUBBO_PROTOCOL_VERSION, path: TYPES, version: "1.0.0", method, parameterTypes, args, attachments };
}

// Expected bodies: what Dubbo 3.3.6's DubboCodec.encodeRequestData wrote for the same
// invocation (a RpcInvocation with these attachments put in this order), captured through
// the hessian oracle (test/support/hessian-oracle.ts, HessianOracle "request" → javaBody).
// "2.0.2", "io.dubboconsole.demo.api.TypesService" (37 characters: 30 25), "1.0.0".
const HEAD = "05322e302e32" + "3025696f2e647562626f636f6e736f6c652e64656d6f2e6170692e547970657353657276696365" + "05312e302e30";
const ATTACHMENTS =
  "4804706174683025696f2e647562626f636f6e736f6c652e64656d6f2e6170692e54797065735365727669636509696e746572666163653025696f2e647562626f636f6e736f6c652e64656d6f2e6170692e5479706573536572766963650776657273696f6e05312e302e300774696d656f757404333030300567726f75700464656d6f5a";

describe("encodeRequestBody", () => {
  it.each([
    ["echoString(\"héllo 😀\"), a surrogate pair as two 3-byte units", request("echoString", ["java.lang.String"], ["héllo 😀"]), "0a6563686f537472696e67124c6a6176612f6c616e672f537472696e673b" + "0868c3a96c6c6f20eda0bdedb880"],
    ["describe(\"ab\", 3), an overload by descriptor", request("describe", ["java.lang.String", "int"], ["ab", 3]), "086465736372696265134c6a6176612f6c616e672f537472696e673b49" + "026162" + "93"],
    ["ping(), no arguments and an empty descriptor", request("ping", [], []), "0470696e67" + "00"],
    ["findUser(2^53 + 1), a long beyond double precision", request("findUser", ["long"], [9007199254740993n]), "0866696e6455736572014a" + "4c0020000000000001"],
    ["echoMap({zz: 3, a: 1}), a HashMap in Java's iteration order", request("echoMap", ["java.util.Map<java.lang.String,java.lang.Integer>"], [new Map([["zz", 3], ["a", 1]])]), "076563686f4d61700f4c6a6176612f7574696c2f4d61703b" + "48027a7a930161915a"],
  ])("writes %s as DubboCodec does", (_name, req, middle) => {
    expect(encodeRequestBody(req).toString("hex")).toBe(`${HEAD}${middle}${ATTACHMENTS}`);
  });

  it("puts the attachments a 3.x consumer sends: interface, group, path, version, timeout", () => {
    expect(attachments).toEqual({ interface: TYPES, group: "demo", path: TYPES, version: "1.0.0", timeout: "3000" });
    expect(invocationAttachments({ interfaceName: "a.B", timeoutMs: 1000, token: "t" }, { tag: "gray", interface: "x" })).toEqual({
      interface: "a.B",
      token: "t",
      tag: "gray",
      path: "a.B",
      version: "0.0.0",
      timeout: "1000",
    });
  });

  it("adds path and version to the attachments when the caller left them out: the provider finds the service by them", () => {
    const body = encodeRequestBody({ dubboVersion: DUBBO_PROTOCOL_VERSION, path: "a.B", version: "0.0.0", method: "m", parameterTypes: [], args: [], attachments: {} });
    const reader = new HessianReader(body);
    expect([reader.read(), reader.read(), reader.read(), reader.read(), reader.read()]).toEqual(["2.0.2", "a.B", "0.0.0", "m", ""]);
    expect(reader.read()).toEqual(new Map([["path", "a.B"], ["version", "0.0.0"]]));
    expect(reader.atEnd).toBe(true);
  });

  it("writes frozen attachments, sent call after call, as DubboCodec does each time", () => {
    const frozen = Object.freeze({ ...attachments });
    const req = { ...request("echoString", ["java.lang.String"], ["héllo 😀"]), attachments: frozen };
    const expected = `${HEAD}0a6563686f537472696e67124c6a6176612f6c616e672f537472696e673b0868c3a96c6c6f20eda0bdedb880${ATTACHMENTS}`;
    expect(encodeRequestBody(req).toString("hex")).toBe(expected);
    expect(encodeRequestBody(req).toString("hex")).toBe(expected);
  });

  it("adds each request's own path and version to frozen attachments that lack them", () => {
    const frozen = Object.freeze({ interface: "a.B" });
    for (const version of ["1.0.0", "2.0.0"]) {
      const reader = new HessianReader(encodeRequestBody({ dubboVersion: DUBBO_PROTOCOL_VERSION, path: "a.B", version, method: "m", parameterTypes: [], args: [], attachments: frozen }));
      for (let i = 0; i < 5; i++) reader.read();
      expect(reader.read()).toEqual(new Map([["path", "a.B"], ["interface", "a.B"], ["version", version]]));
    }
  });

  it("writes the interface attachment as the service when there is one (apache/dubbo#6138)", () => {
    const body = encodeRequestBody({ dubboVersion: DUBBO_PROTOCOL_VERSION, path: "custom/path", version: "1", method: "m", parameterTypes: [], args: [], attachments: { interface: "a.B" } });
    const reader = new HessianReader(body);
    reader.read();
    expect(reader.read()).toBe("a.B");
  });

  it("refuses a parameter type that is not a Java type", () => {
    expect(() => encodeRequestBody(request("m", ["java.util.List<"], [null]))).toThrow(ValidationError);
  });
});

describe("genericRequest", () => {
  it("calls $invoke(String, String[], Object[]) of the real service with generic=true and erased type names", () => {
    const req = genericRequest({ path: TYPES, version: "1.0.0", method: "echoList", parameterTypes: ["java.util.List<java.lang.String>"], args: [new JavaList(null, ["a"])], attachments });
    expect(req.method).toBe("$invoke");
    expect(req.parameterTypes).toEqual(["java.lang.String", "java.lang.String[]", "java.lang.Object[]"]);
    expect(req.attachments).toEqual({ ...attachments, generic: "true" });
    const reader = new HessianReader(encodeRequestBody(req));
    expect([reader.read(), reader.read(), reader.read(), reader.read(), reader.read()]).toEqual(["2.0.2", TYPES, "1.0.0", "$invoke", "Ljava/lang/String;[Ljava/lang/String;[Ljava/lang/Object;"]);
    expect([reader.read(), reader.read(), reader.read()]).toEqual(["echoList", ["java.util.List"], [["a"]]]);
  });

  it("sends an empty String[] of types for a call without arguments whose types are unknown, as a Java GenericService caller does (2.7.7 fails null types)", () => {
    const req = genericRequest({ path: TYPES, version: "1.0.0", method: "now", parameterTypes: null, args: [], attachments });
    const reader = new HessianReader(encodeRequestBody(req));
    for (let i = 0; i < 5; i++) reader.read();
    expect([reader.read(), reader.read(), reader.read()]).toEqual(["now", [], []]);
  });
});
