import { describeTypeFault, type JavaTypeRef, parseJavaType, PRIMITIVE_DESCRIPTORS } from "@/lib/dubbo/java-type-ref";
import { ValidationError } from "@/lib/errors";

/**
 * JVM descriptors of parameter types, as Dubbo's ReflectUtils.getDesc(Class[]) writes them
 * into a request body (the 5th string; DubboCodec.encodeRequestData), and as the provider
 * matches them against its MethodDescriptor: `int` → `I`, `java.lang.String` →
 * `Ljava/lang/String;`, `long[]` → `[J`, `io.x.User[]` → `[Lio/x/User;`, `a.Outer$Inner` →
 * `La/Outer$Inner;`. Generics are erased (`java.util.List<java.lang.Long>` →
 * `Ljava/util/List;`), type variables become `Ljava/lang/Object;`.
 */

/** Descriptors already written, per parsed type (parses are shared: see parseJavaType). */
const descriptors = new WeakMap<JavaTypeRef, string>();

/** The descriptor of one type. */
export function descriptorOfType(type: JavaTypeRef): string {
  let d = descriptors.get(type);
  if (d === undefined) {
    d = uncachedDescriptor(type);
    descriptors.set(type, d);
  }
  return d;
}

function uncachedDescriptor(type: JavaTypeRef): string {
  switch (type.kind) {
    case "primitive":
      return PRIMITIVE_DESCRIPTORS[type.name];
    case "array":
      return `[${descriptorOfType(type.component)}`;
    case "class":
      return `L${type.name.replaceAll(".", "/")};`;
  }
}

/**
 * The concatenated descriptors of `parameterTypes` (`""` for none). Throws ValidationError
 * naming `parameterTypes[i]` when a name is not a Java type, or is `void`.
 */
export function descriptorOf(parameterTypes: readonly string[]): string {
  if (parameterTypes.length === 1) return descriptorOfType(parseParameterTypes(parameterTypes)[0]!);
  return parseParameterTypes(parameterTypes).map(descriptorOfType).join("");
}

/** Parses parameter type names; throws ValidationError naming each bad one (`parameterTypes[i]`). */
export function parseParameterTypes(parameterTypes: readonly string[]): JavaTypeRef[] {
  const issues: { path: string; message: string }[] = [];
  const types = parameterTypes.map((name, i) => {
    const parsed = parseJavaType(name);
    if (!parsed.ok) issues.push({ path: `parameterTypes[${i}]`, message: `not a Java type: ${describeTypeFault(name, parsed)}` });
    else if (parsed.type.kind === "primitive" && parsed.type.name === "void") issues.push({ path: `parameterTypes[${i}]`, message: "void is not a parameter type" });
    return parsed.ok ? parsed.type : undefined;
  });
  if (issues.length > 0) throw new ValidationError(issues.map((i) => `${i.path}: ${i.message}`).join("; "), issues);
  return types as JavaTypeRef[];
}

/**
 * The name Dubbo's generic invocation takes for a type (`$invoke`'s String[] types, read by
 * ReflectUtils.name2class): the erased name, arrays with `[]`: `int`, `java.lang.String[]`,
 * `a.Outer$Inner`, `java.util.List`.
 */
export function genericTypeName(type: JavaTypeRef): string {
  switch (type.kind) {
    case "primitive":
      return type.name;
    case "class":
      return type.name;
    case "array":
      return `${genericTypeName(type.component)}[]`;
  }
}
