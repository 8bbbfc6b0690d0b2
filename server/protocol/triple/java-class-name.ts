import { type JavaTypeRef, parseJavaType, PRIMITIVE_DESCRIPTORS } from "@/lib/dubbo/java-type-ref";
import { ValidationError } from "@/lib/errors";

/**
 * Class.getName() of a parameter type, as a Triple wrapper's argTypes carry it: `int`,
 * `java.lang.String`, `[I`, `[Ljava.lang.String;`, `[[J`; generics erased.
 * @throws ValidationError for a text that is not a Java type.
 */
export function javaClassName(typeName: string): string {
  const parsed = parseJavaType(typeName);
  if (!parsed.ok) throw new ValidationError(`${JSON.stringify(typeName)} is not a Java type: ${parsed.reason}`, [{ path: "parameterTypes", message: parsed.reason }]);
  return nameOf(parsed.type, true);
}

function nameOf(type: JavaTypeRef, top: boolean): string {
  switch (type.kind) {
    case "primitive":
      return top ? type.name : PRIMITIVE_DESCRIPTORS[type.name];
    case "class":
      return top ? type.name : `L${type.name};`;
    case "array":
      return `[${nameOf(type.component, false)}`;
  }
}
