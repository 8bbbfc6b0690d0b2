import type { TypeDefinition } from "../../dubbo/service-definition";
import { erasure, formatJavaType, type JavaTypeRef, parseJavaType } from "../../dubbo/java-type-ref";

/**
 * What kind of form field a Java type gets, and the JSON it is sent as (the invoke API's
 * conventions, issue 8 §4): whole numbers in range (a long beyond 2^53−1 as a decimal
 * string), floating point numbers, booleans, one-character strings for char, strings,
 * BigDecimal and BigInteger as exact decimal strings, Date as ISO-8601 UTC with
 * milliseconds, java.time values and Calendar as ISO-8601 text (their toString), enums by constant name, byte[] as base64, arrays and collections as JSON
 * arrays, maps as JSON objects, POJOs as objects of their properties, anything else as
 * free JSON.
 *
 * Element, key, value and property types are kept as names and read on demand through a
 * {@link TypeResolver}, so a type that refers to itself (`Node { Node next; }`) is never
 * expanded more than the form asks.
 */
export type FieldSpec =
  | { readonly kind: "integer"; readonly type: string; readonly bits: 8 | 16 | 32 | 64; readonly nullable: boolean }
  | { readonly kind: "float"; readonly type: string; readonly bits: 32 | 64; readonly nullable: boolean }
  | { readonly kind: "boolean"; readonly type: string; readonly nullable: boolean }
  | { readonly kind: "char"; readonly type: string; readonly nullable: boolean }
  | { readonly kind: "string"; readonly type: string }
  | { readonly kind: "decimal"; readonly type: string }
  | { readonly kind: "bigint"; readonly type: string }
  | { readonly kind: "date"; readonly type: string }
  /** java.time values and Calendar: ISO-8601 text, `example` showing its form. */
  | { readonly kind: "temporal"; readonly type: string; readonly example: string }
  | { readonly kind: "enum"; readonly type: string; readonly constants: readonly string[] }
  | { readonly kind: "bytes"; readonly type: string }
  | { readonly kind: "list"; readonly type: string; readonly collection: "array" | "list" | "set"; readonly element: string }
  | { readonly kind: "map"; readonly type: string; readonly key: string; readonly value: string }
  | { readonly kind: "object"; readonly type: string; readonly properties: readonly { readonly name: string; readonly type: string }[] }
  | { readonly kind: "json"; readonly type: string; readonly why: string };

export type FieldKind = FieldSpec["kind"];

/** The kinds edited as one line of text (a select for booleans and enums). */
export type ScalarSpec = Extract<FieldSpec, { kind: "integer" | "float" | "boolean" | "char" | "string" | "decimal" | "bigint" | "date" | "temporal" | "enum" | "bytes" }>;

export function isScalar(spec: FieldSpec): spec is ScalarSpec {
  return !(spec.kind === "list" || spec.kind === "map" || spec.kind === "object" || spec.kind === "json");
}

/** Whether the type can be null: everything but Java's primitives. */
export function isNullable(spec: FieldSpec): boolean {
  return "nullable" in spec ? spec.nullable : true;
}

const OBJECT = "java.lang.Object";

const INTEGERS: Record<string, { bits: 8 | 16 | 32 | 64; nullable: boolean }> = {
  byte: { bits: 8, nullable: false },
  short: { bits: 16, nullable: false },
  int: { bits: 32, nullable: false },
  long: { bits: 64, nullable: false },
  "java.lang.Byte": { bits: 8, nullable: true },
  "java.lang.Short": { bits: 16, nullable: true },
  "java.lang.Integer": { bits: 32, nullable: true },
  "java.lang.Long": { bits: 64, nullable: true },
};
const FLOATS: Record<string, { bits: 32 | 64; nullable: boolean }> = {
  float: { bits: 32, nullable: false },
  double: { bits: 64, nullable: false },
  "java.lang.Float": { bits: 32, nullable: true },
  "java.lang.Double": { bits: 64, nullable: true },
};
const BOOLEANS: Record<string, boolean> = { boolean: false, "java.lang.Boolean": true };
const CHARS: Record<string, boolean> = { char: false, "java.lang.Character": true };
const STRINGS = new Set(["java.lang.String", "java.lang.CharSequence"]);
/**
 * The types sent as ISO-8601 text, with an example of each (server/protocol/hessian's
 * java-time.ts and java-time-zoned.ts): the form asks for the text, not their fields.
 */
const TEMPORALS: Record<string, string> = {
  "java.time.LocalDate": "2024-05-01",
  "java.time.LocalTime": "08:30:15.5",
  "java.time.LocalDateTime": "2024-05-01T08:30:15",
  "java.time.Instant": "2024-05-01T00:30:15.123Z",
  "java.time.ZonedDateTime": "2024-05-01T08:30:15+08:00[Asia/Shanghai]",
  "java.time.OffsetDateTime": "2024-05-01T08:30:15+08:00",
  "java.time.OffsetTime": "08:30:15+08:00",
  "java.time.Duration": "PT1H30M",
  "java.time.Period": "P1Y2M3D",
  "java.time.ZoneId": "Asia/Shanghai",
  "java.time.ZoneOffset": "+08:00",
  "java.util.Calendar": "2024-05-01T08:30:15.123+08:00",
  "java.util.GregorianCalendar": "2024-05-01T08:30:15.123+08:00",
};

