/**
 * fastjson's back-references. Dubbo 2.7 writes service definitions with fastjson, which
 * replaces every object it has already written with `{"$ref":"<path>"}` (its default
 * `DisableCircularReferenceDetect=false`). From a 2.7.23 TypesService definition:
 *
 * ```json
 * "types":[{"type":"java.lang.String",…},{"properties":{"address":{"properties":{"city":{"$ref":"$.types[0]"}},…},…},…},
 *          {"$ref":"$.types[1].properties.address.properties.zip"}]
 * ```
 *
 * A path starts at the document (`$`), at the object being written (`@`) or its parent
 * (`..`), then steps through `.name`, `[index]` or `["name"]` (JSONPath as fastjson's
 * `JSONSerializer.writeReference` writes it). fastjson 1.2.83 (Dubbo 2.7.23's) writes every
 * name as `.name` and puts a backslash before each character of it that is not a letter or
 * a digit: the field `city_` of a protoc-generated class is `$.types[5].properties.city\_`.
 */

/** The `$ref` of a reference object; undefined for anything else. */
export function refOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$ref;
  return typeof ref === "string" && Object.keys(value).length === 1 ? ref : undefined;
}

/**
 * Follows `ref` to the value it names. `ancestors` are the objects enclosing the reference,
 * outermost first (the last one holds the reference). Follows a reference to a reference,
 * at most a few times. Returns undefined when the path leads nowhere.
 */
export function resolveRef(ref: string, root: unknown, ancestors: readonly unknown[]): unknown {
  let target = step(ref, root, ancestors);
  for (let hops = 0; hops < 8; hops++) {
    const next = refOf(target);
    if (next === undefined) return target;
    target = step(next, root, []);
  }
  return undefined;
}

function step(ref: string, root: unknown, ancestors: readonly unknown[]): unknown {
  if (ref === "@") return ancestors.at(-1);
  if (ref === "..") return ancestors.at(-2);
  if (!ref.startsWith("$")) return undefined;
  const segments = pathSegments(ref.slice(1));
  if (segments === undefined) return undefined;
  let at: unknown = root;
  for (const s of segments) {
    if (typeof at !== "object" || at === null) return undefined;
    if (typeof s === "number") {
      if (!Array.isArray(at)) return undefined;
      at = at[s];
    } else {
      if (Array.isArray(at) || !Object.hasOwn(at, s)) return undefined;
      at = (at as Record<string, unknown>)[s];
    }
  }
  return at;
}

/** `.a[2]["b.c"]` → `["a", 2, "b.c"]`, and fastjson's escaped `.b\.c` → `["b.c"]`; undefined when malformed. */
function pathSegments(path: string): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  const token = /\.((?:[^.[\]\\]|\\.)+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/y;
  let i = 0;
  while (i < path.length) {
    token.lastIndex = i;
    const m = token.exec(path);
    if (!m) return undefined;
    if (m[1] !== undefined) out.push(m[1].replace(/\\(.)/g, "$1"));
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push((m[3] ?? "").replace(/\\(.)/g, "$1"));
    i = token.lastIndex;
  }
  return out;
}
