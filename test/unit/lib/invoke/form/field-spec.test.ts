import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { isNullable, isScalar, TypeResolver } from "@/lib/invoke/form/field-spec";
import { scalarFromJson, scalarToJson } from "@/lib/invoke/scalar-value";
import { USER_PROPERTIES } from "../../../../support/demo-signatures";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "..", "fixtures", "registry");

function typesOf(file: string) {
  const parsed = parseServiceDefinition(readFileSync(join(FIXTURES, file), "utf8"));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value.types;
}

const USER = "io.dubboconsole.demo.api.User";

describe.each(["definition-2.7.23-TypesService.json", "definition-3.3.6-TypesService.json"])("field specs from %s", (file) => {
  const types = new TypeResolver(typesOf(file));

  it("reads User as a POJO of its properties, sorted by name", () => {
    const spec = types.spec(USER);
    expect(spec.kind).toBe("object");
    if (spec.kind !== "object") return;
    expect(spec.properties).toEqual(Object.entries(USER_PROPERTIES).map(([name, type]) => ({ name, type })).sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("reads Color as an enum of its constants", () => {
    expect(types.spec("io.dubboconsole.demo.api.Color")).toEqual({ kind: "enum", type: "io.dubboconsole.demo.api.Color", constants: ["RED", "GREEN", "BLUE"] });
  });

  it("reads arrays, lists, sets and maps with their element, key and value types", () => {
    expect(types.spec(`${USER}[]`)).toEqual({ kind: "list", type: `${USER}[]`, collection: "array", element: USER });
    expect(types.spec("java.util.Set<java.lang.Integer>")).toEqual({ kind: "list", type: "java.util.Set<java.lang.Integer>", collection: "set", element: "java.lang.Integer" });
    expect(types.spec("java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>")).toMatchObject({
      kind: "map",
      key: "java.lang.String",
      value: "java.util.List<io.dubboconsole.demo.api.Address>",
    });
  });
});

describe("field specs of the JDK's types, without metadata", () => {
  const types = new TypeResolver();

  it.each([
    ["byte", { kind: "integer", bits: 8, nullable: false }],
    ["short", { kind: "integer", bits: 16, nullable: false }],
    ["int", { kind: "integer", bits: 32, nullable: false }],
    ["long", { kind: "integer", bits: 64, nullable: false }],
    ["java.lang.Long", { kind: "integer", bits: 64, nullable: true }],
    ["double", { kind: "float", bits: 64, nullable: false }],
    ["java.lang.Float", { kind: "float", bits: 32, nullable: true }],
    ["boolean", { kind: "boolean", nullable: false }],
    ["char", { kind: "char", nullable: false }],
    ["java.lang.Character", { kind: "char", nullable: true }],
    ["java.lang.String", { kind: "string" }],
    ["java.math.BigDecimal", { kind: "decimal" }],
    ["java.math.BigInteger", { kind: "bigint" }],
    ["java.util.Date", { kind: "date" }],
    ["byte[]", { kind: "bytes" }],
    ["java.lang.Byte[]", { kind: "list", collection: "array", element: "java.lang.Byte" }],
    ["int[][]", { kind: "list", collection: "array", element: "int[]" }],
    ["java.util.List", { kind: "list", collection: "list", element: "java.lang.Object" }],
    ["java.util.HashMap<java.lang.Integer, java.lang.String>", { kind: "map", key: "java.lang.Integer", value: "java.lang.String" }],
    ["java.lang.Object", { kind: "json" }],
  ])("%s", (type, expected) => {
    expect(types.spec(type)).toMatchObject(expected);
  });

  it("says why a type gets free JSON: undescribed classes, maps with keys JSON cannot carry, bad names", () => {
    expect(types.spec("io.x.Unknown")).toEqual({ kind: "json", type: "io.x.Unknown", why: "the metadata does not describe io.x.Unknown" });
    expect(types.spec("java.util.Map<io.x.Key,java.lang.String>")).toMatchObject({ kind: "json", why: "its keys (io.x.Key) cannot be the keys of a JSON object" });
    expect(types.spec("int[")).toMatchObject({ kind: "json", why: '"int[" is not a Java type name' });
  });

  it("knows which types can be null: all but the primitives", () => {
    expect(["int", "boolean", "char", "double"].map((t) => isNullable(types.spec(t)))).toEqual([false, false, false, false]);
    expect(["java.lang.Integer", "java.lang.String", "int[]", "java.util.Date", "io.x.Unknown"].map((t) => isNullable(types.spec(t)))).toEqual([true, true, true, true, true]);
  });
});

describe("a type that refers to itself", () => {
  const types = new TypeResolver([{ type: "io.x.Node", items: [], enums: [], properties: { value: "int", next: "io.x.Node", children: "java.util.List<io.x.Node>" } }]);

  it("is read once and names itself in its properties, without expanding them", () => {
    const spec = types.spec("io.x.Node");
    expect(spec).toEqual({
      kind: "object",
      type: "io.x.Node",
      properties: [
        { name: "children", type: "java.util.List<io.x.Node>" },
        { name: "next", type: "io.x.Node" },
        { name: "value", type: "int" },
      ],
    });
    expect(types.spec("io.x.Node")).toBe(spec);
  });
});

describe("java.time values and Calendar in the form (issue 15, item 16)", () => {
  // What a provider's metadata says of ZonedDateTime: its internal fields, which the form must not ask for.
  const types = new TypeResolver([{ type: "java.time.ZonedDateTime", items: [], enums: [], properties: { dateTime: "java.time.LocalDateTime", offset: "java.time.ZoneOffset", zone: "java.time.ZoneId" } }]);

  it.each([
    ["java.time.ZonedDateTime", "2024-05-01T08:30:15+08:00[Asia/Shanghai]"],
    ["java.time.OffsetDateTime", "2024-05-01T08:30:15+08:00"],
    ["java.time.OffsetTime", "08:30:15+08:00"],
    ["java.time.Duration", "PT1H30M"],
    ["java.time.Period", "P1Y2M3D"],
    ["java.time.ZoneId", "Asia/Shanghai"],
    ["java.util.Calendar", "2024-05-01T08:30:15.123+08:00"],
    ["java.time.LocalDate", "2024-05-01"],
  ])("asks for %s as one line of ISO-8601 text, like %s", (type, example) => {
    const spec = types.spec(type);
    expect(spec).toEqual({ kind: "temporal", type, example });
    expect(isScalar(spec) && scalarToJson(spec, ` ${example} `)).toEqual({ ok: true, value: example });
    expect(isScalar(spec) && scalarFromJson(spec, example)).toEqual({ ok: true, value: example });
    expect(isScalar(spec) && scalarFromJson(spec, { dateTime: "x" })).toMatchObject({ ok: false });
  });
});

describe("type names read by the one Java type parser (lib/dubbo/java-type-ref.ts)", () => {
  const types = new TypeResolver([{ type: "io.x.Outer.Inner", items: [], enums: ["A", "B"], properties: {} }]);

  it("reads a java.lang simple name as the java.lang class", () => {
    expect(types.spec("String")).toEqual({ kind: "string", type: "java.lang.String" });
    expect(types.spec("java.util.List<Long>")).toEqual({ kind: "list", type: "java.util.List<java.lang.Long>", collection: "list", element: "java.lang.Long" });
  });

  it("finds a nested class's definition under its canonical and its binary name", () => {
    expect(types.spec("io.x.Outer.Inner")).toEqual({ kind: "enum", type: "io.x.Outer$Inner", constants: ["A", "B"] });
    expect(types.spec("io.x.Outer$Inner")).toEqual({ kind: "enum", type: "io.x.Outer$Inner", constants: ["A", "B"] });
  });

  it("reads the JVM's array names and a type variable as Object", () => {
    expect(types.spec("[I")).toEqual({ kind: "list", type: "int[]", collection: "array", element: "int" });
    expect(types.spec("[B")).toEqual({ kind: "bytes", type: "byte[]" });
    expect(types.spec("T")).toMatchObject({ kind: "json", type: "java.lang.Object" });
  });

  it("refuses varargs inside type arguments", () => {
    expect(types.spec("java.util.List<int...>")).toMatchObject({ kind: "json", why: '"java.util.List<int...>" is not a Java type name' });
  });
});
