import { classType, formatJavaType, type JavaTypeRef, OBJECT_TYPE, parseJavaType } from "@/lib/dubbo/java-type-ref";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { arrayListType, elementOrder, keyOrder, listTypeOf, mapTypeOf, sortedLikeJava } from "./java/java-collections";
import { inJavaHashOrder } from "./java/java-hash-order";
import { JAVA_TIME_READERS } from "./java/java-time";
import { JAVA_ZONED_READERS } from "./java/java-time-zoned";
import { type HessianValue, JavaDouble, JavaList, JavaMap, JavaObject } from "./java/java-values";
import {
  bigIntegerFields,
  describeJson,
  floatAsWritten,
  readBase64,
  readBigDecimal,
  readBigInteger,
  readDate,
  readDouble,
  readInt,
  readLong,
  Unfit,
} from "./json-scalars";
import type { TypeCatalog } from "./type-catalog";

/**
 * JSON (issue 8 §4's conventions) → the hessian-ready value of a Java type: what a Java
 * consumer holding that value would send (see java-values.ts). `path` names the value in
 * messages (`args[0]`); a value that does not fit throws {@link InvalidArgumentsError} with
 * the full path (`args[0].address.zip`) and why.
 *
 * - Scalars: boolean; byte/short/int as whole numbers in range; long as a safe integer or
 *   decimal string; float/double as numbers or "NaN"/"Infinity"/"-Infinity"; char as a
 *   one-character string; BigDecimal/BigInteger as decimal strings; Date as ISO-8601 with a
 *   zone or epoch ms; byte[] as base64; char[] as a string; java.util.UUID as its text;
 *   java.time's LocalDate, LocalTime, LocalDateTime and Instant as ISO-8601 (java-time.ts);
 *   ZonedDateTime, OffsetDateTime, OffsetTime, Duration, Period, ZoneId, ZoneOffset and
 *   Calendar as ISO-8601 too (java-time-zoned.ts).
 * - Arrays and collections from JSON lists, elements read by the element type (so a
 *   `java.util.List<java.lang.Long>` gets longs); maps from JSON objects, keys read by the
 *   key type (`"7"` for a Long key is 7L).
 * - Enums by constant name (or `{"name": ...}`). POJOs from objects of their fields; an
 *   object may carry `"class"` to pick a subtype. With the class in `types`, fields are
 *   read by their declared types and unknown fields are refused; without, fields are read
 *   from their JSON shape. Fields left out are not sent (Java keeps its default).
 * - java.lang.Object (and a class nothing is known about) reads the JSON's shape: numbers
 *   as int, long or double by value, lists as ArrayList, objects as HashMap, an object with
 *   `"class"` as that class (`{"class":"java.lang.Long","value":"7"}` for a boxed value).
 */
export function toJava(type: JavaTypeRef, json: unknown, types: TypeCatalog, path: string, options: ToJavaOptions = {}): HessianValue {
  return new Converter(types, options.generic === true).value(type, json, path, "boxed", 0);
}

/** How to read JSON into Java values. */
export interface ToJavaOptions {
  /**
   * For a generic call (`$invoke`), whose arguments the provider's GenericFilter turns into
   * its parameter types with PojoUtils.realize: a class `types` does not describe is sent as
   * a HashMap of its fields (`"class"` kept when given) and an enum constant as its name,
   * for the provider to type from its own classes, instead of a guess at the class's fields.
   */
  readonly generic?: boolean;
}

/** How deep JSON may nest before the console refuses it (a Java call never needs this many). */
const MAX_DEPTH = 256;

/** A float held in a primitive field or a float[] is written widened; a boxed one as its decimal (floatAsWritten). */
type Slot = "boxed" | "primitive";

type Scalar = (json: unknown, slot: Slot) => HessianValue;

const bool: Scalar = (json) => {
  if (typeof json === "boolean") return json;
  throw new Unfit(`expected true or false, got ${describeJson(json)}`);
};
const int8: Scalar = (json) => readInt(json, -128, 127);
const int16: Scalar = (json) => readInt(json, -32768, 32767);
const int32: Scalar = (json) => readInt(json, -2147483648, 2147483647);
const int64: Scalar = (json) => readLong(json);
const float32: Scalar = (json, slot) => new JavaDouble(slot === "primitive" ? Math.fround(readDouble(json)) : floatAsWritten(readDouble(json)));
const float64: Scalar = (json) => new JavaDouble(readDouble(json));
const char: Scalar = (json) => {
  if (typeof json === "string" && json.length === 1) return json;
  throw new Unfit(`expected a one-character string, got ${describeJson(json)}`);
};
const text: Scalar = (json) => {
  if (typeof json === "string") return json;
  throw new Unfit(`expected a string, got ${describeJson(json)}`);
};

