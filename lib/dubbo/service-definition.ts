import { z } from "zod";
import { refOf, resolveRef } from "./fastjson-ref";
import { type NodeParse, parseJsonText, rejected, validate } from "./node-json";

/**
 * A provider's service definition from the metadata report (FullServiceDefinition), the
 * source of exact method signatures. Dubbo 2.7.23 and 3.3.6 both write it, at
 * `/{root}/metadata/{interface}[/{version}][/{group}]/provider/{app}` (empty parts left
 * out), e.g. `/dubbo/metadata/io.dubboconsole.demo.api.TypesService/1.0.0/demo/provider/demo-provider-27`:
 *
 * ```json
 * {"annotations":[],"canonicalName":"io.dubboconsole.demo.api.TypesService","codeSource":"file:/…/classes/",
 *  "methods":[{"annotations":[],"name":"echoUserArray","parameterTypes":["io.dubboconsole.demo.api.User[]"],
 *              "parameters":[],"returnType":"io.dubboconsole.demo.api.User[]"},…],
 *  "parameters":{"side":"provider","interface":"…","version":"1.0.0","group":"demo","methods":"…",…},
 *  "types":[…],"uniqueId":"io.dubboconsole.demo.api.TypesService@file:/…/classes/"}
 * ```
 *
 * The two lines differ only in `types`: 3.3 writes flat definitions whose `items` and
 * `properties` are type names (`"properties":{"zip":"int"}`); 2.7 nests whole definitions
 * there, adds `typeBuilderName`, and replaces repeats with fastjson `$ref`s (see
 * fastjson-ref.ts). Both are read into the same flat {@link TypeDefinition}s.
 *
 * Type names are Java canonical names with generics, `", "` collapsed to `","`
 * (TypeDefinition.formatType): `int`, `byte[]`, `io.dubboconsole.demo.api.User[]`,
 * `java.util.List<io.dubboconsole.demo.api.User>`,
 * `java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>`.
 */
export interface ServiceDefinition {
  /** The interface's canonical name. */
  readonly canonicalName: string;
  /** Where the provider loaded the interface from; null when not written. */
  readonly codeSource: string | null;
  /** Every method, overloads as separate entries; sorted by {@link compareMethods}. */
  readonly methods: readonly MethodSignature[];
  /** The types the methods use, as far as the provider described them; sorted by name. */
  readonly types: readonly TypeDefinition[];
  readonly annotations: readonly string[];
  /** The provider URL's parameters at export (group, version, methods, timeout, …). */
  readonly parameters: Readonly<Record<string, string>>;
}

/** One method as the provider declared it. */
export interface MethodSignature {
  readonly name: string;
  /** Canonical Java names, in order; empty for a method without parameters. */
  readonly parameterTypes: readonly string[];
  /** Canonical Java name; `void` for none. */
  readonly returnType: string;
}

/** One Java type as the metadata describes it (TypeDefinition). */
export interface TypeDefinition {
  readonly type: string;
  /** Element types of an array or collection, key and value types of a map; empty when Dubbo could not name them all. */
  readonly items: readonly string[];
  /** Constant names of an enum. */
  readonly enums: readonly string[];
  /** Bean properties of a POJO: name → type. */
  readonly properties: Readonly<Record<string, string>>;
}

const methodSchema = z.object({
  name: z.string().min(1),
  parameterTypes: z.array(z.string().min(1)),
  returnType: z.string().min(1),
  parameters: z.array(z.unknown()).optional(),
  annotations: z.array(z.string()).optional(),
});

const definitionSchema = z.object({
  canonicalName: z.string().min(1),
  codeSource: z.string().nullish(),
  methods: z.array(methodSchema),
  types: z.array(z.unknown()).optional(),
  annotations: z.array(z.string()).optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  uniqueId: z.string().optional(),
});

/** One type entry, before its items and properties are read (they are names, objects or `$ref`s). */
const rawTypeSchema = z.object({
  type: z.string().min(1),
  items: z.array(z.unknown()).optional(),
  enums: z.array(z.string()).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  typeBuilderName: z.string().optional(),
});

