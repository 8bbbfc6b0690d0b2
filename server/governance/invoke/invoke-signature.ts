import type { ServiceMethods } from "@/lib/dubbo/service-methods";
import { erasedTypeName } from "@/lib/dubbo/java-type-ref";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { type TypeCatalog, typeCatalogOf } from "../../protocol/hessian/type-catalog";

/**
 * Why a call with arguments needs `parameterTypes` when no metadata describes the service: a
 * Java GenericService caller always sends the types, and a provider before 2.7.23 (2.7.7
 * measured) fails a generic call whose types are null (GenericFilter reads their length).
 */
function typesNeeded(method: string, argCount: number, methods: ServiceMethods): string {
  const names = methods.methods.map((m) => m.name);
  const known = methods.source === "none" ? "no provider lists its methods" : names.includes(method) ? `the providers list ${method} (its overloads and their types are unknown)` : `the providers list no method ${method}; their methods are ${names.join(", ") || "(none)"}`;
  return `no service definition in the metadata report describes ${method}, so parameterTypes must give the Java type of each of its ${argCount} argument${argCount === 1 ? "" : "s"}; ${known}`;
}

/** The signature a call is made with, and what the metadata says of the classes it uses. */
export interface CallSignature {
  /** The parameter types to send; empty when unknown (no metadata, none given) and the call has arguments. */
  readonly parameterTypes: readonly string[];
  /** The metadata's catalog of the service's classes; null without metadata. */
  readonly types: TypeCatalog | null;
  /** The method's return type in the metadata (`void` for a void method); null when no definition describes it. */
  readonly returnType: string | null;
}

/** Catalogs built per metadata definition (the definition object is kept while it is unchanged). */
const catalogs = new WeakMap<object, TypeCatalog>();

function catalogOf(methods: Extract<ServiceMethods, { source: "definition" }>): TypeCatalog {
  let c = catalogs.get(methods.types);
  if (c === undefined) {
    c = typeCatalogOf(methods.types);
    catalogs.set(methods.types, c);
  }
  return c;
}

/**
 * The signature of `method` for a call with `args`:
 * - `parameterTypes` given: those, with the metadata's classes when there is a definition;
 * - left out, with a definition: the one method of that name (none: 400 naming the
 *   methods there are; several: 400 naming the overloads to choose from);
 * - left out, without a definition: a call without arguments is typed with none; one with
 *   arguments is refused (400 at `parameterTypes`), as the types cannot be known, unless
 *   `tripleOnly`: every provider the call may reach is a `tri://` one, whose HTTP/JSON path
 *   takes the arguments without their types (triple-json-call.ts); the types are then left
 *   unknown (empty).
 * @throws InvalidArgumentsError (400), its issue at `method` or `parameterTypes`, or at
 *   `args` when their number is not the method's.
 */
export function callSignature(method: string, parameterTypes: readonly string[] | undefined, args: readonly unknown[], methods: ServiceMethods, tripleOnly = false): CallSignature {
  const types = methods.source === "definition" ? catalogOf(methods) : null;
  if (parameterTypes !== undefined) return { parameterTypes, types, returnType: declaredReturn(method, parameterTypes, methods) };
  if (methods.source !== "definition" && methods.source !== "protobuf") {
    if (args.length > 0 && !tripleOnly) throw new InvalidArgumentsError([{ path: "parameterTypes", message: typesNeeded(method, args.length, methods) }]);
    return { parameterTypes: [], types, returnType: null };
  }
  const named = methods.methods.filter((m) => m.name === method);
  if (named.length === 0) {
    const names = [...new Set(methods.methods.map((m) => m.name))].join(", ");
    throw new InvalidArgumentsError([{ path: "method", message: `the service's metadata lists no method ${method}; its methods are ${names || "(none)"}` }]);
  }
  if (named.length > 1) {
    const overloads = named.map((m) => `${method}(${m.parameterTypes.join(", ")})`).join("; ");
    throw new InvalidArgumentsError([{ path: "parameterTypes", message: `${method} is overloaded, so parameterTypes must say which one: ${overloads}` }]);
  }
  const chosen = named[0]!.parameterTypes;
  if (chosen.length !== args.length) {
    throw new InvalidArgumentsError([{ path: "args", message: `${method}(${chosen.join(", ")}) takes ${chosen.length} argument${chosen.length === 1 ? "" : "s"}, got ${args.length}` }]);
  }
  return { parameterTypes: chosen, types, returnType: named[0]!.returnType };
}

/** The return type the definition gives the overload of `method` with `parameterTypes` (compared erased, as the JVM tells overloads apart); null when none matches. */
function declaredReturn(method: string, parameterTypes: readonly string[], methods: ServiceMethods): string | null {
  if (methods.source !== "definition" && methods.source !== "protobuf") return null;
  const wanted = parameterTypes.map(erasedTypeName).join(",");
  const match = methods.methods.find((m) => m.name === method && m.parameterTypes.map(erasedTypeName).join(",") === wanted);
  return match?.returnType ?? null;
}
