import type { Method } from "../../api/catalog-entities";
import { shortJavaType } from "../../format/java-type";

/**
 * Which of a service's methods the Invoke page opens on: the one the address names by
 * name and parameter types; by name alone, the first overload of that name (overloads are
 * listed apart, in the metadata's order); -1 when none is named or none matches.
 */
export function preselectedMethod(methods: readonly Method[], name: string, types: readonly string[] | null): number {
  if (name === "") return -1;
  if (types !== null) {
    const exact = methods.findIndex((m) => m.name === name && m.parameterTypes !== null && sameTypes(m.parameterTypes, types));
    if (exact >= 0) return exact;
  }
  return methods.findIndex((m) => m.name === name);
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  const compact = (t: string) => t.replaceAll(" ", "");
  return a.length === b.length && a.every((t, i) => compact(t) === compact(b[i]!));
}

/** `describe(String, int)`: the method's name and short parameter types; the name alone when its types are unknown. */
export function methodLabel(method: Method): string {
  return method.parameterTypes === null ? method.name : `${method.name}(${method.parameterTypes.map(shortJavaType).join(", ")})`;
}
