import { describe, expect, it } from "vitest";
import type { ServiceMethods } from "@/lib/dubbo/service-methods";
import { callSignature } from "@/server/governance/invoke/invoke-signature";

/** A definition with a void method, an overload and a generic parameter, as the metadata report gives them. */
const DEFINED: ServiceMethods = {
  source: "definition",
  application: "demo",
  path: "/dubbo/metadata/x",
  types: [],
  methods: [
    { name: "ping", parameterTypes: [], returnType: "void" },
    { name: "describe", parameterTypes: ["int"], returnType: "java.lang.String" },
    { name: "describe", parameterTypes: ["java.lang.String", "int"], returnType: "java.lang.CharSequence" },
    { name: "names", parameterTypes: ["java.util.List<java.lang.String>"], returnType: "java.util.Set<java.lang.String>" },
  ],
};

describe("the return type a call's answer carries", () => {
  it("is the metadata's for the one method of the name, void included", () => {
    expect(callSignature("ping", undefined, [], DEFINED).returnType).toBe("void");
  });

  it("is the overload's that the given parameter types name, compared erased", () => {
    expect(callSignature("describe", ["java.lang.String", "int"], ["a", 1], DEFINED).returnType).toBe("java.lang.CharSequence");
    expect(callSignature("describe", ["int"], [1], DEFINED).returnType).toBe("java.lang.String");
    expect(callSignature("names", ["java.util.List"], [[]], DEFINED).returnType).toBe("java.util.Set<java.lang.String>");
  });

  it("matches an overload however its types are spelt: java.lang simple names, JVM array names, nested names", () => {
    expect(callSignature("describe", ["String", "int"], ["a", 1], DEFINED).returnType).toBe("java.lang.CharSequence");
    expect(callSignature("names", ["java.util.List<String>"], [[]], DEFINED).returnType).toBe("java.util.Set<java.lang.String>");
    const nested: ServiceMethods = { ...DEFINED, methods: [{ name: "all", parameterTypes: ["io.x.Outer.Inner[]"], returnType: "int" }] };
    expect(callSignature("all", ["[Lio.x.Outer$Inner;"], [[]], nested).returnType).toBe("int");
  });

  it("is unknown (null) without a definition, or for types no overload has", () => {
    expect(callSignature("describe", ["long"], [1], DEFINED).returnType).toBeNull();
    expect(callSignature("ping", undefined, [], { source: "url", methods: [{ name: "ping", parameterTypes: null, returnType: null }] }).returnType).toBeNull();
    expect(callSignature("ping", [], [], { source: "none", methods: [] }).returnType).toBeNull();
  });
});

describe("a call with arguments and no parameter types, without a definition", () => {
  const URL_NAMES: ServiceMethods = { source: "url", methods: [{ name: "greet", parameterTypes: null, returnType: null }] };

  it("is refused at parameterTypes when a dubbo provider may take it", () => {
    expect(() => callSignature("greet", undefined, ["x"], URL_NAMES)).toThrow(expect.objectContaining({ code: "invalid_arguments", issues: [expect.objectContaining({ path: "parameterTypes" })] }));
  });

  it("goes with its types unknown when only tri providers may take it (Triple's JSON path)", () => {
    expect(callSignature("greet", undefined, ["x"], URL_NAMES, true)).toEqual({ parameterTypes: [], types: null, returnType: null });
    expect(callSignature("greet", undefined, ["x"], { source: "none", methods: [] }, true).parameterTypes).toEqual([]);
  });

  it("still takes the definition's types when there is one, tri or not", () => {
    expect(callSignature("describe", undefined, [1], { ...DEFINED, methods: [DEFINED.methods[1]!] }, true).parameterTypes).toEqual(["int"]);
  });
});