/** Parses a service definition node, 2.7 or 3.x. */
export function parseServiceDefinition(json: string): NodeParse<ServiceDefinition> {
  const text = parseJsonText(json, "service definition JSON");
  if (!text.ok) return text;
  const root = text.value;
  const parsed = validate(root, definitionSchema, "service definition JSON");
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const types = new Map<string, TypeDefinition>();
  const rootTypes = (root as { types?: unknown }).types;
  const problem = new TypeReader(root, types).readAll([
    ...(raw.types ?? []).map((t, i) => ({ value: t, path: ["types", i], ancestors: [root, rootTypes] })),
    ...raw.methods.flatMap((m, mi) =>
      (m.parameters ?? []).map((t, i) => ({ value: t, path: ["methods", mi, "parameters", i], ancestors: [root] })),
    ),
  ]);
  if (problem) return rejected(`service definition JSON: ${problem}`);
  return {
    ok: true,
    value: {
      canonicalName: raw.canonicalName,
      codeSource: raw.codeSource ?? null,
      methods: raw.methods.map((m) => ({ name: m.name, parameterTypes: m.parameterTypes, returnType: m.returnType })).sort(compareMethods),
      types: [...types.values()].sort((a, b) => a.type.localeCompare(b.type)),
      annotations: raw.annotations ?? [],
      parameters: raw.parameters ?? {},
    },
  };
}

/** By name, then by number of parameters, then by parameter types: overloads stay apart, in a stable order. */
export function compareMethods(a: MethodSignature, b: MethodSignature): number {
  return (
    a.name.localeCompare(b.name) ||
    a.parameterTypes.length - b.parameterTypes.length ||
    a.parameterTypes.join(",").localeCompare(b.parameterTypes.join(","))
  );
}

interface Entry {
  readonly value: unknown;
  readonly path: readonly (string | number)[];
  /** The objects enclosing `value`, outermost first, for `@` and `..` references. */
  readonly ancestors: readonly unknown[];
}

/** Thrown inside {@link TypeReader} only, to stop at the first bad entry with its path. */
class BadType {
  constructor(readonly message: string) {}
}

/** Flattens type entries (names, definitions, or references to definitions) into `types`. */
class TypeReader {
  constructor(
    private readonly root: unknown,
    private readonly types: Map<string, TypeDefinition>,
  ) {}

  /** Reads every entry; returns the first problem, or undefined when all were read. */
  readAll(entries: readonly Entry[]): string | undefined {
    try {
      for (const e of entries) this.nameOf(e);
      return undefined;
    } catch (e) {
      if (e instanceof BadType) return e.message;
      throw e;
    }
  }

  /** The type name an entry stands for; records the definitions it carries. */
  private nameOf(entry: Entry): string {
    const { value, path, ancestors } = entry;
    if (typeof value === "string" && value !== "") return value;
    const ref = refOf(value);
    if (ref !== undefined) {
      const target = resolveRef(ref, this.root, ancestors);
      const type = (target as { type?: unknown } | undefined)?.type;
      if (typeof type !== "string" || type === "") throw this.bad(path, `$ref ${JSON.stringify(ref)} does not lead to a type definition`);
      return type;
    }
    const checked = validate(value, rawTypeSchema, "type definition");
    if (!checked.ok) throw this.bad(path, checked.reason);
    const def = checked.value;
    const inside = [...ancestors, value];
    // 2.7 writes null for an element type it cannot name (a type variable: the `K,V` of
    // protobuf's MapField.MutabilityAwareMap<K,V>), where 3.3 leaves `items` empty; read as 3.3.
    const raw = def.items ?? [];
    const items = raw.includes(null) ? [] : raw.map((v, i) => this.nameOf({ value: v, path: [...path, "items", i], ancestors: [...inside, def.items] }));
    const properties: Record<string, string> = {};
    for (const [name, v] of Object.entries(def.properties ?? {})) {
      properties[name] = this.nameOf({ value: v, path: [...path, "properties", name], ancestors: [...inside, def.properties] });
    }
    if (!this.types.has(def.type)) this.types.set(def.type, { type: def.type, items, enums: def.enums ?? [], properties });
    return def.type;
  }

  private bad(path: readonly (string | number)[], message: string): BadType {
    return new BadType(`${path.map(String).join(".")}: ${message}`);
  }
}