/** Java types read as one JSON scalar. */
const SCALARS: ReadonlyMap<string, Scalar> = new Map<string, Scalar>([
  ["boolean", bool],
  ["java.lang.Boolean", bool],
  ["byte", int8],
  ["java.lang.Byte", int8],
  ["short", int16],
  ["java.lang.Short", int16],
  ["int", int32],
  ["java.lang.Integer", int32],
  ["long", int64],
  ["java.lang.Long", int64],
  ["float", float32],
  ["java.lang.Float", (json) => float32(json, "boxed")],
  ["double", float64],
  ["java.lang.Double", float64],
  ["char", char],
  ["java.lang.Character", char],
  ["java.lang.String", text],
  ["java.lang.CharSequence", text],
  // hessian-lite: StringValueSerializer, a class with the one field `value` (its toString()).
  ["java.math.BigDecimal", (json) => new JavaObject("java.math.BigDecimal", { value: readBigDecimal(json) })],
  ["java.util.UUID", (json) => new JavaObject("java.util.UUID", { value: uuid(json) })],
  // No serializer of its own: its fields, of which `signum` and `mag` make the value.
  ["java.math.BigInteger", (json) => bigInteger(readBigInteger(json))],
  ["java.util.Date", (json) => readDate(json)],
  ["java.lang.Number", (json) => numberOf(readDouble(json))],
  ...JAVA_TIME_READERS,
  ...JAVA_ZONED_READERS,
]);

/** Declared types that say nothing about the value: read from the JSON's shape. */
const SHAPELESS = new Set(["java.lang.Object", "java.io.Serializable", "java.lang.Comparable", "java.lang.Cloneable"]);

function uuid(json: unknown): string {
  if (typeof json === "string" && /^[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}$/.test(json)) return json;
  throw new Unfit(`expected a UUID like "123e4567-e89b-12d3-a456-426614174000", got ${describeJson(json)}`);
}

function bigInteger(value: bigint): JavaObject {
  const { signum, mag } = bigIntegerFields(value);
  return new JavaObject("java.math.BigInteger", { signum, mag: new JavaList("[int", mag) });
}

/** A number with no declared type: int when it is one, long when whole, else double. */
function numberOf(n: number): HessianValue {
  if ((n | 0) === n && !Object.is(n, -0)) return n;
  if (Number.isSafeInteger(n)) return BigInt(n);
  return new JavaDouble(n);
}

