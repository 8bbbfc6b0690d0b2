import { createFileRegistry, type DescEnum, type DescField, type DescFile, type DescMessage, type DescMethod, type DescService, fromBinary, ScalarType } from "@bufbuild/protobuf";
import {
  type DescriptorProto,
  FeatureSet_FieldPresence,
  type FileDescriptorProto,
  FileDescriptorProtoSchema,
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
} from "@bufbuild/protobuf/wkt";
import type { MethodSignature, TypeDefinition } from "@/lib/dubbo/service-definition";
import { CodecError } from "@/server/errors/transport-errors";

/**
 * One protobuf (IDL) service as the console knows it (issue 19): its descriptor, resolved
 * against the files that describe it, and its unary methods as the Invoke form reads
 * methods (MethodSignature, TypeDefinition) with the types named as Java would see them.
 */
export interface ProtoService {
  readonly service: DescService;
  /** Unary methods by name (streaming ones are not invoked from the form). */
  readonly methods: ReadonlyMap<string, DescMethod>;
  /** The methods as the form lists them, sorted by name. */
  readonly signatures: readonly MethodSignature[];
  /** Every message and enum the methods reach, by the type name the form uses. */
  readonly types: readonly TypeDefinition[];
  /** The methods that are not unary, by name, with their kind. */
  readonly streaming: readonly { readonly name: string; readonly kind: string }[];
}

/** Well-known files a provider's reflection may leave out: bufbuild's own copies stand in. */
const WELL_KNOWN: Record<string, DescFile> = Object.fromEntries(
  [file_google_protobuf_any, file_google_protobuf_duration, file_google_protobuf_empty, file_google_protobuf_field_mask, file_google_protobuf_struct, file_google_protobuf_timestamp, file_google_protobuf_wrappers].map((f) => [f.proto.name, f]),
);

/** A serialized FileDescriptorProto's name and imports. @throws CodecError for bytes that are not one. */
export function fileHeader(bytes: Uint8Array): { name: string; imports: readonly string[] } {
  const file = parseFile(bytes);
  return { name: file.name, imports: file.dependency.filter((d) => WELL_KNOWN[d] === undefined) };
}

function parseFile(bytes: Uint8Array): FileDescriptorProto {
  try {
    return fromBinary(FileDescriptorProtoSchema, bytes);
  } catch (e) {
    throw new CodecError(`a proto file descriptor that does not decode (${(e as Error).message})`, { cause: e });
  }
}

/**
 * The service `name` (full name, `package.Service`, or the Java interface `java_package.Service`) from serialized FileDescriptorProtos
 * (what gRPC reflection sends, or what a compiled .proto gives).
 * @throws CodecError when the files do not decode, do not resolve, or hold no such service.
 */
export function protoServiceOf(files: readonly Uint8Array[], name: string): ProtoService {
  const protos = files.map(parseFile);
  for (const p of protos) p.messageType.forEach(withJsonNames);
  const byName = new Map(protos.map((p) => [p.name, p]));
  const full = (p: FileDescriptorProto, s: string) => (p.package ? `${p.package}.${s}` : s);
  let root = protos.find((p) => p.service.some((s) => full(p, s.name) === name));
  if (root === undefined) {
    // The Java interface dubbo-compiler generates is java_package + the service's name, which the registry lists.
    root = protos.find((p) => p.options?.javaPackage && p.service.some((s) => `${p.options!.javaPackage}.${s.name}` === name));
    if (root !== undefined) name = full(root, root.service.find((s) => `${root!.options!.javaPackage}.${s.name}` === name)!.name);
  }
  if (root === undefined) throw new CodecError(`no proto file among ${protos.length} describes the service ${name}`);
  let service: DescService | undefined;
  try {
    service = createFileRegistry(root, (file) => byName.get(file) ?? WELL_KNOWN[file]).getService(name);
  } catch (e) {
    throw new CodecError(`the proto files of ${name} do not resolve (${(e as Error).message})`, { cause: e });
  }
  if (service === undefined) throw new CodecError(`the proto files do not define the service ${name}`);
  return describe(service);
}

