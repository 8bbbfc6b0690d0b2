import { describe, expect, it } from "vitest";
import { methodSignature, shortJavaType, simpleTypeName, tokenizeJavaType } from "@/lib/format/java-type";

describe("shortJavaType", () => {
  it.each([
    ["int", "int"],
    ["byte[]", "byte[]"],
    ["io.dubboconsole.demo.api.User[]", "User[]"],
    ["java.util.List<io.dubboconsole.demo.api.User>", "List<User>"],
    ["java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>", "Map<String, List<Address>>"],
    ["java.util.Map<java.lang.String, java.lang.Integer>", "Map<String, Integer>"],
    ["java.util.List<? extends java.lang.Number>", "List<? extends Number>"],
    ["io.x.Outer$Inner", "Outer.Inner"],
    ["java.util.List<int[]>[]", "List<int[]>[]"],
  ])("shortens %s to %s", (type, short) => {
    expect(shortJavaType(type)).toBe(short);
  });
});

describe("tokenizeJavaType", () => {
  it("keeps every full name, and the brackets of nested generics and arrays as single pieces", () => {
    expect(tokenizeJavaType("java.util.Map<java.lang.String,java.util.List<io.x.A[]>>")).toEqual([
      { kind: "name", name: "java.util.Map", simple: "Map" },
      { kind: "punct", text: "<" },
      { kind: "name", name: "java.lang.String", simple: "String" },
      { kind: "punct", text: ", " },
      { kind: "name", name: "java.util.List", simple: "List" },
      { kind: "punct", text: "<" },
      { kind: "name", name: "io.x.A", simple: "A" },
      { kind: "punct", text: "[]>>" },
    ]);
  });

  it("gives the name back whole when it has no package", () => {
    expect(simpleTypeName("long")).toBe("long");
  });
});

describe("methodSignature", () => {
  it("writes return type, name and parameter types as Java declares them", () => {
    expect(methodSignature({ name: "describe", parameterTypes: ["java.lang.String", "int"], returnType: "java.lang.String" })).toBe(
      "java.lang.String describe(java.lang.String, int)",
    );
    expect(methodSignature({ name: "ping", parameterTypes: [], returnType: "void" })).toBe("void ping()");
  });
});
