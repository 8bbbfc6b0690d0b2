import { describe, expect, it } from "vitest";
import { binaryClassName, formatJavaType, type JavaTypeRef, parseJavaType } from "@/lib/dubbo/java-type-ref";

function parse(text: string): JavaTypeRef {
  const result = parseJavaType(text);
  if (!result.ok) throw new Error(result.reason);
  return result.type;
}

describe("parseJavaType", () => {
  it("reads primitives, classes and arrays as Java source writes them", () => {
    expect(parse("int")).toEqual({ kind: "primitive", name: "int" });
    expect(parse("java.lang.String")).toEqual({ kind: "class", name: "java.lang.String", args: [] });
    expect(parse("long[][]")).toEqual({ kind: "array", component: { kind: "array", component: { kind: "primitive", name: "long" } } });
    expect(parse("io.x.User[]")).toEqual({ kind: "array", component: { kind: "class", name: "io.x.User", args: [] } });
    expect(parse("java.lang.String...")).toEqual({ kind: "array", component: { kind: "class", name: "java.lang.String", args: [] } });
  });

  it("reads generics as the metadata report writes them, spaces or not", () => {
    expect(formatJavaType(parse("java.util.Map<java.lang.String,java.util.List<io.x.Address>>"))).toBe("java.util.Map<java.lang.String,java.util.List<io.x.Address>>");
    expect(parse("java.util.Map< java.lang.String , java.lang.Long >")).toEqual(parse("java.util.Map<java.lang.String,java.lang.Long>"));
    expect(formatJavaType(parse("java.util.List<java.lang.Long>[]"))).toBe("java.util.List<java.lang.Long>[]");
  });

  it("reads wildcards as their bound and type variables as Object", () => {
    expect(formatJavaType(parse("java.util.List<? extends io.x.Shape>"))).toBe("java.util.List<io.x.Shape>");
    expect(formatJavaType(parse("java.util.List<? super io.x.Shape>"))).toBe("java.util.List<java.lang.Object>");
    expect(formatJavaType(parse("java.util.Map<K,V>"))).toBe("java.util.Map<java.lang.Object,java.lang.Object>");
    expect(formatJavaType(parse("T[]"))).toBe("java.lang.Object[]");
  });

  it("reads java.lang simple names as java.lang classes", () => {
    expect(formatJavaType(parse("String"))).toBe("java.lang.String");
    expect(formatJavaType(parse("java.util.List<Long>"))).toBe("java.util.List<java.lang.Long>");
  });

  it("reads the JVM's own array names, as ReflectUtils.name2class does", () => {
    expect(parse("[I")).toEqual(parse("int[]"));
    expect(parse("[[J")).toEqual(parse("long[][]"));
    expect(parse("[Ljava.lang.String;")).toEqual(parse("java.lang.String[]"));
    expect(parse("[Lio/x/Outer$Inner;")).toEqual(parse("io.x.Outer$Inner[]"));
  });

  it("turns canonical nested names into binary names", () => {
    expect(formatJavaType(parse("io.x.Outer.Inner"))).toBe("io.x.Outer$Inner");
    expect(formatJavaType(parse("java.util.Map.Entry<java.lang.String,java.lang.Integer>"))).toBe("java.util.Map$Entry<java.lang.String,java.lang.Integer>");
  });

  it.each([
    ["", "empty"],
    ["java.util.List<java.lang.String", "closing '>'"],
    ["int<java.lang.String>", "takes no type arguments"],
    ["java..lang.String", "unexpected \".\""],
    ["java.lang.String;", "unexpected"],
    ["[Q", "primitive letter"],
    ["[Ljava.lang.String", "';'"],
    ["9abc", "not a Java name"],
  ])("refuses %j, saying why", (text, why) => {
    const result = parseJavaType(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(why);
  });
});

describe("binaryClassName", () => {
  it.each([
    ["io.x.Outer.Inner", "io.x.Outer$Inner"],
    ["io.x.Outer.Middle.Inner", "io.x.Outer$Middle$Inner"],
    ["io.x.Outer$Inner", "io.x.Outer$Inner"],
    ["io.x.User", "io.x.User"],
    ["com.Acme.api.User", "com.Acme.api.User"],
    ["Outer.Inner", "Outer$Inner"],
    ["User", "User"],
  ])("%s → %s", (canonical, binary) => {
    expect(binaryClassName(canonical)).toBe(binary);
  });
});
