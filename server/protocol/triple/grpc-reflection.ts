import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { CodecError } from "@/server/errors/transport-errors";
import { grpcHeaders } from "./grpc-headers";
import { errorOfGrpcStatus } from "./grpc-status";
import type { TripleClient } from "./triple-client";

/** The gRPC server reflection method Dubbo 3.3 serves with its built-in services on (`dubbo.tri.builtin.service.init`). */
export const REFLECTION_PATH = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo";

/** The one question of a ServerReflectionRequest the console asks. */
export type ReflectionQuestion = { readonly fileContainingSymbol: string } | { readonly fileByFilename: string } | { readonly listServices: true };

/** A ServerReflectionResponse, as far as the console reads it. */
export type ReflectionAnswer =
  | { readonly kind: "files"; readonly files: readonly Uint8Array[] }
  | { readonly kind: "services"; readonly names: readonly string[] }
  | { readonly kind: "error"; readonly code: number; readonly message: string };

/**
 * A ServerReflectionRequest (grpc/reflection/v1alpha/reflection.proto): `host` 1 is left
 * empty; `file_by_filename` 3, `file_containing_symbol` 4, `list_services` 7 (a oneof).
 */
export function encodeReflectionRequest(question: ReflectionQuestion): Uint8Array {
  const w = new BinaryWriter();
  if ("fileContainingSymbol" in question) w.tag(4, WireType.LengthDelimited).string(question.fileContainingSymbol);
  else if ("fileByFilename" in question) w.tag(3, WireType.LengthDelimited).string(question.fileByFilename);
  else w.tag(7, WireType.LengthDelimited).string("*");
  return w.finish();
}

function readFields(bytes: Uint8Array, visit: (field: number, wire: WireType, r: BinaryReader) => boolean): void {
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [field, wire] = r.tag();
    if (!visit(field, wire, r)) r.skip(wire, field);
  }
}

/**
 * Reads a ServerReflectionResponse: `file_descriptor_response` 4 (its repeated
 * `file_descriptor_proto` 1, each a serialized FileDescriptorProto), `list_services_response`
 * 6 (repeated ServiceResponse 1, its `name` 1), `error_response` 7 (`error_code` 1,
 * `error_message` 2). @throws CodecError for bytes that are not one, or hold none of the three.
 */
export function decodeReflectionResponse(bytes: Uint8Array): ReflectionAnswer {
  let answer: ReflectionAnswer | null = null;
  try {
    readFields(bytes, (field, wire, r) => {
      if (wire !== WireType.LengthDelimited) return false;
      if (field === 4) {
        const files: Uint8Array[] = [];
        readFields(r.bytes(), (f, w, inner) => (f === 1 && w === WireType.LengthDelimited ? (files.push(inner.bytes()), true) : false));
        answer = { kind: "files", files };
        return true;
      }
      if (field === 6) {
        const names: string[] = [];
        readFields(r.bytes(), (f, w, inner) => {
          if (f !== 1 || w !== WireType.LengthDelimited) return false;
          readFields(inner.bytes(), (g, x, service) => (g === 1 && x === WireType.LengthDelimited ? (names.push(service.string()), true) : false));
          return true;
        });
        answer = { kind: "services", names };
        return true;
      }
      if (field === 7) {
        let code = 0;
        let message = "";
        readFields(r.bytes(), (f, w, inner) => {
          if (f === 1 && w === WireType.Varint) code = inner.int32();
          else if (f === 2 && w === WireType.LengthDelimited) message = inner.string();
          else return false;
          return true;
        });
        answer = { kind: "error", code, message };
        return true;
      }
      return false;
    });
  } catch (e) {
    throw new CodecError(`a gRPC reflection answer that is not a ServerReflectionResponse (${(e as Error).message})`, { cause: e });
  }
  if (answer === null) throw new CodecError("a gRPC reflection answer with neither files, services nor an error");
  return answer;
}

/**
 * Asks the provider's reflection service one question on its own stream (the method is
 * bidirectional streaming; one request and a half-close is a complete conversation).
 * @throws ConnectError, TimeoutError, CodecError, or the typed error of a gRPC status
 *   (UNIMPLEMENTED when the provider serves no reflection).
 */
export async function askReflection(client: TripleClient, question: ReflectionQuestion, timeoutMs: number): Promise<ReflectionAnswer> {
  const headers = grpcHeaders({ timeoutMs });
  const answer = await client.unary({ path: REFLECTION_PATH, headers, message: Buffer.from(encodeReflectionRequest(question)), timeoutMs });
  if (answer.grpcStatus !== 0 && answer.grpcStatus !== -1) throw errorOfGrpcStatus(client.address, answer.grpcStatus, answer.grpcMessage, answer.httpStatus);
  if (answer.messages.length !== 1) throw new CodecError(`${client.address}${REFLECTION_PATH}: ${answer.messages.length} answers to one question`);
  return decodeReflectionResponse(answer.messages[0]!);
}

/** At most this many files are fetched for one service (its file and every import, transitively). */
const MAX_FILES = 64;

/**
 * The serialized FileDescriptorProtos that describe `symbol` (a service's full name): the
 * file holding it and every file it imports, transitively, asking for any import the first
 * answer left out by name. Returns null when the provider's reflection does not know the
 * symbol (NOT_FOUND in its error response).
 */
export async function reflectFiles(client: TripleClient, symbol: string, timeoutMs: number, importsOf: (file: Uint8Array) => { name: string; imports: readonly string[] }): Promise<Uint8Array[] | null> {
  const deadline = Date.now() + timeoutMs;
  const first = await askReflection(client, { fileContainingSymbol: symbol }, timeoutMs);
  if (first.kind === "error") return null;
  if (first.kind !== "files") throw new CodecError(`${client.address}: the reflection service answered a file question with a service list`);
  const byName = new Map<string, Uint8Array>();
  for (const f of first.files) byName.set(importsOf(f).name, f);
  const missing = () => [...byName.values()].flatMap((f) => importsOf(f).imports).filter((name) => !byName.has(name));
  for (let todo = missing(); todo.length > 0; todo = missing()) {
    if (byName.size >= MAX_FILES) throw new CodecError(`${client.address}: ${symbol} needs more than ${MAX_FILES} proto files`);
    const name = todo[0]!;
    const left = deadline - Date.now();
    const more = await askReflection(client, { fileByFilename: name }, Math.max(1, left));
    if (more.kind !== "files" || more.files.length === 0) throw new CodecError(`${client.address}: the reflection service has no ${name}, which ${symbol}'s file imports`);
    for (const f of more.files) byName.set(importsOf(f).name, f);
    if (!byName.has(name)) throw new CodecError(`${client.address}: asked for ${name}, the reflection service sent other files`);
  }
  return [...byName.values()];
}
