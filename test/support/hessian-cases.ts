/**
 * Calls for the hessian differential test (test/integration/hessian-differential.test.ts):
 * every demo method (TypesService, FaultService) and the extra types of the oracle's
 * HessianCases, with edge values (issue 8 §4, brief: long 2^53+1, -0.0, NaN, a huge
 * BigDecimal, dates before 1970, empty and null collections, surrogate pairs, 1 MiB strings).
 */

import type { TypeDefinition } from "@/lib/dubbo/service-definition";

/**
 * HessianCases' classes as a provider's metadata report would describe them
 * (canonical names, superclass fields included), for the cases that read by them.
 */
export const CASES_TYPES: readonly TypeDefinition[] = [
  { type: "io.dubboconsole.demo.oracle.HessianCases.Shape", items: [], enums: [], properties: { label: "java.lang.String" } },
  { type: "io.dubboconsole.demo.oracle.HessianCases.Circle", items: [], enums: [], properties: { radius: "double", label: "java.lang.String" } },
  { type: "io.dubboconsole.demo.oracle.Outer.Inner", items: [], enums: [], properties: { value: "java.lang.String", count: "int" } },
  {
    type: "io.dubboconsole.demo.oracle.HessianCases.Holder",
    items: [],
    enums: [],
    properties: {
      ratio: "float",
      boxedRatio: "java.lang.Float",
      initial: "char",
      small: "short",
      tiny: "byte",
      big: "long",
      boxedBig: "java.lang.Long",
      flag: "boolean",
      anything: "java.lang.Object",
      longs: "java.util.List<java.lang.Long>",
      when: "java.util.Date",
    },
  },
];

/** The services the cases call, as the console addresses them. */
export const SERVICES = {
  types: { interfaceName: "io.dubboconsole.demo.api.TypesService", version: "1.0.0", group: "demo" },
  fault: { interfaceName: "io.dubboconsole.demo.api.FaultService", version: "2.0.0", group: undefined },
  cases: { interfaceName: "io.dubboconsole.demo.oracle.HessianCases", version: "0.0.0", group: undefined },
} as const;

export interface BodyCase {
  readonly name: string;
  readonly service: keyof typeof SERVICES;
  readonly method: string;
  /** Parameter types as the metadata report writes them. */
  readonly types: readonly string[];
  /** JSON arguments by the console's conventions. */
  readonly args: readonly unknown[];
  /** The same arguments as the oracle's JSON reader must see them, where JSON cannot hold them (-0.0). */
  readonly javaArgs?: readonly unknown[];
  /**
   * Whether the console's request body equals Dubbo 3.3's DubboCodec's byte for byte. False
   * where only an order can differ: POJO fields (hessian-lite 4 writes them in reversed
   * declaration order, which the metadata does not tell), enum-keyed maps (identity
   * hashes), BigInteger's cached fields, binary chunks over 4 KiB. (2.7's hessian-lite 3.2
   * also types every ArrayList and keeps declaration order, so 2.7 bytes are not compared.)
   */
  readonly sameBytes: boolean;
  /**
   * Lines whose hessian-lite cannot read the value back, its own bytes included: there
   * only the response direction is checked. Says why.
   */
  readonly javaCannotRead?: Partial<Record<"2.7" | "3.3", string>>;
  /** What hessian2 itself loses of the value, Java's own bytes too: then the value read back differs from the JSON's. */
  readonly lossy?: string;
  /** The method's result for the response direction: `value` is Java's JSON, `json` the console's reading of it. */
  readonly result?: { readonly value: unknown; readonly json: unknown };
}

const T = "io.dubboconsole.demo.api";
const C = "io.dubboconsole.demo.oracle.HessianCases";

const address = { city: "Hangzhou", street: "West Lake Road 7", zip: 310000 };
const user = {
  id: 7,
  name: "user-7 ü 😀",
  favouriteColor: "GREEN",
  address,
  previousAddresses: [{ city: "Beijing", street: "Chang'an Avenue 1", zip: 100000 }],
  labels: { tier: "gold" },
  balance: "1241.50",
  createdAt: "2023-11-14T22:13:20.000Z",
};
const bigUser = { ...user, id: "9007199254740993", previousAddresses: [], labels: {}, balance: "-123456789012345678901234567890.000000000000000000001", createdAt: "1969-07-20T20:17:40.123Z" };

/** A one-method echo: the argument comes back as the result, read as `json` (default: the argument). */
function echo(name: string, method: string, type: string, arg: unknown, sameBytes: boolean, json: unknown = arg): BodyCase {
  return { name, service: "types", method, types: [type], args: [arg], sameBytes, result: { value: arg, json } };
}

function viaCases(name: string, method: string, type: string, arg: unknown, sameBytes: boolean, json: unknown = arg): BodyCase {
  return { name, service: "cases", method, types: [type], args: [arg], sameBytes, result: { value: arg, json } };
}

