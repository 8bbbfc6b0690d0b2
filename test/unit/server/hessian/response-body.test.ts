import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { CodecError } from "@/server/errors/transport-errors";
import { RemoteError, RemoteTimeoutError } from "@/server/errors/invoke-errors";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import { JavaObject } from "@/server/protocol/hessian/java/java-values";
import { decodeResponseBody, errorOfStatus } from "@/server/protocol/hessian/response-body";
import { typeCatalogOf } from "@/server/protocol/hessian/type-catalog";

// Bodies Dubbo 3.3.6's DubboCodec.encodeResponseData wrote (answering a "2.0.2" request, so
// with attachments), captured through the hessian oracle (test/support/hessian-oracle.ts).
const JAVA = {
  /** findUser → User{id 7, name "u", GREEN, Address{Hangzhou, S, 310000}, [], {tier: gold}, 1241.50, 2023-11-14T22:13:20Z}. */
  user: "94431d696f2e647562626f636f6e736f6c652e64656d6f2e6170692e5573657298096372656174656441740762616c616e6365066c6162656c731170726576696f757341646472657373657307616464726573730e6661766f7572697465436f6c6f72046e616d65026964604a0000018bcfe5680043146a6176612e6d6174682e426967446563696d616c910576616c75656107313234312e353048047469657204676f6c645a78433020696f2e647562626f636f6e736f6c652e64656d6f2e6170692e4164647265737393037a697006737472656574046369747962490004baf001530848616e677a686f75431e696f2e647562626f636f6e736f6c652e64656d6f2e6170692e436f6c6f7291046e616d656305475245454e0175e74805647562626f05322e302e325a",
  /** echoLong → 9007199254740993. */
  long: "944c00200000000000014805647562626f05322e302e325a",
  /** ping → void. */
  void: "954805647562626f05322e302e325a",
  /** A BusinessException("E_BUSINESS", "no") thrown in HessianOracle.exception. */
  business:
    "9343302a696f2e647562626f636f6e736f6c652e64656d6f2e6170692e427573696e657373457863657074696f6e951473757070726573736564457863657074696f6e730a737461636b54726163650563617573650d64657461696c4d657373616765096572726f72436f646560701f6a6176612e7574696c2e436f6c6c656374696f6e7324456d7074794c697374731c5b6a6176612e6c616e672e537461636b5472616365456c656d656e74431b6a6176612e6c616e672e537461636b5472616365456c656d656e749806666f726d61740a6c696e654e756d6265720866696c654e616d650a6d6574686f644e616d650e6465636c6172696e67436c6173730d6d6f64756c6556657273696f6e0a6d6f64756c654e616d650f636c6173734c6f616465724e616d656191c8d6124865737369616e4f7261636c652e6a61766109657863657074696f6e3029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e036170706191c85c124865737369616e4f7261636c652e6a61766106616e737765723029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e036170706191c845124865737369616e4f7261636c652e6a617661046d61696e3029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e036170705190026e6f0a455f425553494e4553534805647562626f05322e302e325a",
  /** The same, as a generic call's GenericFilter wraps it: com.alibaba.dubbo.rpc.service.GenericException(exceptionClass, exceptionMessage, message = the printed stack). */
  generic:
    "9343302e636f6d2e616c69626162612e647562626f2e7270632e736572766963652e47656e65726963457863657074696f6e961473757070726573736564457863657074696f6e730a737461636b54726163650563617573650d64657461696c4d65737361676510657863657074696f6e4d6573736167650e657863657074696f6e436c61737360701f6a6176612e7574696c2e436f6c6c656374696f6e7324456d7074794c697374731c5b6a6176612e6c616e672e537461636b5472616365456c656d656e74431b6a6176612e6c616e672e537461636b5472616365456c656d656e749806666f726d61740a6c696e654e756d6265720866696c654e616d650a6d6574686f644e616d650e6465636c6172696e67436c6173730d6d6f64756c6556657273696f6e0a6d6f64756c654e616d650f636c6173734c6f616465724e616d656191c8de124865737369616e4f7261636c652e6a61766109657863657074696f6e3029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e036170706191c85c124865737369616e4f7261636c652e6a61766106616e737765723029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e036170706191c845124865737369616e4f7261636c652e6a617661046d61696e3029696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c654e4e0361707051903144696f2e647562626f636f6e736f6c652e64656d6f2e6170692e427573696e657373457863657074696f6e3a206e6f0a696f2e647562626f636f6e736f6c652e64656d6f2e6170692e427573696e657373457863657074696f6e3a206e6f0a09617420696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c652e657863657074696f6e284865737369616e4f7261636c652e6a6176613a323231290a09617420696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c652e616e73776572284865737369616e4f7261636c652e6a6176613a3932290a09617420696f2e647562626f636f6e736f6c652e64656d6f2e6f7261636c652e4865737369616e4f7261636c652e6d61696e284865737369616e4f7261636c652e6a6176613a3639290a026e6f302a696f2e647562626f636f6e736f6c652e64656d6f2e6170692e427573696e657373457863657074696f6e4805647562626f05322e302e325a",
};
const body = (hex: string) => Buffer.from(hex, "hex");
const ORACLE = "io.dubboconsole.demo.oracle.HessianOracle";