function isObject(json: unknown): json is Record<string, unknown> {
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

function member(path: string, key: string): string {
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Sets a field even when its name is `__proto__` (a valid Java identifier). */
function setField(fields: Record<string, HessianValue>, name: string, value: HessianValue): void {
  if (name === "__proto__") Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  else fields[name] = value;
}

class Converter {
  constructor(
    private readonly types: TypeCatalog,
    private readonly generic: boolean,
  ) {}

  value(type: JavaTypeRef, json: unknown, path: string, slot: Slot, depth: number): HessianValue {
    if (depth > MAX_DEPTH) throw new InvalidArgumentsError([{ path, message: `nested more than ${MAX_DEPTH} levels deep` }]);
    try {
      if (type.kind === "primitive") {
        if (type.name === "void") throw new Unfit("void takes no value");
        if (json === null || json === undefined) throw new Unfit("a primitive cannot be null");
        return SCALARS.get(type.name)!(json, slot);
      }
      if (json === null || json === undefined) return null;
      return type.kind === "array" ? this.array(type, json, path, depth) : this.classValue(type, json, path, depth);
    } catch (e) {
      if (e instanceof Unfit) throw new InvalidArgumentsError([{ path, message: `${formatJavaType(type)}: ${e.message}` }]);
      throw e;
    }
  }

  private classValue(type: JavaTypeRef & { kind: "class" }, json: unknown, path: string, depth: number): HessianValue {
    const name = type.name;
    const scalar = SCALARS.get(name);
    if (scalar) return scalar(json, "boxed");
    if (SHAPELESS.has(name)) return this.infer(json, path, depth);
    const listType = listTypeOf(name);
    if (listType !== undefined) return this.collection(listType, type.args[0] ?? OBJECT_TYPE, json, path, depth);
    const mapType = mapTypeOf(name);
    if (mapType !== undefined) return this.map(mapType, type.args[0], type.args[1] ?? OBJECT_TYPE, json, path, depth);
    return this.instance(name, json, path, depth);
  }

  private array(type: JavaTypeRef & { kind: "array" }, json: unknown, path: string, depth: number): HessianValue {
    const component = type.component;
    // BasicSerializer: byte[] is binary, char[] a string.
    if (component.kind === "primitive" && component.name === "byte") return readBase64(json);
    if (component.kind === "primitive" && component.name === "char") return text(json, "boxed");
    if (!Array.isArray(json)) throw new Unfit(`expected a list, got ${describeJson(json)}`);
    const slot: Slot = component.kind === "primitive" ? "primitive" : "boxed";
    return new JavaList(
      arrayListType(type),
      json.map((item, i) => this.value(component, item, `${path}[${i}]`, slot, depth + 1)),
    );
  }

  private collection(listType: string | null, element: JavaTypeRef, json: unknown, path: string, depth: number): HessianValue {
    if (!Array.isArray(json)) throw new Unfit(`expected a list, got ${describeJson(json)}`);
    const items = json.map((item, i) => this.value(element, item, `${path}[${i}]`, "boxed", depth + 1));
    const order = elementOrder(listType);
    const ordered =
      order === "hash"
        ? inJavaHashOrder(items.map((item) => [item, null] as const)).map(([item]) => item)
        : order === "sorted"
          ? sortedLikeJava(items, (item) => item)
          : items;
    return new JavaList(listType, ordered);
  }

  private map(mapType: string | null, keyType: JavaTypeRef | undefined, valueType: JavaTypeRef, json: unknown, path: string, depth: number): HessianValue {
    if (!isObject(json)) throw new Unfit(`expected an object (a map), got ${describeJson(json)}`);
    const entries = Object.entries(json).map(([k, v]) => {
      const at = member(path, k);
      return [keyType === undefined ? k : this.value(keyType, keyJson(keyType, k), at, "boxed", depth + 1), this.value(valueType, v, at, "boxed", depth + 1)] as const;
    });
    const order = keyOrder(mapType);
    return new JavaMap(mapType, order === "hash" ? inJavaHashOrder(entries) : order === "sorted" ? sortedLikeJava(entries, ([k]) => k) : entries);
  }

  /** A class that is neither a scalar, a collection nor a map the console knows: enum, POJO, or unknown. */
  private instance(name: string, json: unknown, path: string, depth: number): HessianValue {
    const info = this.types.lookup(name);
    if (info && info.enumConstants.length > 0) return enumConstant(name, info.enumConstants, json);
    if (info === undefined && this.generic && typeof json === "string") return json;
    if (info === undefined && this.generic && isObject(json)) return this.genericMap(json, path, depth);
    if (typeof json === "string" && info === undefined) return new JavaObject(name, { name: json });
    if (isObject(json)) return this.pojo(name, json, path, depth);
    if (Array.isArray(json) && info === undefined) {
      return new JavaList(name, json.map((item, i) => this.infer(item, `${path}[${i}]`, depth + 1)));
    }
    throw new Unfit(`expected an object of its fields${info === undefined ? " or an enum constant's name" : ""}, got ${describeJson(json)}`);
  }

  /** A POJO: its class (or the subtype `"class"` names) and the fields given. */
  private pojo(declared: string, json: Record<string, unknown>, path: string, depth: number): HessianValue {
    const selected = json.class === undefined ? declared : className(json.class);
    const own = this.types.lookup(selected);
    if (own && own.enumConstants.length > 0) return enumConstant(selected, own.enumConstants, json);
    const known = own ?? this.types.lookup(declared);
    const fields: Record<string, HessianValue> = {};
    for (const [key, value] of Object.entries(json)) {
      if (key === "class") continue;
      const type = known?.fields.get(key);
      if (type === undefined && own !== undefined) {
        throw new InvalidArgumentsError([{ path: member(path, key), message: `${selected} has no field "${key}"; its fields are ${[...own.fields.keys()].join(", ")}` }]);
      }
      const at = member(path, key);
      setField(fields, key, type === undefined ? this.infer(value, at, depth + 1) : this.value(type, value, at, "primitive", depth + 1));
    }
    return new JavaObject(selected, fields);
  }

  /** A generic call's object of a class the catalog does not know: a HashMap of its fields for PojoUtils.realize, `"class"` kept. */
  private genericMap(json: Record<string, unknown>, path: string, depth: number): HessianValue {
    const entries = Object.entries(json).map(([k, v]) => [k, k === "class" ? wrap(path, () => className(v)) : this.infer(v, member(path, k), depth + 1)] as const);
    return new JavaMap(null, inJavaHashOrder(entries));
  }

  /** A value with no declared type, from its JSON shape. */
  private infer(json: unknown, path: string, depth: number): HessianValue {
    if (depth > MAX_DEPTH) throw new InvalidArgumentsError([{ path, message: `nested more than ${MAX_DEPTH} levels deep` }]);
    if (json === null || json === undefined || typeof json === "boolean" || typeof json === "string") return json ?? null;
    if (typeof json === "number") return numberOf(json);
    if (Array.isArray(json)) return new JavaList(null, json.map((item, i) => this.infer(item, `${path}[${i}]`, depth + 1)));
    if (!isObject(json)) throw new InvalidArgumentsError([{ path, message: `${typeof json} is not JSON` }]);
    if (json.class !== undefined) return this.classSelected(json, path, depth);
    return new JavaMap(null, inJavaHashOrder(Object.entries(json).map(([k, v]) => [k, this.infer(v, member(path, k), depth + 1)] as const)));
  }

  /** An object whose `"class"` says what it is: a boxed scalar or collection as `{class, value}`, else an instance of that class. */
  private classSelected(json: Record<string, unknown>, path: string, depth: number): HessianValue {
    const name = wrap(path, () => className(json.class));
    const keys = Object.keys(json);
    if (SHAPELESS.has(name)) {
      const rest = Object.fromEntries(Object.entries(json).filter(([k]) => k !== "class"));
      return this.infer(rest, path, depth + 1);
    }
    const boxed = keys.length === 2 && "value" in json && (SCALARS.has(name) || listTypeOf(name) !== undefined || mapTypeOf(name) !== undefined);
    if (boxed) return this.value(classType(name), json.value, path, "boxed", depth + 1);
    return this.value(classType(name), json, path, "boxed", depth + 1);
  }
}

function wrap<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof Unfit) throw new InvalidArgumentsError([{ path, message: e.message }]);
    throw e;
  }
}

