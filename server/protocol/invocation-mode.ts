import { type JavaTypeRef, OBJECT_TYPE, parseJavaType } from "@/lib/dubbo/java-type-ref";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { isConsoleError } from "@/lib/errors";
import { parseParameterTypes } from "./hessian/java/java-descriptor";
import type { HessianValue } from "./hessian/java/java-values";
import { toJava } from "./hessian/to-java";
import type { TypeCatalog } from "./hessian/type-catalog";

/**
 * How a call is sent to a Dubbo provider, and its arguments as hessian values, decided once
 * per invocation (every provider a cluster tries gets the same).
 *
 * - `typed`: the real method with its JVM descriptor, each argument as the Java value of its
 *   declared type (what a Java consumer holding the interface sends). Chosen when the
 *   parameter types are known and either the metadata describes the service's classes, or
 *   every class the types name is the JDK's (`java.*`, `javax.*`), whose shape the console
 *   knows without metadata.
 * - `generic`: `$invoke(method, types, args)`, as Java's GenericService, which the provider's
 *   GenericFilter turns into the real call (PojoUtils.realize types the arguments from its
 *   own classes). Chosen when typed is not possible: the parameter types are unknown (only
 *   through the engine: the API asks for them; `types` is then sent as null and a 2.7.23 or
 *   3.x provider finds the method by name, 2.7.7 fails it), or they name an application class
 *   the metadata does not describe (a typed call would have to guess its fields' types, and
 *   a wrong guess, a String where an enum is declared, fails on the provider).
 */
export type InvocationMode = "typed" | "generic";

/** An invocation's arguments, ready to encode. */
export interface PreparedArguments {
  readonly mode: InvocationMode;
  /** The parameter types to send: the method's (typed, or generic with types known), null for a generic call by name. */
  readonly parameterTypes: readonly string[] | null;
  readonly args: readonly HessianValue[];
}

/** Packages whose classes the console reads from their JSON shape without metadata. */
const JDK_PACKAGES = ["java.", "javax."];

/** Every class a type names, its type arguments and array components included. */
function namedClasses(type: JavaTypeRef, out: string[] = []): string[] {
  if (type.kind === "class") {
    out.push(type.name);
    for (const a of type.args) namedClasses(a, out);
  } else if (type.kind === "array") {
    namedClasses(type.component, out);
  }
  return out;
}

/**
 * The mode of a call with `parameterTypes` (empty when unknown) and `argCount` arguments;
 * `types` is the metadata's catalog of the service's classes, null when there is no
 * metadata. A call without arguments is typed: its empty descriptor is known.
 */
export function invocationMode(parameterTypes: readonly string[], argCount: number, types: TypeCatalog | null): InvocationMode {
  if (parameterTypes.length !== argCount) return "generic";
  if (types !== null) return "typed";
  for (const t of parameterTypes) {
    const parsed = parseJavaType(t);
    if (parsed.ok && !namesJdkClassesOnly(parsed.type)) return "generic";
  }
  return "typed";
}

/** Per parsed type (parses are shared: see parseJavaType), whether every class it names is the JDK's. */
const jdkOnly = new WeakMap<JavaTypeRef, boolean>();

function namesJdkClassesOnly(type: JavaTypeRef): boolean {
  let only = jdkOnly.get(type);
  if (only === undefined) {
    only = namedClasses(type).every((c) => JDK_PACKAGES.some((p) => c.startsWith(p)));
    jdkOnly.set(type, only);
  }
  return only;
}

/**
 * The arguments of a call as hessian values, by `mode`. Throws InvalidArgumentsError whose
 * paths start at the request body's root (`args.0.address.zip`), ValidationError for a
 * type name that is not a Java type.
 */
export function prepareArguments(mode: InvocationMode, parameterTypes: readonly string[], args: readonly unknown[], types: TypeCatalog): PreparedArguments {
  const known = parameterTypes.length === args.length;
  const refs = known ? parseParameterTypes(parameterTypes) : args.map(() => OBJECT_TYPE);
  const options = { generic: mode === "generic" };
  const issues: { path: string; message: string }[] = [];
  const values = args.map((json, i) => {
    try {
      return toJava(refs[i]!, json, types, `args[${i}]`, options);
    } catch (e) {
      if (!(e instanceof InvalidArgumentsError) && !(isConsoleError(e) && e.code === "invalid_arguments")) throw e;
      issues.push(...(e as InvalidArgumentsError).issues.map((issue) => ({ path: bodyPath(issue.path), message: issue.message })));
      return null;
    }
  });
  if (issues.length > 0) throw new InvalidArgumentsError(issues);
  return { mode, parameterTypes: known ? parameterTypes : null, args: values };
}

/** A to-java path (`args[0].labels["a b"]`) as the API writes it, from the body's root (`args.0.labels.a b`). */
export function bodyPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1").replace(/\[("(?:[^"\\]|\\.)*")\]/g, (_, key: string) => `.${JSON.parse(key) as string}`);
}
