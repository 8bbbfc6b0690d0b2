import protobuf from "protobufjs";
import descriptor from "protobufjs/ext/descriptor.js";
import { ValidationError } from "@/lib/errors";

/** One `.proto` file an operator uploads: its name (for messages) and its text. */
export interface ProtoSourceFile {
  readonly name: string;
  readonly text: string;
}

/** protobufjs's FileDescriptorSet codec (ext/descriptor), which its typings leave untyped. */
const FileDescriptorProtoCodec = (descriptor as unknown as { FileDescriptorProto: { encode(m: unknown): { finish(): Uint8Array } } }).FileDescriptorProto;

/**
 * `.proto` sources compiled to serialized FileDescriptorProtos, as gRPC reflection would have
 * sent them (issue 19: the schema of an IDL service whose providers serve no reflection).
 * Parsed with protobufjs into one root (the files may import each other by any name; the
 * well-known `google/protobuf/*.proto` are protobufjs's own), every reference resolved, then
 * written as descriptors. protobufjs does not keep file boundaries: the descriptors are one
 * per package, named after the source when one source alone declares the package. Nothing
 * the console reads changes, except one thing: for a package spread over several sources
 * without java_outer_classname or java_multiple_files, the Java class names shown use an
 * outer class made from the package, not protoc's (from each file's name).
 * @throws ValidationError naming the file and protobufjs's reason (with its line) for text
 *   that does not parse, or a type that no file defines.
 */
export function compileProtoSources(files: readonly ProtoSourceFile[]): Uint8Array[] {
  const root = new protobuf.Root();
  const sourcesOf = new Map<string, string[]>();
  for (const file of files) {
    let parsed: protobuf.IParserResult;
    try {
      parsed = protobuf.parse(file.text, root, { keepCase: true, alternateCommentMode: true });
    } catch (e) {
      throw new ValidationError(`${file.name} does not parse: ${(e as Error).message}`, [{ path: `files.${files.indexOf(file)}.text`, message: (e as Error).message }]);
    }
    sourcesOf.set(parsed.package ?? "", [...(sourcesOf.get(parsed.package ?? "") ?? []), file.name]);
    for (const name of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      const common = protobuf.common.get(name);
      if (common?.nested) root.addJSON(common.nested);
    }
  }
  try {
    root.resolveAll();
  } catch (e) {
    throw new ValidationError(`the .proto files do not resolve: ${(e as Error).message}`, [{ path: "files", message: (e as Error).message }]);
  }
  const set = (root as unknown as { toDescriptor(syntax: string): { file: DescriptorFile[] } }).toDescriptor("proto3");
  for (const file of set.file) {
    qualify(root, file);
    // A package one source alone declares keeps that source's name (protoc's default outer class is made from it).
    const sources = sourcesOf.get(file.package ?? "");
    if (sources?.length === 1) file.name = sources[0]!;
  }
  dependOnEachOther(set.file);
  return set.file.map((f) => FileDescriptorProtoCodec.encode(f).finish());
}

interface DescriptorMessage {
  name: string;
  field?: { name: string; typeName?: string }[];
  nestedType?: DescriptorMessage[];
}
interface DescriptorFile {
  name: string;
  dependency?: string[];
  package?: string;
  messageType?: DescriptorMessage[];
  service?: { name: string; method?: { name: string; inputType?: string; outputType?: string }[] }[];
}

/**
 * Each file's `dependency`: the files defining the types it refers to (protobufjs's files are
 * one per package, so their imports are not the sources' and are worked out again here).
 */
function dependOnEachOther(files: DescriptorFile[]): void {
  const owner = new Map<string, string>();
  const own = (m: DescriptorMessage, parent: string, file: string) => {
    owner.set(`${parent}.${m.name}`, file);
    for (const n of m.nestedType ?? []) own(n, `${parent}.${m.name}`, file);
  };
  for (const f of files) {
    const scope = f.package ? `.${f.package}` : "";
    for (const m of f.messageType ?? []) own(m, scope, f.name);
    for (const e of (f as { enumType?: { name: string }[] }).enumType ?? []) owner.set(`${scope}.${e.name}`, f.name);
  }
  const refs = (m: DescriptorMessage): string[] => [...(m.field ?? []).flatMap((x) => (x.typeName ? [x.typeName] : [])), ...(m.nestedType ?? []).flatMap(refs)];
  for (const f of files) {
    const used = [...(f.messageType ?? []).flatMap(refs), ...(f.service ?? []).flatMap((s) => (s.method ?? []).flatMap((m) => [m.inputType ?? "", m.outputType ?? ""]))];
    f.dependency = [...new Set(used.map((t) => owner.get(t)).filter((n): n is string => n !== undefined && n !== f.name))];
  }
}

/**
 * Writes every type reference of a file as its full name (`.package.Message`), as protoc
 * does: protobufjs writes them as the source said them (`money.Amount`), relative to the
 * scope, which a descriptor reader cannot resolve. The names come from protobufjs's own
 * resolution of each field and method.
 */
function qualify(root: protobuf.Root, file: DescriptorFile): void {
  const scope = file.package ? `.${file.package}` : "";
  const message = (m: DescriptorMessage, parent: string) => {
    const name = `${parent}.${m.name}`;
    const type = root.lookupType(name);
    for (const f of m.field ?? []) {
      if (f.typeName === undefined || f.typeName.startsWith(".")) continue;
      const resolved = type.fields[f.name]?.resolvedType;
      // A map field's entry is a nested type protobufjs writes beside the field, named after it.
      if (resolved) f.typeName = resolved.fullName;
      else if (m.nestedType?.some((n) => n.name === f.typeName)) f.typeName = `${name}.${f.typeName}`;
    }
    for (const nested of m.nestedType ?? []) if (root.lookup(`${name}.${nested.name}`) instanceof protobuf.Type) message(nested, name);
  };
  for (const m of file.messageType ?? []) message(m, scope);
  for (const s of file.service ?? []) {
    const service = root.lookupService(`${scope}.${s.name}`);
    for (const m of s.method ?? []) {
      const method = service.methods[m.name];
      if (!method) continue;
      if (method.resolvedRequestType) m.inputType = method.resolvedRequestType.fullName;
      if (method.resolvedResponseType) m.outputType = method.resolvedResponseType.fullName;
    }
  }
}