const definition = parseServiceDefinition(readFileSync(join(import.meta.dirname, "..", "..", "..", "fixtures", "registry", "definition-3.3.6-TypesService.json"), "utf8"));
if (!definition.ok) throw new Error(definition.reason);
const catalog = typeCatalogOf(definition.value.types);

describe("decodeResponseBody", () => {
  it("reads a POJO value with attachments (flag 4) as the issue's JSON", () => {
    const result = decodeResponseBody(body(JAVA.user));
    expect(result.kind).toBe("value");
    expect(result.attachments).toEqual({ dubbo: "2.0.2" });
    expect(result.kind === "value" && fromJava(result.value, { types: catalog })).toEqual({
      id: 7,
      name: "u",
      favouriteColor: "GREEN",
      address: { city: "Hangzhou", street: "S", zip: 310000 },
      previousAddresses: [],
      labels: { tier: "gold" },
      balance: "1241.50",
      createdAt: "2023-11-14T22:13:20.000Z",
    });
  });

  it("reads a long beyond 2^53 exactly", () => {
    expect(decodeResponseBody(body(JAVA.long))).toEqual({ kind: "value", value: 9007199254740993n, attachments: { dubbo: "2.0.2" } });
  });

  it("reads a void (null) result with attachments (flag 5)", () => {
    expect(decodeResponseBody(body(JAVA.void))).toEqual({ kind: "value", value: null, attachments: { dubbo: "2.0.2" } });
  });

  it("reads a thrown exception (flag 3) with its real class, message, stack and own fields", () => {
    expect(decodeResponseBody(body(JAVA.business))).toEqual({
      kind: "exception",
      exception: {
        class: "io.dubboconsole.demo.api.BusinessException",
        message: "no",
        stackTrace: [`${ORACLE}.exception(HessianOracle.java:214)`, `${ORACLE}.answer(HessianOracle.java:92)`, `${ORACLE}.main(HessianOracle.java:69)`],
        fields: { errorCode: "E_BUSINESS" },
      },
      attachments: { dubbo: "2.0.2" },
    });
  });

  it("unwraps a generic call's GenericException to the exception it names, with the stack printed in its message", () => {
    expect(decodeResponseBody(body(JAVA.generic))).toEqual({
      kind: "exception",
      exception: {
        class: "io.dubboconsole.demo.api.BusinessException",
        message: "no",
        stackTrace: [`${ORACLE}.exception(HessianOracle.java:221)`, `${ORACLE}.answer(HessianOracle.java:92)`, `${ORACLE}.main(HessianOracle.java:69)`],
        wrappedIn: "com.alibaba.dubbo.rpc.service.GenericException",
      },
      attachments: { dubbo: "2.0.2" },
    });
  });

  it("unwraps the RuntimeException a provider's ExceptionFilter puts an undeclared exception in", () => {
    // new RuntimeException(StringUtils.toString(new x.Boom("two\nlines"))), as ExceptionFilter.onResponse does.
    const printed = "x.Boom: two\nlines\nx.Boom: two\nlines\n\tat x.Svc.run(Svc.java:7)\n\tat x.Main.main(Main.java:3)\nCaused by: java.io.IOException: disk\n\tat x.Disk.read(Disk.java:1)\n";
    const thrown = new JavaObject("java.lang.RuntimeException", { detailMessage: printed, stackTrace: [], cause: null });
    expect(decodeResponseBody(encodeHessian([0, thrown]))).toEqual({
      kind: "exception",
      exception: { class: "x.Boom", message: "two\nlines", stackTrace: ["x.Svc.run(Svc.java:7)", "x.Main.main(Main.java:3)"], wrappedIn: "java.lang.RuntimeException" },
      attachments: {},
    });
    const plain = new JavaObject("java.lang.RuntimeException", { detailMessage: "just a message", stackTrace: [], cause: null });
    expect(decodeResponseBody(encodeHessian([0, plain]))).toEqual({ kind: "exception", exception: { class: "java.lang.RuntimeException", message: "just a message", stackTrace: [] }, attachments: {} });
  });

  it("reads the flags old protocol versions get: 0, 1 and 2 carry no attachments", () => {
    const thrown = new JavaObject("java.lang.IllegalStateException", { detailMessage: "bad", stackTrace: [], cause: null });
    expect(decodeResponseBody(encodeHessian([0, thrown]))).toEqual({ kind: "exception", exception: { class: "java.lang.IllegalStateException", message: "bad", stackTrace: [] }, attachments: {} });
    expect(decodeResponseBody(encodeHessian([1, "x"]))).toEqual({ kind: "value", value: "x", attachments: {} });
    expect(decodeResponseBody(encodeHessian([2]))).toEqual({ kind: "value", value: null, attachments: {} });
  });

  it("gives non-string attachment values as their JSON text", () => {
    const attachments = new Map<string, unknown>([["n", 5], ["s", "x"], ["l", [1, 2]], ["gone", null]]);
    expect(decodeResponseBody(encodeHessian([5, attachments as Map<string, never>])).attachments).toEqual({ n: "5", s: "x", l: "[1,2]" });
  });

  it.each([
    ["an unknown flag", encodeHessian([6, "x"])],
    ["a flag that is not an int", encodeHessian(["4", "x"])],
    ["an exception that is not an object", encodeHessian([3, "x", new Map()])],
    ["attachments that are not a map", encodeHessian([4, "x", "y"])],
    ["an empty body", Buffer.alloc(0)],
  ])("refuses %s with a CodecError", (_name, bytes) => {
    expect(() => decodeResponseBody(bytes)).toThrow(CodecError);
  });

  it("ends every truncation of a Java body in a CodecError", () => {
    for (const hex of Object.values(JAVA)) {
      const whole = body(hex);
      for (let cut = 0; cut < whole.length; cut++) expect(() => decodeResponseBody(whole.subarray(0, cut)), `cut at ${cut}`).toThrow(CodecError);
    }
  });
});

