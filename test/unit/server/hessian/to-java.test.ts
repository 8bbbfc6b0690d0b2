import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type JavaTypeRef, parseJavaType } from "@/lib/dubbo/java-type-ref";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { JavaDouble, JavaList, JavaMap, JavaObject } from "@/server/protocol/hessian/java/java-values";
import { toJava } from "@/server/protocol/hessian/to-java";
import { EMPTY_TYPE_CATALOG, typeCatalogOf } from "@/server/protocol/hessian/type-catalog";

const definition = parseServiceDefinition(readFileSync(join(import.meta.dirname, "..", "..", "..", "fixtures", "registry", "definition-3.3.6-TypesService.json"), "utf8"));
if (!definition.ok) throw new Error(definition.reason);
const demo = typeCatalogOf(definition.value.types);
const API = "io.dubboconsole.demo.api";

function type(text: string): JavaTypeRef {
  const parsed = parseJavaType(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.type;
}

const java = (t: string, json: unknown, catalog = demo) => toJava(type(t), json, catalog, "args[0]");

function refusal(t: string, json: unknown, catalog = demo): { path: string; message: string } {
  try {
    java(t, json, catalog);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentsError);
    return (e as InvalidArgumentsError).issues[0]!;
  }
  throw new Error("accepted");
}

describe("toJava scalars", () => {
  it("reads longs from safe numbers or decimal strings, exactly", () => {
    expect(java("long", 5)).toBe(5n);
    expect(java("java.lang.Long", "9007199254740993")).toBe(9007199254740993n);
    expect(java("long", "-9223372036854775808")).toBe(-9223372036854775808n);
    expect(refusal("long", 9007199254740993).message).toContain("send the long as a decimal string");
    expect(refusal("long", "9223372036854775808").message).toContain("out of the long range");
    expect(refusal("long", 1.5).message).toContain("whole number");
  });

  it("reads ints, shorts and bytes within their ranges", () => {
    expect(java("int", -2147483648)).toBe(-2147483648);
    expect(java("short", 32767)).toBe(32767);
    expect(java("java.lang.Byte", -128)).toBe(-128);
    expect(refusal("byte", 128).message).toBe("byte: expected a whole number from -128 to 127, got 128");
    expect(refusal("int", "5").message).toContain('got "5"');
  });

  it("reads doubles, and the words JSON cannot hold as numbers", () => {
    expect(java("double", 2)).toEqual(new JavaDouble(2));
    expect(java("java.lang.Double", "NaN")).toEqual(new JavaDouble(NaN));
    expect(java("double", "-Infinity")).toEqual(new JavaDouble(-Infinity));
  });

  it("writes a boxed float as Java does (its shortest decimal) and a float field widened", () => {
    expect(java("float", 0.1)).toEqual(new JavaDouble(0.1));
    expect(java("java.lang.Float", 3.14159)).toEqual(new JavaDouble(3.14159));
    expect(java("float[]", [0.1])).toEqual(new JavaList("[float", [new JavaDouble(Math.fround(0.1))]));
  });

  it("refuses null for a primitive, and takes it for a boxed type", () => {
    expect(refusal("int", null).message).toBe("int: a primitive cannot be null");
    expect(java("java.lang.Integer", null)).toBe(null);
  });

  it("reads chars as one UTF-16 unit, and char[] as a string", () => {
    expect(java("char", "é")).toBe("é");
    expect(refusal("char", "😀").message).toContain("one-character string");
    expect(java("char[]", "héllo")).toBe("héllo");
  });

  it("reads BigDecimal into Java's own toString of it, and BigInteger into its fields", () => {
    expect(java("java.math.BigDecimal", "+0001.50")).toEqual(new JavaObject("java.math.BigDecimal", { value: "1.50" }));
    expect(java("java.math.BigDecimal", "-0.0000001")).toEqual(new JavaObject("java.math.BigDecimal", { value: "-1E-7" }));
    expect(java("java.math.BigDecimal", 12.5)).toEqual(new JavaObject("java.math.BigDecimal", { value: "12.5" }));
    expect(refusal("java.math.BigDecimal", "1,5").message).toContain("decimal string");
    expect(java("java.math.BigInteger", "-4294967296")).toEqual(new JavaObject("java.math.BigInteger", { signum: -1, mag: new JavaList("[int", [1, 0]) }));
  });

  it("reads Dates from ISO-8601 with a zone, or epoch milliseconds", () => {
    expect(java("java.util.Date", "1969-07-20T20:17:40.123Z")).toEqual(new Date(-14182939877));
    expect(java("java.util.Date", "2024-05-01T08:30:00+08:00")).toEqual(new Date("2024-05-01T00:30:00.000Z"));
    expect(java("java.util.Date", 0)).toEqual(new Date(0));
    expect(refusal("java.util.Date", "2024-05-01T08:30:00").message).toContain("with a zone");
  });

  it("reads byte[] from base64, either alphabet", () => {
    expect(java("byte[]", "AQID")).toEqual(Buffer.from([1, 2, 3]));
    expect(java("byte[]", "-_8")).toEqual(Buffer.from([0xfb, 0xff]));
    expect(refusal("byte[]", "not base64!").message).toContain("base64");
  });
});