function describe(service: DescService): ProtoService {
  const methods = new Map<string, DescMethod>();
  const streaming: { name: string; kind: string }[] = [];
  for (const m of service.methods) {
    if (m.methodKind === "unary") methods.set(m.name, m);
    else streaming.push({ name: m.name, kind: m.methodKind });
  }
  const types = new Map<string, TypeDefinition>();
  const signatures = [...methods.values()]
    .map((m) => ({ name: m.name, parameterTypes: [formTypeOfMessage(m.input, types)], returnType: formTypeOfMessage(m.output, types) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { service, methods, signatures, types: [...types.values()].sort((a, b) => (a.type < b.type ? -1 : 1)), streaming };
}

/**
 * Fills in each field's `json_name` where it is empty: protoc strips it from the descriptors
 * it embeds in generated Java (which reflection then serves), and proto3 JSON needs it.
 */
function withJsonNames(message: DescriptorProto): void {
  for (const f of message.field) if (!f.jsonName) f.jsonName = protoJsonName(f.name);
  message.nestedType.forEach(withJsonNames);
}

/** protoc's json_name of a field name: underscores dropped, the letter after each upper-cased. */
function protoJsonName(name: string): string {
  let out = "";
  let upper = false;
  for (const c of name) {
    if (c === "_") upper = true;
    else {
      out += upper ? c.toUpperCase() : c;
      upper = false;
    }
  }
  return out;
}

/** protoc's default outer class name: the file's base name in UpperCamelCase, "OuterClass" added when a top-level type takes that name. */
function outerClassOf(file: DescFile): string {
  const given = file.proto.options?.javaOuterClassname;
  if (given) return given;
  const base = file.proto.name.replace(/^.*\//, "").replace(/\.proto$/, "");
  const camel = base.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase()).replace(/[^a-zA-Z0-9]/g, "");
  const taken = [...file.proto.messageType, ...file.proto.enumType, ...file.proto.service].some((t) => t.name === camel);
  return taken ? `${camel}OuterClass` : camel;
}

/** The canonical name of the Java class protoc generates for a message or enum (java_package, java_multiple_files, java_outer_classname). */
export function javaClassOf(desc: DescMessage | DescEnum): string {
  const nested: string[] = [];
  for (let d: DescMessage | DescEnum | undefined = desc; d !== undefined; d = d.parent) nested.unshift(d.name);
  const file = desc.file;
  const pkg = file.proto.options?.javaPackage || file.proto.package;
  const outer = file.proto.options?.javaMultipleFiles ? [] : [outerClassOf(file)];
  return [...(pkg ? [pkg] : []), ...outer, ...nested].join(".");
}

/** Well-known messages whose JSON is not an object of their fields: the form type of that JSON. */
const WELL_KNOWN_FORM: Record<string, string> = {
  "google.protobuf.Timestamp": "java.time.Instant",
  "google.protobuf.DoubleValue": "java.lang.Double",
  "google.protobuf.FloatValue": "java.lang.Float",
  "google.protobuf.Int64Value": "java.lang.Long",
  "google.protobuf.UInt64Value": "java.math.BigInteger",
  "google.protobuf.Int32Value": "java.lang.Integer",
  "google.protobuf.UInt32Value": "java.lang.Long",
  "google.protobuf.BoolValue": "java.lang.Boolean",
  "google.protobuf.StringValue": "java.lang.String",
  "google.protobuf.BytesValue": "byte[]",
  "google.protobuf.Duration": "java.lang.Object",
  "google.protobuf.Struct": "java.lang.Object",
  "google.protobuf.Value": "java.lang.Object",
  "google.protobuf.ListValue": "java.lang.Object",
  "google.protobuf.Any": "java.lang.Object",
  "google.protobuf.FieldMask": "java.lang.String",
};

/**
 * A scalar's form type: the Java type whose form field takes exactly the values proto3 JSON
 * allows (uint32 as long, as it can pass 2^31; uint64 as BigInteger), primitive unless the
 * field tracks presence.
 */
function scalarFormType(scalar: ScalarType, boxed: boolean): string {
  switch (scalar) {
    case ScalarType.DOUBLE:
      return boxed ? "java.lang.Double" : "double";
    case ScalarType.FLOAT:
      return boxed ? "java.lang.Float" : "float";
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return boxed ? "java.lang.Long" : "long";
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return "java.math.BigInteger";
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return boxed ? "java.lang.Integer" : "int";
    case ScalarType.BOOL:
      return boxed ? "java.lang.Boolean" : "boolean";
    case ScalarType.STRING:
      return "java.lang.String";
    case ScalarType.BYTES:
      return "byte[]";
  }
}

function formTypeOfEnum(e: DescEnum, types: Map<string, TypeDefinition>): string {
  if (e.typeName === "google.protobuf.NullValue") return "java.lang.Object";
  const name = javaClassOf(e);
  if (!types.has(name)) types.set(name, { type: name, items: [], enums: e.values.map((v) => v.name), properties: {} });
  return name;
}

function formTypeOfMessage(m: DescMessage, types: Map<string, TypeDefinition>): string {
  const known = WELL_KNOWN_FORM[m.typeName];
  if (known !== undefined) return known;
  const name = javaClassOf(m);
  if (types.has(name)) return name;
  const properties: Record<string, string> = {};
  // Entered before its fields, so a message that refers to itself ends.
  types.set(name, { type: name, items: [], enums: [], properties });
  for (const f of m.fields) properties[f.jsonName] = formTypeOfField(f, types);
  return name;
}

function formTypeOfField(f: DescField, types: Map<string, TypeDefinition>): string {
  switch (f.fieldKind) {
    case "scalar":
      return scalarFormType(f.scalar, f.presence !== FeatureSet_FieldPresence.IMPLICIT);
    case "enum":
      return formTypeOfEnum(f.enum, types);
    case "message":
      return formTypeOfMessage(f.message, types);
    case "list": {
      const element = f.listKind === "scalar" ? scalarFormType(f.scalar, true) : f.listKind === "enum" ? formTypeOfEnum(f.enum, types) : formTypeOfMessage(f.message, types);
      return `java.util.List<${element}>`;
    }
    case "map": {
      const value = f.mapKind === "scalar" ? scalarFormType(f.scalar, true) : f.mapKind === "enum" ? formTypeOfEnum(f.enum, types) : formTypeOfMessage(f.message, types);
      return `java.util.Map<${scalarFormType(f.mapKey, true)},${value}>`;
    }
  }
}
