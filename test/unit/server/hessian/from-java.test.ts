import { describe, expect, it } from "vitest";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { JavaObject } from "@/server/protocol/hessian/java/java-values";
import { typeCatalogOf } from "@/server/protocol/hessian/type-catalog";

const object = (className: string, fields: Record<string, unknown>) => new JavaObject(className, fields as JavaObject["fields"]);

describe("fromJava", () => {
  it("gives longs as numbers up to 2^53−1 and as decimal strings beyond", () => {
    expect(fromJava([9007199254740991, 9007199254740993n, -9223372036854775808n])).toEqual([9007199254740991, "9007199254740993", "-9223372036854775808"]);
  });

  it("gives doubles JSON cannot hold as words, and -0.0 as 0", () => {
    expect(fromJava([NaN, Infinity, -Infinity, -0, 0.1])).toEqual(["NaN", "Infinity", "-Infinity", 0, 0.1]);
    expect(Object.is(fromJava(-0), 0)).toBe(true);
  });

  it("gives Dates as ISO-8601 UTC with milliseconds, byte[] as base64", () => {
    expect(fromJava([new Date(-1), Buffer.from([1, 2, 3])])).toEqual(["1969-12-31T23:59:59.999Z", "AQID"]);
  });

  it("gives BigDecimal as Java prints it and BigInteger as a decimal string", () => {
    expect(fromJava(object("java.math.BigDecimal", { value: "1E+3" }))).toBe("1E+3");
    expect(fromJava(object("java.math.BigInteger", { signum: -1, mag: [1, 0], bitCountPlusOne: 0 }))).toBe("-4294967296");
    expect(fromJava(object("java.math.BigInteger", { signum: 1, mag: [-1] }))).toBe("4294967295");
    expect(fromJava(object("java.math.BigInteger", { signum: 0, mag: [] }))).toBe("0");
  });

  it("gives enums (one field, name) as the constant's name, unless the catalog knows the class as a POJO", () => {
    const tag = object("x.Tag", { name: "red" });
    expect(fromJava(tag)).toBe("red");
    const catalog = typeCatalogOf([{ type: "x.Tag", items: [], enums: [], properties: { name: "java.lang.String" } }]);
    expect(fromJava(tag, { types: catalog })).toEqual({ name: "red" });
  });

  it("gives maps as objects, keys as text", () => {
    const map = new Map<unknown, unknown>([
      [1, "a"],
      [9007199254740993n, "b"],
      [object("x.Color", { name: "RED" }), "c"],
      [object("x.Point", { x: 1 }), "d"],
      ["__proto__", "e"],
    ]);
    const json = fromJava(map) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(["1", "9007199254740993", "RED", '{"x":1}', "__proto__"]);
    expect(json["__proto__"]).toBe("e");
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
  });

  it("drops the \"class\" entry PojoUtils.generalize puts in a generic call's POJOs", () => {
    const generalized = new Map<unknown, unknown>([["class", "x.User"], ["name", "u"], ["address", new Map<string, unknown>([["class", "x.Address"], ["zip", 1]])]]);
    expect(fromJava(generalized, { generic: true })).toEqual({ name: "u", address: { zip: 1 } });
    expect(fromJava(generalized)).toEqual({ class: "x.User", name: "u", address: { class: "x.Address", zip: 1 } });
  });

  it("gives UUID, Locale and File as their text", () => {
    expect(fromJava(object("java.util.UUID", { value: "123e4567-e89b-12d3-a456-426614174000" }))).toBe("123e4567-e89b-12d3-a456-426614174000");
    expect(fromJava(object("com.alibaba.com.caucho.hessian.io.LocaleHandle", { value: "zh_CN" }))).toBe("zh_CN");
  });

  it("names a cycle instead of recursing forever", () => {
    const fields: Record<string, unknown> = { name: "n" };
    const node = object("x.Node", fields);
    fields.self = node;
    expect(fromJava(node)).toEqual({ name: "n", self: "(cycle: x.Node)" });
  });

  it("gives an exception as { class, message, stackTrace } with its cause", () => {
    const frame = object("java.lang.StackTraceElement", { declaringClass: "x.A", methodName: "run", fileName: "A.java", lineNumber: 3, format: 1, classLoaderName: "app", moduleName: null });
    const cause = object("java.io.IOException", { detailMessage: "disk", stackTrace: [], cause: null });
    const native = object("java.lang.StackTraceElement", { declaringClass: "java.lang.Thread", methodName: "sleep", fileName: "Thread.java", lineNumber: -2, format: 3, moduleName: "java.base", moduleVersion: "17.0.15" });
    const thrown = object("x.MyError", { detailMessage: null, stackTrace: [frame, native], cause, suppressedExceptions: [], code: 7 });
    expect(fromJava(thrown)).toEqual({
      class: "x.MyError",
      message: null,
      stackTrace: ["x.A.run(A.java:3)", "java.base/java.lang.Thread.sleep(Native Method)"],
      cause: { class: "java.io.IOException", message: "disk", stackTrace: [] },
      fields: { code: 7 },
    });
  });

  it("prints a frame from a named class loader and a versioned module as the JDK does", () => {
    const frame = object("java.lang.StackTraceElement", { classLoaderName: "plugin", moduleName: "lib", moduleVersion: "2.1", declaringClass: "x.B", methodName: "m", fileName: null, lineNumber: -1, format: 0 });
    const thrown = object("x.E", { detailMessage: "m", stackTrace: [frame], cause: null });
    expect((fromJava(thrown) as { stackTrace: string[] }).stackTrace).toEqual(["plugin/lib@2.1/x.B.m(Unknown Source)"]);
  });
});
