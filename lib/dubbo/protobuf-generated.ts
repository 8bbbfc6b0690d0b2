import { splitTypeList } from "./java-type-ref";
import type { MethodSignature, TypeDefinition } from "./service-definition";

/**
 * Java message classes that protoc generated, as a service definition describes them when
 * Dubbo reads them as plain classes, and the proto fields the form should show instead.
 *
 * Dubbo 3.3.6 with protobuf-java 3.x describes a message class by its builder's setters
 * (ProtobufTypeBuilder, dubbo-metadata-definition-protobuf: `customer`, `requestId`, …); it
 * takes only subclasses of GeneratedMessageV3. Any other generated class goes through
 * DefaultTypeBuilder, which lists the class's non-static fields, its superclasses' too:
 * Dubbo 2.7.23 (its all-in-one jar has no ProtobufTypeBuilder) and protobuf-java 4.x
 * generated code (which extends GeneratedMessage). From a 3.3.6 definition with the
 * QuoteRequest of test/peers/dubbo-3.3/src/main/proto/demo_orders.proto:
 *
 * ```json
 * {"type":"io.dubboconsole.demo.idl.QuoteRequest","items":[],"enums":[],"properties":{
 *   "requestId_":"long","bitField0_":"int","lines_":"java.util.List<io.dubboconsole.demo.idl.Line>",
 *   "tags_":"com.google.protobuf.MapField","memoizedHashCode":"int","shipTo_":"io.dubboconsole.demo.idl.Address",
 *   "express_":"boolean","memoizedIsInitialized":"byte","currency_":"int","customer_":"java.lang.Object",
 *   "unknownFields":"com.google.protobuf.UnknownFieldSet","memoizedSize":"int"}}
 * ```
 *
 * plus the runtime's own classes those fields lead to (UnknownFieldSet, MapField, ByteString).
 * 2.7.23 writes the same with binary names in places (`com.google.protobuf.Internal$IntList`).
 */

/** Superclass fields of every generated message (AbstractMessageLite, GeneratedMessageV3 / GeneratedMessage). */
const UNKNOWN_FIELDS = "com.google.protobuf.UnknownFieldSet";

/**
 * Whether `t` is a protoc-generated message class described by its Java fields: it has the
 * fields protobuf's runtime superclasses give every message, `unknownFields` (an
 * UnknownFieldSet) and `memoizedHashCode` (an int). A POJO does not extend those classes.
 * A definition Dubbo's ProtobufTypeBuilder wrote (already proto fields) is not one.
 */
export function isGeneratedMessage(t: TypeDefinition): boolean {
  return t.properties.unknownFields?.replaceAll("$", ".") === UNKNOWN_FIELDS && t.properties.memoizedHashCode === "int";
}

/**
 * The proto fields of a generated message class `t` (see {@link isGeneratedMessage}), as
 * the form shows them: by their proto3 JSON name and the type their JSON value takes.
 *
 * protoc names the Java field of proto field `request_id` `requestId_` (camel case, `_`
 * added; a second `_` after a Java keyword: `class__`), so the name is the Java field's
 * without its trailing underscores. Everything else is the runtime's: fields not ending in
 * `_` (`memoizedHashCode`, `memoizedIsInitialized`, `memoizedSize`, `unknownFields`,
 * `countsMemoizedSerializedSize`), `bitField0_`…, and a oneof's `choice_`/`choiceCase_`.
 *
 * Types: a string field (`java.lang.Object`) is `java.lang.String`; `bytes` (ByteString)
 * `byte[]`; repeated fields (`LazyStringArrayList`, `Internal.IntList`…, `Internal.ProtobufList<X>`)
 * `java.util.List<…>`; a map (`MapField`, written without its type arguments) is
 * `java.util.Map<java.lang.String,java.lang.Object>`; well-known wrappers and Timestamp the
 * Java type whose form takes their JSON, as for gRPC reflection (proto-schema.ts).
 *
 * Limits, as the Java fields do not say more: an enum field is kept as an `int` (and a
 * repeated one as `List<Integer>`), indistinguishable from int32, so its values are numbers;
 * uint32 and uint64 are `int` and `long` (their JSON may pass those ranges); a map's key
 * and value types are unknown; a oneof's members share one field and are left out; where
 * protoc's JSON name differs from the Java field's (a letter after a digit, `foo_2bar`: JSON
 * `foo2bar`, Java `foo2Bar_`; an upper-case first letter) the Java one is shown. protobuf's
 * lite runtime (GeneratedMessageLite, UnknownFieldSetLite) is not recognised.
 */
export function protoFieldsOf(t: TypeDefinition): TypeDefinition {
  // A oneof `choice` is two fields: `choiceCase_` (int, the member set) and `choice_` (Object, its value).
  const oneofs = new Set(
    Object.keys(t.properties)
      .filter((name) => name.endsWith("Case_") && t.properties[name] === "int")
      .map((name) => `${name.slice(0, -"Case_".length)}_`)
      .filter((holder) => t.properties[holder] === "java.lang.Object"),
  );
  const properties: Record<string, string> = {};
  for (const [name, type] of Object.entries(t.properties)) {
    if (!name.endsWith("_") || /^bitField\d+_$/.test(name) || oneofs.has(name) || oneofs.has(name.replace(/Case_$/, "_"))) continue;
    const field = name.replace(/_+$/, "");
    if (field !== "") properties[field] = fieldType(type);
  }
  return { type: t.type, items: t.items, enums: t.enums, properties };
}