const oneMiB = "a😀é".repeat(262144);
const bytes5000 = Buffer.alloc(5000, 7).toString("base64");

export const BODY_CASES: readonly BodyCase[] = [
  echo("a string with surrogate pairs", "echoString", "java.lang.String", "héllo 😀 世界 \u0000", true),
  echo("an empty string", "echoString", "java.lang.String", "", true),
  echo("a null string", "echoString", "java.lang.String", null, true),
  echo("a 1 MiB string", "echoString", "java.lang.String", oneMiB, true),
  ...[0, -1, 47, 48, -16, -17, 2047, 2048, -2048, -2049, 262143, 262144, -262144, -262145, 2147483647, -2147483648].map((v) =>
    echo(`int ${v}`, "echoInt", "int", v, true),
  ),
  ...[0, -8, 15, 16, -9, 2047, -2048, 2048, 262143, -262144, 262144, 2147483647, -2147483648, 2147483648, 9007199254740991].map((v) =>
    echo(`long ${v}`, "echoLong", "long", v, true),
  ),
  echo("long 2^53+1", "echoLong", "long", "9007199254740993", true),
  echo("long max", "echoLong", "long", "9223372036854775807", true),
  echo("long min", "echoLong", "long", "-9223372036854775808", true),
  echo("long given as a safe decimal string", "echoLong", "long", "123", true, 123),
  ...[0, 1, 0.5, 0.001, 0.1, 1e-7, 127, 128, -128, -129, 32767, 32768, -32768, 2147483.647, 123456.789, 3.4e38, 1.7976931348623157e308, 5e-324].map((v) =>
    echo(`double ${v}`, "echoDouble", "double", v, true),
  ),
  {
    name: "double -0.0",
    service: "types",
    method: "echoDouble",
    types: ["double"],
    args: [-0],
    javaArgs: ["-0"],
    sameBytes: true,
    lossy: "Hessian2Output.writeDouble writes -0.0 as 0.0 ((int) -0.0 == 0)",
    result: { value: "-0", json: 0 },
  },
  echo("double NaN", "echoDouble", "double", "NaN", true),
  echo("double Infinity", "echoDouble", "double", "Infinity", true),
  echo("double -Infinity", "echoDouble", "double", "-Infinity", true),
  echo("boolean true", "echoBoolean", "boolean", true, true),
  echo("boolean false", "echoBoolean", "boolean", false, true),
  echo("empty byte[]", "echoBytes", "byte[]", "", true),
  echo("byte[] of 3", "echoBytes", "byte[]", "AQID", true),
  echo("byte[] of 1023", "echoBytes", "byte[]", Buffer.alloc(1023, 255).toString("base64"), true),
  echo("byte[] of 5000 (chunked)", "echoBytes", "byte[]", bytes5000, false),
  echo("char", "echoChar", "char", "é", true),
  echo("Date before 1970", "echoDate", "java.util.Date", "1969-07-20T20:17:40.123Z", true),
  echo("Date on a minute (compact form)", "echoDate", "java.util.Date", "2024-02-29T12:00:00.000Z", true),
  echo("Date of year 1", "echoDate", "java.util.Date", "0001-01-01T00:00:00.000Z", true),
  echo("Date as epoch ms", "echoDate", "java.util.Date", -1, true, "1969-12-31T23:59:59.999Z"),
  echo("Date with an offset", "echoDate", "java.util.Date", "2024-05-01T08:30:00.5+08:00", true, "2024-05-01T00:30:00.500Z"),
  echo("BigDecimal", "echoDecimal", "java.math.BigDecimal", "1234.50", true),
  echo("BigDecimal huge", "echoDecimal", "java.math.BigDecimal", "123456789012345678901234567890.123456789012345678901234567890", true),
  echo("BigDecimal tiny", "echoDecimal", "java.math.BigDecimal", "-0.0000001", true, "-1E-7"),
  echo("BigDecimal with exponent", "echoDecimal", "java.math.BigDecimal", "1E+3", true),
  echo("List<String>", "echoList", "java.util.List<java.lang.String>", ["a", null, "😀"], true),
  echo("empty List", "echoList", "java.util.List<java.lang.String>", [], true),
  echo("null List", "echoList", "java.util.List<java.lang.String>", null, true),
  // HashSet iterates by hash bucket: 1 and 17 (1), 3 (3), 20 (4).
  echo("Set<Integer>", "echoSet", "java.util.Set<java.lang.Integer>", [3, 1, 20, 17], true, [1, 17, 3, 20]),
  echo("Map<String,Integer>", "echoMap", "java.util.Map<java.lang.String,java.lang.Integer>", { zz: 3, a: 1, b: 2, "": 0 }, true, { "": 0, a: 1, b: 2, zz: 3 }),
  echo("empty Map", "echoMap", "java.util.Map<java.lang.String,java.lang.Integer>", {}, true),
  echo("int[]", "echoIntArray", "int[]", [1, -2, 2147483647], true),
  echo("empty int[]", "echoIntArray", "int[]", [], true),
  echo("String[]", "echoStringArray", "java.lang.String[]", ["a", null, "b"], true),
  echo("enum", "echoEnum", `${T}.Color`, "GREEN", true),
  echo("POJO", "echoUser", `${T}.User`, user, false),
  echo("POJO with edge values", "echoUser", `${T}.User`, bigUser, false),
  echo("POJO[]", "echoUserArray", `${T}.User[]`, [user, null, bigUser], false),
  {
    name: "nested generics",
    service: "types",
    method: "addressesByCity",
    types: [`java.util.List<${T}.User>`],
    args: [[user, bigUser]],
    sameBytes: false,
    result: { value: { Hangzhou: [address] }, json: { Hangzhou: [address] } },
  },
  { name: "long argument, POJO result", service: "types", method: "findUser", types: ["long"], args: ["9007199254740993"], sameBytes: true, result: { value: bigUser, json: bigUser } },
  { name: "no arguments, void", service: "types", method: "ping", types: [], args: [], sameBytes: true },
  { name: "no arguments, Date result", service: "types", method: "now", types: [], args: [], sameBytes: true, result: { value: 0, json: "1970-01-01T00:00:00.000Z" } },
  { name: "void with an argument", service: "types", method: "record", types: ["java.lang.String"], args: ["event"], sameBytes: true },
  { name: "overload (int)", service: "types", method: "describe", types: ["int"], args: [5], sameBytes: true },
  { name: "overload (String)", service: "types", method: "describe", types: ["java.lang.String"], args: ["5"], sameBytes: true },
  { name: "overload (String, int)", service: "types", method: "describe", types: ["java.lang.String", "int"], args: ["ab", 3], sameBytes: true },
  { name: "FaultService.slow", service: "fault", method: "slow", types: ["int"], args: [10], sameBytes: true },
  { name: "FaultService.largeList", service: "fault", method: "largeList", types: ["int"], args: [3], sameBytes: true, result: { value: [user, bigUser], json: [user, bigUser] } },
  { name: "FaultService.checkedFailure", service: "fault", method: "checkedFailure", types: ["java.lang.String"], args: ["why"], sameBytes: true },
  { name: "FaultService.runtimeFailure", service: "fault", method: "runtimeFailure", types: ["java.lang.String"], args: ["why"], sameBytes: true },
  { name: "FaultService.largeText", service: "fault", method: "largeText", types: ["int"], args: [1024], sameBytes: true, result: { value: oneMiB, json: oneMiB } },
  viaCases("List<Long> of small values", "longs", "java.util.List<java.lang.Long>", [1, "9007199254740993", -5, null], true, [1, "9007199254740993", -5, null]),
  viaCases("Map<Long,String>", "byLongKey", "java.util.Map<java.lang.Long,java.lang.String>", { "1": "a", "9007199254740993": "b", "-3": "c" }, true),
  viaCases("Map<String,Object>", "objects", "java.util.Map<java.lang.String,java.lang.Object>", { i: 1, l: 9007199254740991, d: 1.5, s: "x", n: null, list: [1, "a"], m: { k: true } }, true),
  viaCases("Map<enum,List<POJO>>", "byColor", `java.util.Map<${T}.Color,java.util.List<${T}.Address>>`, { RED: [address] }, false),
  viaCases("long[]", "longArray", "long[]", [1, "-9223372036854775808"], true),
  viaCases("float", "aFloat", "float", 0.1, true),
  viaCases("Float", "boxedFloat", "java.lang.Float", 3.14159, true),
  viaCases("float[] (written widened)", "floats", "float[]", [0.1, 1.5, "NaN"], true, [0.10000000149011612, 1.5, "NaN"]),
  viaCases("short", "aShort", "short", -32768, true),
  viaCases("byte", "aByte", "byte", -128, true),
  viaCases("Byte[]", "boxedBytes", "java.lang.Byte[]", [1, -1, null], true),
  viaCases("char[]", "chars", "char[]", "héllo", true),
  viaCases("Character", "boxedChar", "java.lang.Character", "x", true),
  viaCases("BigInteger", "bigInteger", "java.math.BigInteger", "-123456789012345678901234567890", false),
  // HashSet iterates by hash bucket: "zz" (0), "a" (1), "b" (2), "c" (3).
  viaCases("Set<String>", "strings", "java.util.Set<java.lang.String>", ["b", "a", "c", "zz"], true, ["zz", "a", "b", "c"]),
  viaCases("TreeMap", "sorted", "java.util.TreeMap<java.lang.String,java.lang.Integer>", { b: 2, a: 1, Z: 0 }, true, { Z: 0, a: 1, b: 2 }),
  viaCases("LinkedList", "linked", "java.util.LinkedList<java.lang.String>", ["x", "y"], true),
  viaCases("Object: a boxed Long", "anything", "java.lang.Object", { class: "java.lang.Long", value: "7" }, true, 7),
  viaCases("Object: a list", "anything", "java.lang.Object", [1, 2.5, "x", null, 2147483648], true),
  viaCases("Object: a POJO by class", "anything", "java.lang.Object", { class: `${T}.Address`, city: "c", zip: 1 }, false, { city: "c", zip: 1, street: null }),
  viaCases("Date[]", "dates", "java.util.Date[]", ["1970-01-01T00:00:00.000Z", null], true),
  viaCases("int[][]", "grid", "int[][]", [[1, 2], [], [3]], true),
  viaCases("subtype by class", "shape", `${C}.Shape`, { class: `${C}$Circle`, label: "c", radius: 2.5 }, false, { radius: 2.5, label: "c" }),
  viaCases("nested class", "inner", "io.dubboconsole.demo.oracle.Outer.Inner", { value: "v", count: 3 }, false),
  viaCases("UUID", "uuid", "java.util.UUID", "123e4567-e89b-12d3-a456-426614174000", true),
  viaCases("LocalDate", "localDate", "java.time.LocalDate", "1969-07-20", false),
  viaCases("LocalDate of a leap day", "localDate", "java.time.LocalDate", "2024-02-29", false),
  viaCases("LocalTime", "localTime", "java.time.LocalTime", "08:30:15.5", false, "08:30:15.500"),
  viaCases("LocalTime on the minute", "localTime", "java.time.LocalTime", "23:59", false),
  viaCases("LocalDateTime", "localDateTime", "java.time.LocalDateTime", "2024-05-01T08:30:15.000000001", false),
  viaCases("Instant", "instant", "java.time.Instant", "1969-07-20T20:17:40.123456Z", false),
  viaCases("Instant with an offset", "instant", "java.time.Instant", "2024-05-01T08:30:00+08:00", false, "2024-05-01T00:30:00Z"),
  // hessian-lite's handles for zoned values and amounts (3.2 and 4.0 alike), issue 15 item 16.
  viaCases("ZonedDateTime in a region", "zonedDateTime", "java.time.ZonedDateTime", "2024-05-01T08:30:15.5+08:00[Asia/Shanghai]", false, "2024-05-01T08:30:15.500+08:00[Asia/Shanghai]"),
  viaCases("ZonedDateTime at an offset", "zonedDateTime", "java.time.ZonedDateTime", "1969-07-20T20:17Z", false),
  viaCases("OffsetDateTime", "offsetDateTime", "java.time.OffsetDateTime", "2024-02-29T23:59:59.123456789-05:30", false),
  viaCases("OffsetTime", "offsetTime", "java.time.OffsetTime", "08:30:15+08:00", false),
  viaCases("Duration", "duration", "java.time.Duration", "P2DT3H4M5.5S", false, "PT51H4M5.5S"),
  viaCases("Duration under a second, negative", "duration", "java.time.Duration", "-PT0.5S", false, "PT-0.5S"),
  viaCases("Period", "period", "java.time.Period", "P1Y2M3W4D", false, "P1Y2M25D"),
  viaCases("ZoneId of a region", "zoneId", "java.time.ZoneId", "Europe/Paris", false),
  viaCases("ZoneId of an offset", "zoneId", "java.time.ZoneId", "+08:00", false),
  viaCases("Calendar", "calendar", "java.util.Calendar", "2024-05-01T08:30:15.123+08:00", false, "2024-05-01T00:30:15.123Z"),
  {
    ...viaCases(
      "primitive fields",
      "holder",
      `${C}.Holder`,
      { ratio: 0.1, boxedRatio: 0.1, initial: "i", small: -2, tiny: 3, big: "9007199254740993", boxedBig: 5, flag: true, anything: 1.25, longs: [1], when: "2000-01-01T00:00:00.000Z" },
      false,
      { ratio: 0.10000000149011612, boxedRatio: 0.1, initial: "i", small: -2, tiny: 3, big: "9007199254740993", boxedBig: 5, flag: true, anything: 1.25, longs: [1], when: "2000-01-01T00:00:00.000Z" },
    ),
    javaCannotRead: {
      // FieldDeserializer2FactoryUnsafe.FloatFieldDeserializer: `_unsafe.putDouble(obj, offset, value)` into a
      // float field writes 8 bytes, garbling the float and the next field (`big` here). Fixed upstream after
      // 4.0.4 ("update deserialization to use float", apache/dubbo-hessian-lite#88).
      "3.3": "hessian-lite 4.0.4 reads a float field with putDouble",
    },
  },
];