describe("errorOfStatus", () => {
  const message = encodeHessian(["Not found exported service: x.Svc:20880"]);

  it.each([
    [25, "SERIALIZATION_ERROR"],
    [35, "CHANNEL_INACTIVE"],
    [40, "BAD_REQUEST"],
    [50, "BAD_RESPONSE"],
    [60, "SERVICE_NOT_FOUND"],
    [70, "SERVICE_ERROR"],
    [80, "SERVER_ERROR"],
    [90, "CLIENT_ERROR"],
    [100, "SERVER_THREADPOOL_EXHAUSTED_ERROR"],
    [7, "UNKNOWN_7"],
  ])("maps status %i to a remote_error named %s, with the provider's message", (status, name) => {
    const error = errorOfStatus(status, message, "10.0.0.1:20880");
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.code).toBe("remote_error");
    expect(error.details).toEqual({ address: "10.0.0.1:20880", status, statusName: name, remoteMessage: "Not found exported service: x.Svc:20880" });
    expect(error.message).toBe(`10.0.0.1:20880 answered ${name} (status ${status}): Not found exported service: x.Svc:20880`);
  });

  it.each([30, 31])("maps status %i to a timeout", (status) => {
    const error = errorOfStatus(status, encodeHessian(["waited 3000 ms"]), "h:1");
    expect(error).toBeInstanceOf(RemoteTimeoutError);
    expect(error.code).toBe("timeout");
  });

  it("reads a message a Dubbo 3.2 provider wrote with fastjson2 (JSONB after a 4-byte length)", () => {
    // FastJson2ObjectOutput.writeUTF("Fail"): 4-byte length, then JSONB's short ASCII string 0x49 + 4.
    const jsonb = Buffer.from("000000054d4661696c", "hex");
    expect((errorOfStatus(40, jsonb, "h:1", 23) as RemoteError).remoteMessage).toBe("Fail");
    // A UTF-8 message: BC_STR_UTF8 (0x7a), its byte length 6 as a one-byte JSONB int, "héllo".
    expect((errorOfStatus(40, Buffer.from("00000008" + "7a" + "06" + "68c3a96c6c6f", "hex"), "h:1", 23) as RemoteError).remoteMessage).toBe("héllo");
  });

  it("still gives an error for a message it cannot read, or none", () => {
    expect((errorOfStatus(70, Buffer.from("ff00", "hex"), "h:1") as RemoteError).remoteMessage).toBe("(a 2-byte message in serialization 2 the console cannot read)");
    expect((errorOfStatus(70, Buffer.alloc(0), "h:1") as RemoteError).remoteMessage).toBe("(no message)");
    expect((errorOfStatus(70, encodeHessian([null]), "h:1") as RemoteError).remoteMessage).toBe("(no message)");
  });
});