/**
 * A class name as the JSON gives it (`io.x.User`, `io.x.Outer.Inner`, `Long`), as its binary
 * name. A name the parser reads as a type variable (`A`, `T1`) names a class of the default
 * package here, so it is kept as written.
 */
function className(json: unknown): string {
  const parsed = typeof json === "string" ? parseJavaType(json) : undefined;
  if (parsed?.ok && parsed.type.kind === "class" && parsed.type.args.length === 0) return parsed.type === OBJECT_TYPE ? (json as string) : parsed.type.name;
  throw new Unfit(`"class" must be a Java class name, got ${describeJson(json)}`);
}

function enumConstant(name: string, constants: readonly string[], json: unknown): JavaObject {
  const constant = isObject(json) ? json.name : json;
  if (typeof constant === "string" && constants.includes(constant)) return new JavaObject(name, { name: constant });
  throw new Unfit(`expected one of ${constants.join(", ")}, got ${describeJson(constant)}`);
}

/** Types whose map keys are numbers in JSON's string keys. */
const NUMERIC_KEYS = new Set(["byte", "short", "int", "float", "double", "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Float", "java.lang.Double", "java.lang.Number"]);

/** A JSON object key (always a string) as the JSON the key type reads: numbers for int keys, booleans for boolean keys. */
function keyJson(type: JavaTypeRef, key: string): unknown {
  const name = type.kind === "array" ? "" : type.name;
  if (NUMERIC_KEYS.has(name) && key.trim() !== "" && !Number.isNaN(Number(key))) return Number(key);
  if ((name === "boolean" || name === "java.lang.Boolean") && (key === "true" || key === "false")) return key === "true";
  if (name === "java.util.Date" && /^-?\d+$/.test(key)) return Number(key);
  return key;
}