/** Collections sent as JSON arrays (hessian writes them as lists). */
const LISTS: Record<string, "list" | "set"> = {
  "java.util.Collection": "list",
  "java.util.List": "list",
  "java.util.ArrayList": "list",
  "java.util.LinkedList": "list",
  "java.util.Vector": "list",
  "java.util.Queue": "list",
  "java.util.Deque": "list",
  "java.util.ArrayDeque": "list",
  "java.util.concurrent.CopyOnWriteArrayList": "list",
  "java.util.Set": "set",
  "java.util.HashSet": "set",
  "java.util.LinkedHashSet": "set",
  "java.util.TreeSet": "set",
  "java.util.SortedSet": "set",
  "java.util.NavigableSet": "set",
};
const MAPS = new Set([
  "java.util.Map",
  "java.util.HashMap",
  "java.util.LinkedHashMap",
  "java.util.TreeMap",
  "java.util.SortedMap",
  "java.util.NavigableMap",
  "java.util.Hashtable",
  "java.util.concurrent.ConcurrentMap",
  "java.util.concurrent.ConcurrentHashMap",
]);

/** Map key kinds that a JSON object's keys (strings) can carry. */
const KEY_KINDS = new Set<FieldKind>(["string", "integer", "float", "boolean", "char", "decimal", "bigint", "enum"]);

/**
 * Reads type names into {@link FieldSpec}s, with the service's type definitions (POJO
 * properties, enum constants, collection items) for what the name alone does not say.
 * Answers are memoised by name; nothing is read before it is asked for.
 */
export class TypeResolver {
  private readonly definitions: ReadonlyMap<string, TypeDefinition>;
  private readonly specs = new Map<string, FieldSpec>();

  /**
   * The definitions by name as the metadata writes it, and by the name as the parser writes
   * it (binary nested names, java.lang simple names in full), so `io.x.Outer.Inner` and
   * `io.x.Outer$Inner` find the same definition.
   */
  constructor(definitions: readonly TypeDefinition[] = []) {
    const byName = new Map(definitions.map((d) => [d.type, d]));
    for (const d of definitions) {
      const parsed = parseJavaType(d.type);
      if (parsed.ok && !byName.has(formatJavaType(parsed.type))) byName.set(formatJavaType(parsed.type), d);
    }
    this.definitions = byName;
  }

  /** The field spec of the type named `type`. */
  spec(type: string): FieldSpec {
    let spec = this.specs.get(type);
    if (!spec) {
      spec = this.read(type);
      this.specs.set(type, spec);
    }
    return spec;
  }

  private read(text: string): FieldSpec {
    const result = parseJavaType(text);
    if (!result.ok) return { kind: "json", type: text, why: `${JSON.stringify(text)} is not a Java type name` };
    const parsed = result.type;
    const type = formatJavaType(parsed);
    if (parsed.kind === "array") {
      const element = parsed.component;
      if (element.kind === "primitive" && element.name === "byte") return { kind: "bytes", type };
      return { kind: "list", type, collection: "array", element: formatJavaType(element) };
    }
    return this.scalar(parsed, type) ?? this.container(parsed, type) ?? this.defined(parsed, type);
  }

  private scalar({ name }: Exclude<JavaTypeRef, { kind: "array" }>, type: string): FieldSpec | null {
    const integer = INTEGERS[name];
    if (integer) return { kind: "integer", type, ...integer };
    const float = FLOATS[name];
    if (float) return { kind: "float", type, ...float };
    if (name in BOOLEANS) return { kind: "boolean", type, nullable: BOOLEANS[name]! };
    if (name in CHARS) return { kind: "char", type, nullable: CHARS[name]! };
    if (STRINGS.has(name)) return { kind: "string", type };
    if (name === "java.math.BigDecimal") return { kind: "decimal", type };
    if (name === "java.math.BigInteger") return { kind: "bigint", type };
    if (name === "java.util.Date") return { kind: "date", type };
    const example = TEMPORALS[name];
    if (example !== undefined) return { kind: "temporal", type, example };
    return null;
  }

  private container(parsed: Exclude<JavaTypeRef, { kind: "array" }>, type: string): FieldSpec | null {
    if (parsed.kind !== "class") return null;
    const items = this.definitions.get(type)?.items ?? [];
    const arg = (i: number) => (parsed.args[i] ? formatJavaType(parsed.args[i]) : (items[i] ?? OBJECT));
    const collection = LISTS[parsed.name];
    if (collection) return { kind: "list", type, collection, element: arg(0) };
    if (MAPS.has(parsed.name)) {
      const key = arg(0);
      if (!KEY_KINDS.has(this.spec(key).kind)) return { kind: "json", type, why: `its keys (${key}) cannot be the keys of a JSON object` };
      return { kind: "map", type, key, value: arg(1) };
    }
    if (parsed.name === "java.util.Properties") return { kind: "map", type, key: "java.lang.String", value: "java.lang.String" };
    return null;
  }

  private defined(parsed: Exclude<JavaTypeRef, { kind: "array" }>, type: string): FieldSpec {
    if (parsed.name === OBJECT) return { kind: "json", type, why: "java.lang.Object takes any JSON value" };
    const definition = this.definitions.get(type) ?? this.definitions.get(formatJavaType(erasure(parsed)));
    if (definition && definition.enums.length > 0) return { kind: "enum", type, constants: definition.enums };
    const properties = Object.entries(definition?.properties ?? {});
    if (properties.length > 0) {
      return { kind: "object", type, properties: properties.map(([name, t]) => ({ name, type: t })).sort((a, b) => a.name.localeCompare(b.name)) };
    }
    return { kind: "json", type, why: definition ? `the metadata lists no properties of ${type}` : `the metadata does not describe ${type}` };
  }
}
