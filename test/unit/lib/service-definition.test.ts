import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareMethods, parseServiceDefinition, type ServiceDefinition } from "@/lib/dubbo/service-definition";
import { FAULT_METHODS, TYPES_METHODS, USER_PROPERTIES } from "../../support/demo-signatures";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

function parsed(json: string): ServiceDefinition {
  const result = parseServiceDefinition(json);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function reason(json: string): string {
  const result = parseServiceDefinition(json);
  if (result.ok) throw new Error("expected a rejection");
  return result.reason;
}

const typeOf = (def: ServiceDefinition, name: string) => def.types.find((t) => t.type === name);

describe("service definitions written by Dubbo 2.7.23 (fastjson, nested types with $ref)", () => {
  const def = parsed(fixture("definition-2.7.23-TypesService.json"));

  it("reads every TypesService method exactly, each overload its own entry", () => {
    expect(def.canonicalName).toBe("io.dubboconsole.demo.api.TypesService");
    expect(def.methods).toEqual(TYPES_METHODS);
  });

  it("flattens nested type definitions and resolves $ref to the type they point at", () => {
    expect(typeOf(def, "io.dubboconsole.demo.api.User")).toEqual({ type: "io.dubboconsole.demo.api.User", items: [], enums: [], properties: USER_PROPERTIES });
    // Address is written inside User's properties; its String fields are {"$ref":"$.types[0]"}.
    expect(typeOf(def, "io.dubboconsole.demo.api.Address")).toEqual({
      type: "io.dubboconsole.demo.api.Address",
      items: [],
      enums: [],
      properties: { zip: "int", city: "java.lang.String", street: "java.lang.String" },
    });
    expect(typeOf(def, "io.dubboconsole.demo.api.Color")).toEqual({ type: "io.dubboconsole.demo.api.Color", items: [], enums: ["RED", "GREEN", "BLUE"], properties: {} });
    expect(typeOf(def, "java.util.Map<java.lang.String,java.lang.String>")?.items).toEqual(["java.lang.String", "java.lang.String"]);
    expect(def.types.map((t) => t.type)).toEqual([...new Set(def.types.map((t) => t.type))].sort((a, b) => a.localeCompare(b)));
  });

  it("keeps the provider URL parameters it was exported with", () => {
    expect(def.parameters).toMatchObject({ group: "demo", version: "1.0.0", interface: "io.dubboconsole.demo.api.TypesService", release: "2.7.23" });
  });

  it("reads FaultService's generic return type", () => {
    expect(parsed(fixture("definition-2.7.23-FaultService.json")).methods).toEqual(FAULT_METHODS);
  });
});

describe("service definitions written by Dubbo 3.3.6 (flat types named by string)", () => {
  const def = parsed(fixture("definition-3.3.6-TypesService.json"));

  it("reads the same signatures as 2.7.23", () => {
    expect(def.methods).toEqual(TYPES_METHODS);
  });

  it("reads types whose items and properties are type names", () => {
    expect(typeOf(def, "io.dubboconsole.demo.api.User")?.properties).toEqual(USER_PROPERTIES);
    expect(typeOf(def, "io.dubboconsole.demo.api.User[]")).toEqual({ type: "io.dubboconsole.demo.api.User[]", items: ["io.dubboconsole.demo.api.User"], enums: [], properties: {} });
    expect(typeOf(def, "java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>")?.items).toEqual([
      "java.lang.String",
      "java.util.List<io.dubboconsole.demo.api.Address>",
    ]);
    expect(typeOf(def, "int[]")?.items).toEqual(["int"]);
    expect(def.codeSource).toMatch(/^file:.*\/dubbo-3\.3\/target\/classes\/$/);
  });
});

describe("method order", () => {
  it("sorts by name, then by number of parameters, then by parameter types", () => {
    const m = (name: string, parameterTypes: string[]) => ({ name, parameterTypes, returnType: "void" });
    const sorted = [m("b", []), m("a", ["z"]), m("a", ["b", "c"]), m("a", ["y"]), m("a", [])].sort(compareMethods);
    expect(sorted).toEqual([m("a", []), m("a", ["y"]), m("a", ["z"]), m("a", ["b", "c"]), m("b", [])]);
  });
});

describe("fastjson references", () => {
  const doc = (types: unknown[]) => JSON.stringify({ canonicalName: "a.B", methods: [], types });
  const node = { type: "a.Node", properties: { next: { $ref: ".." }, self: { $ref: "@" } } };

  it("resolves .. to the enclosing definition and @ to the object holding the reference", () => {
    // `..` from inside `properties` is the Node definition; `@` is the properties map, which is no type.
    expect(reason(doc([node]))).toBe('service definition JSON: types.0.properties.self: $ref "@" does not lead to a type definition');
    const ok = parsed(doc([{ type: "a.Node", properties: { next: { $ref: ".." } } }]));
    expect(ok.types).toEqual([{ type: "a.Node", items: [], enums: [], properties: { next: "a.Node" } }]);
  });

  it("resolves bracketed names and indexes from the document root", () => {
    const def = parsed(doc([{ type: "x.Y", properties: { "odd.name": { type: "int" } } }, { $ref: '$.types[0].properties["odd.name"]' }]));
    expect(def.types.map((t) => t.type)).toEqual(["int", "x.Y"]);
  });

  it("resolves names whose characters fastjson 1.2.83 escaped with a backslash", () => {
    // As 2.7.23 refers to the second String field of a protoc-generated class: {"$ref":"$.types[5].properties.city\\_"}.
    const def = parsed(doc([{ type: "x.Y", properties: { city_: { type: "java.lang.Object" }, "a.b": { type: "int" } } }, { $ref: "$.types[0].properties.city\\_" }, { $ref: "$.types[0].properties.a\\.b" }]));
    expect(def.types.map((t) => t.type)).toEqual(["int", "java.lang.Object", "x.Y"]);
  });

  it("reads 2.7.23's definitions of protoc-generated classes, whose $refs are escaped", () => {
    const def = parsed(fixture("definition-2.7.23-Quotes.json"));
    expect(typeOf(def, "io.dubboconsole.demo.idl.Address")?.properties).toMatchObject({ city_: "java.lang.Object", zip_: "java.lang.Object" });
  });
});

describe("element types Dubbo could not name", () => {
  it("reads 2.7.23's null items (a type variable) as 3.3.6 writes them: none", () => {
    // From definition-2.7.23-RichQuotes.json: protobuf's MapField.mapData.
    const def = parsed(JSON.stringify({ canonicalName: "a.B", methods: [], types: [{ type: "com.google.protobuf.MapField$MutabilityAwareMap<K,V>", items: [null, null], properties: {} }] }));
    expect(def.types).toEqual([{ type: "com.google.protobuf.MapField$MutabilityAwareMap<K,V>", items: [], enums: [], properties: {} }]);
    expect(typeOf(parsed(fixture("definition-2.7.23-RichQuotes.json")), "com.google.protobuf.MapField$MutabilityAwareMap<K,V>")?.items).toEqual([]);
  });
});

describe("malformed definitions are rejected with the reason", () => {
  it.each([
    ["{not json", /^service definition JSON is not JSON \(.*\): "\{not json"$/],
    ['{"canonicalName":"a.B"}', /^service definition JSON: methods: /],
    ['{"canonicalName":"a.B","methods":[{"name":"m","parameterTypes":"int","returnType":"void"}]}', /^service definition JSON: methods\.0\.parameterTypes: /],
    ['{"canonicalName":"a.B","methods":[{"name":"m","parameterTypes":[],"returnType":null}]}', /^service definition JSON: methods\.0\.returnType: /],
    ['{"canonicalName":"a.B","methods":[],"types":[{"$ref":"$.types[9]"}]}', /^service definition JSON: types\.0: \$ref "\$\.types\[9\]" does not lead to a type definition$/],
    ['{"canonicalName":"a.B","methods":[],"types":[{"items":[]}]}', /^service definition JSON: types\.0: type definition: type: /],
    ['{"canonicalName":"a.B","methods":[],"parameters":{"timeout":1000}}', /^service definition JSON: parameters\.timeout: /],
  ])("%s", (json, expected) => {
    expect(reason(json)).toMatch(expected);
  });
});