/**
 * `types` with every generated message class replaced by its proto fields
 * ({@link protoFieldsOf}), and the types only their Java fields led to and their proto
 * fields no longer do (UnknownFieldSet, MapField, ByteString, Timestamp…) left out: a type
 * stays while the methods, a generated class's proto fields, or any type the generated
 * classes did not lead to refer to it. Without generated classes, `types` comes back as it is.
 */
export function withProtoFields(types: readonly TypeDefinition[], methods: readonly MethodSignature[]): readonly TypeDefinition[] {
  if (!types.some(isGeneratedMessage)) return types;
  const before = new Map(types.map((t) => [t.type, t]));
  const after = new Map(types.map((t) => [t.type, isGeneratedMessage(t) ? protoFieldsOf(t) : t]));
  const generated = types.filter(isGeneratedMessage);
  const ledTo = reachable(before, generated.flatMap((t) => Object.values(t.properties)));
  const roots = [...methods.flatMap((m) => [...m.parameterTypes, m.returnType]), ...types.filter((t) => !ledTo.has(t.type)).map((t) => t.type)];
  const kept = reachable(after, roots);
  return [...after.values()].filter((t) => kept.has(t.type) || !ledTo.has(t.type));
}

/** The names of `types` that `roots` lead to, through type names, items and properties. */
function reachable(types: ReadonlyMap<string, TypeDefinition>, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.flatMap(namesIn);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const t = types.get(name);
    if (t !== undefined) queue.push(...[...t.items, ...Object.values(t.properties)].flatMap(namesIn));
  }
  return seen;
}

/** A type name and every name inside it: `java.util.List<io.x.Line>` → itself, `java.util.List`, `io.x.Line`. */
function namesIn(type: string): string[] {
  return [type, ...(type.match(/[\w.$]+/g) ?? [])];
}

/** protobuf-java's repeated scalar fields, by class name (`$` as `.`): the Java type of their JSON array. */
const REPEATED: Readonly<Record<string, string>> = {
  "com.google.protobuf.LazyStringArrayList": "java.util.List<java.lang.String>",
  "com.google.protobuf.LazyStringList": "java.util.List<java.lang.String>",
  "com.google.protobuf.ProtocolStringList": "java.util.List<java.lang.String>",
  "com.google.protobuf.Internal.IntList": "java.util.List<java.lang.Integer>",
  "com.google.protobuf.Internal.LongList": "java.util.List<java.lang.Long>",
  "com.google.protobuf.Internal.FloatList": "java.util.List<java.lang.Float>",
  "com.google.protobuf.Internal.DoubleList": "java.util.List<java.lang.Double>",
  "com.google.protobuf.Internal.BooleanList": "java.util.List<java.lang.Boolean>",
};

/** Well-known messages whose JSON is not an object of their fields, by Java class: the form type of that JSON (as proto-schema.ts's WELL_KNOWN_FORM). */
const WELL_KNOWN: Readonly<Record<string, string>> = {
  "com.google.protobuf.ByteString": "byte[]",
  "com.google.protobuf.Timestamp": "java.time.Instant",
  "com.google.protobuf.DoubleValue": "java.lang.Double",
  "com.google.protobuf.FloatValue": "java.lang.Float",
  "com.google.protobuf.Int64Value": "java.lang.Long",
  "com.google.protobuf.UInt64Value": "java.math.BigInteger",
  "com.google.protobuf.Int32Value": "java.lang.Integer",
  "com.google.protobuf.UInt32Value": "java.lang.Long",
  "com.google.protobuf.BoolValue": "java.lang.Boolean",
  "com.google.protobuf.StringValue": "java.lang.String",
  "com.google.protobuf.BytesValue": "byte[]",
  "com.google.protobuf.Duration": "java.lang.Object",
  "com.google.protobuf.Struct": "java.lang.Object",
  "com.google.protobuf.Value": "java.lang.Object",
  "com.google.protobuf.ListValue": "java.lang.Object",
  "com.google.protobuf.Any": "java.lang.Object",
  "com.google.protobuf.FieldMask": "java.lang.String",
};

/** The Java type of a generated field's JSON value (see {@link protoFieldsOf}). */
function fieldType(type: string): string {
  if (type === "java.lang.Object") return "java.lang.String";
  return valueType(type);
}

/** A field's or element's type with protobuf's runtime classes replaced by what their JSON is. */
function valueType(type: string): string {
  const open = type.indexOf("<");
  const raw = (open < 0 ? type : type.slice(0, open)).replaceAll("$", ".");
  const args = open < 0 || !type.endsWith(">") ? [] : splitTypeList(type.slice(open + 1, -1));
  const fixed = REPEATED[raw] ?? WELL_KNOWN[raw];
  if (fixed !== undefined) return fixed;
  if (raw === "com.google.protobuf.MapField") {
    return args.length === 2 ? `java.util.Map<${args.map(valueType).join(",")}>` : "java.util.Map<java.lang.String,java.lang.Object>";
  }
  if (raw === "com.google.protobuf.Internal.ProtobufList" || raw === "java.util.List") {
    return args.length === 1 ? `java.util.List<${valueType(args[0]!)}>` : type;
  }
  return type;
}