describe("toJava collections and maps", () => {
  it("types a List<Long>'s elements as longs", () => {
    expect(java("java.util.List<java.lang.Long>", [1, "9007199254740993", null])).toEqual(new JavaList(null, [1n, 9007199254740993n, null]));
  });

  it("writes a Set as Java's HashSet iterates it", () => {
    expect(java("java.util.Set<java.lang.Integer>", [3, 1, 20, 17])).toEqual(new JavaList("java.util.HashSet", [1, 17, 3, 20]));
  });

  it("reads map keys by the key type", () => {
    expect(java("java.util.Map<java.lang.Long,java.lang.Boolean>", { "7": true })).toEqual(new JavaMap(null, [[7n, true]]));
    expect(java(`java.util.Map<${API}.Color,java.lang.Integer>`, { RED: 1 })).toEqual(new JavaMap(null, [[new JavaObject(`${API}.Color`, { name: "RED" }), 1]]));
    expect(java("java.util.TreeMap<java.lang.Integer,java.lang.String>", { "10": "b", "9": "a" })).toEqual(new JavaMap("java.util.TreeMap", [[9, "a"], [10, "b"]]));
    expect(refusal("java.util.Map<java.lang.Integer,java.lang.String>", { x: "a" }).path).toBe("args[0].x");
  });

  it("writes arrays as hessian-lite's typed lists", () => {
    expect(java("int[][]", [[1]])).toEqual(new JavaList("[[int", [new JavaList("[int", [1])]));
    expect(java("java.lang.String[]", ["a"])).toEqual(new JavaList("[string", ["a"]));
    expect(java(`${API}.User[]`, [null])).toEqual(new JavaList(`[${API}.User`, [null]));
  });
});

describe("toJava POJOs and enums", () => {
  it("reads a POJO by the metadata's field types", () => {
    const user = java(`${API}.User`, { id: "9007199254740993", favouriteColor: "RED", address: { zip: 1 }, labels: { a: "b" }, createdAt: 0 }) as JavaObject;
    expect(user.className).toBe(`${API}.User`);
    expect({ ...user.fields }).toEqual({
      id: 9007199254740993n,
      favouriteColor: new JavaObject(`${API}.Color`, { name: "RED" }),
      address: new JavaObject(`${API}.Address`, Object.assign(Object.create(null), { zip: 1 })),
      labels: new JavaMap(null, [["a", "b"]]),
      createdAt: new Date(0),
    });
  });

  it("names the path and the class's fields when a field is unknown", () => {
    expect(refusal(`${API}.User`, { address: { zipp: 1 } })).toEqual({ path: "args[0].address.zipp", message: `${API}.Address has no field "zipp"; its fields are zip, city, street` });
  });

  it("refuses an enum constant the metadata does not list", () => {
    expect(refusal(`${API}.Color`, "PINK").message).toBe(`${API}.Color: expected one of RED, GREEN, BLUE, got "PINK"`);
    expect(java(`${API}.Color`, { name: "BLUE" })).toEqual(new JavaObject(`${API}.Color`, { name: "BLUE" }));
  });

  it("names a deep path when a value deep inside does not fit", () => {
    expect(refusal(`java.util.List<${API}.User>`, [{}, { previousAddresses: [{ zip: "x" }] }])).toEqual({
      path: "args[0][1].previousAddresses[0].zip",
      message: 'int: expected a whole number from -2147483648 to 2147483647, got "x"',
    });
  });

  it("reads a class the metadata does not describe from its JSON: objects as POJOs, strings as enum constants", () => {
    expect(java("x.Unknown", { a: 1, b: [2] }, EMPTY_TYPE_CATALOG)).toEqual(new JavaObject("x.Unknown", Object.assign(Object.create(null), { a: 1, b: new JavaList(null, [2]) })));
    expect(java("x.Level", "HIGH", EMPTY_TYPE_CATALOG)).toEqual(new JavaObject("x.Level", { name: "HIGH" }));
  });

  it("picks a subtype by \"class\"", () => {
    const shape = java("x.Shape", { class: "x.Shape.Circle", radius: 2 }, EMPTY_TYPE_CATALOG) as JavaObject;
    expect(shape.className).toBe("x.Shape$Circle");
    expect({ ...shape.fields }).toEqual({ radius: 2 });
  });
});

