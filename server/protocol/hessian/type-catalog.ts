import { binaryClassName, type JavaTypeRef, OBJECT_TYPE, parseJavaType } from "@/lib/dubbo/java-type-ref";
import type { TypeDefinition } from "@/lib/dubbo/service-definition";

/**
 * What the service metadata says about the classes a service's methods use (the `types`
 * of its FullServiceDefinition, lib/dubbo/service-definition.ts): the fields of a POJO
 * with their declared types, the constants of an enum. to-java.ts reads JSON into such a
 * class by it; a class the catalog does not know is read from the JSON's own shape.
 */
export interface JavaClassInfo {
  /** Binary name: `io.x.User`, `io.x.Outer$Inner`. */
  readonly name: string;
  /** The enum's constants; empty for a class that is not an enum. */
  readonly enumConstants: readonly string[];
  /**
   * The class's non-static, non-transient fields (its superclasses' too: Dubbo's
   * DefaultTypeBuilder reads ClassUtils.getNonStaticFields), name → declared type, in the
   * metadata's order.
   */
  readonly fields: ReadonlyMap<string, JavaTypeRef>;
}

/** Classes by binary name. */
export interface TypeCatalog {
  lookup(className: string): JavaClassInfo | undefined;
}

/** Knows no class: every value is read from its JSON shape. */
export const EMPTY_TYPE_CATALOG: TypeCatalog = { lookup: () => undefined };

/**
 * The catalog of a service definition's types. Entries that say nothing about a class
 * (JDK types, arrays, parameterized collections, classes without fields) are left out, so
 * that such a class is read from its JSON rather than as an empty object. A field type the
 * console cannot parse is taken as java.lang.Object.
 */
export function typeCatalogOf(definitions: readonly TypeDefinition[]): TypeCatalog {
  const classes = new Map<string, JavaClassInfo>();
  for (const d of definitions) {
    if (d.type.includes("<") || d.type.includes("[")) continue;
    const properties = Object.entries(d.properties);
    if (d.enums.length === 0 && properties.length === 0) continue;
    const name = binaryClassName(d.type);
    const fields = new Map<string, JavaTypeRef>();
    for (const [field, type] of properties) {
      const parsed = parseJavaType(type);
      fields.set(field, parsed.ok ? parsed.type : OBJECT_TYPE);
    }
    classes.set(name, { name, enumConstants: d.enums, fields });
  }
  return { lookup: (className) => classes.get(className) };
}