describe("toJava without a declared type (java.lang.Object)", () => {
  it("reads numbers as int, long or double by value, lists and maps as ArrayList and HashMap", () => {
    expect(java("java.lang.Object", [1, 2147483648, 1.5, "s", true, null, { b: 1, a: 2 }])).toEqual(
      new JavaList(null, [1, 2147483648n, new JavaDouble(1.5), "s", true, null, new JavaMap(null, [["a", 2], ["b", 1]])]),
    );
  });

  it("reads {class, value} as that boxed type, and {class, ...fields} as that class", () => {
    expect(java("java.lang.Object", { class: "java.lang.Long", value: "7" })).toBe(7n);
    expect(java("java.lang.Object", { class: "java.math.BigDecimal", value: "1.0" })).toEqual(new JavaObject("java.math.BigDecimal", { value: "1.0" }));
    expect((java("java.lang.Object", { class: `${API}.Address`, zip: 5 }) as JavaObject).className).toBe(`${API}.Address`);
    expect(refusal("java.lang.Object", { class: "not a name" }).message).toContain('"class" must be a Java class name');
  });

  it("reads the class name with the one Java type parser: java.lang simple names, canonical nested names, no type arguments", () => {
    expect(java("java.lang.Object", { class: "Long", value: "7" })).toBe(7n);
    expect((java("java.lang.Object", { class: "io.x.Outer.Inner", a: 1 }) as JavaObject).className).toBe("io.x.Outer$Inner");
    expect((java("java.lang.Object", { class: "A", a: 1 }) as JavaObject).className).toBe("A");
    expect(refusal("java.lang.Object", { class: "java.util.List<java.lang.Long>" }).message).toContain('"class" must be a Java class name');
    expect(refusal("java.lang.Object", { class: "int" }).message).toContain('"class" must be a Java class name');
  });

  it("refuses JSON nested deeper than any call needs", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(refusal("java.lang.Object", deep).message).toContain("nested more than");
  });
});

describe("toJava for a generic call", () => {
  const generic = (t: string, json: unknown, catalog = EMPTY_TYPE_CATALOG) => toJava(type(t), json, catalog, "args[0]", { generic: true });

  it("sends a class the catalog does not know as a map of its fields, for the provider's PojoUtils.realize", () => {
    const user = generic("x.User", { name: "u", id: 7, class: "x.VipUser" }) as JavaMap;
    expect(user.type).toBe(null);
    expect(new Map(user.entries)).toEqual(new Map<unknown, unknown>([["name", "u"], ["id", 7], ["class", "x.VipUser"]]));
    expect(generic("x.Color", "RED")).toBe("RED");
  });

  it("still types what the catalog knows", () => {
    expect(generic(`${API}.Color`, "RED", demo)).toEqual(new JavaObject(`${API}.Color`, { name: "RED" }));
    expect((generic(`${API}.Address`, { zip: 1 }, demo) as JavaObject).className).toBe(`${API}.Address`);
  });
});
