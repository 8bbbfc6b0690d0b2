import { describe, expect, it } from "vitest";
import { binaryClassName, describeTypeFault, erasedTypeName, erasure, formatJavaType, isJavaType, type JavaTypeRef, parseJavaType, splitTypeList } from "@/lib/dubbo/java-type-ref";

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

describe("faults", () => {
  it.each([
    ["java.util.List<java.lang.String", "a closing '>' is missing", 31],
    ["java..lang.String", 'unexpected "."', 4],
    ["int x", 'unexpected "x"', 4],
    ["java.util.List<>", 'unexpected ">"', 15],
    ["java.util.Map<int;", "expected ',' or '>' but found \";\"", 17],
    ["", "the type name is empty", 0],
  ])("%j: says what and at which offset", (text, reason, offset) => {
    expect(parseJavaType(text)).toEqual({ ok: false, reason, offset });
  });

  it("reads the fault in words with its place", () => {
    const result = parseJavaType("int[");
    expect(!result.ok && describeTypeFault("int[", result)).toBe('unexpected "[" at offset 3 of "int["');
  });
});

describe("Java white space", () => {
  it("takes tabs, line breaks and form feeds between tokens, as javac does", () => {
    expect(parse("java.util.Map<\tjava.lang.String,\n\r\fint[]\t>")).toEqual(parse("java.util.Map<java.lang.String,int[]>"));
  });

  it("refuses other Unicode spaces, which Java does not take as white space", () => {
    expect(isJavaType("java.util.List<\u00a0java.lang.String>")).toBe(false);
    expect(isJavaType("\u2003int")).toBe(false);
  });
});

describe("what the browser's type names read differently now that it uses this parser", () => {
  it("refuses varargs anywhere but at the end, and type arguments on a primitive", () => {
    expect(isJavaType("java.util.List<java.lang.String...>")).toBe(false);
    expect(isJavaType("int<java.lang.String>")).toBe(false);
    expect(isJavaType("java.lang.String...[]")).toBe(false);
  });

  it("reads the JVM's array names", () => {
    expect(isJavaType("[Ljava.lang.String;")).toBe(true);
    expect(formatJavaType(parse("[[I"))).toBe("int[][]");
  });

  it.each(["", "int[", "java.util.List<", "java.util.List<>", "a..b", "1abc", "List<String>>", "int x", "? extends"])("refuses %j", (text) => {
    expect(isJavaType(text)).toBe(false);
  });
});

describe("erasure", () => {
  it("drops type arguments at every array depth", () => {
    expect(formatJavaType(erasure(parse("java.util.Map<java.lang.String,java.util.List<io.x.User>>")))).toBe("java.util.Map");
    expect(formatJavaType(erasure(parse("java.util.List<io.x.User>[][]")))).toBe("java.util.List[][]");
    const raw = parse("io.x.User[]");
    expect(erasure(raw)).toBe(raw);
  });

  it("names the erased type as the JVM tells overloads apart: one spelling for every way of writing it", () => {
    expect(erasedTypeName("java.util.List<io.x.User>")).toBe("java.util.List");
    expect(erasedTypeName("[Ljava.lang.String;")).toBe(erasedTypeName("java.lang.String[]"));
    expect(erasedTypeName("String")).toBe("java.lang.String");
    expect(erasedTypeName("io.x.Outer.Inner")).toBe("io.x.Outer$Inner");
    expect(erasedTypeName("java.lang.String...")).toBe("java.lang.String[]");
    expect(erasedTypeName("not a type")).toBe("notatype");
  });
});

describe("splitTypeList", () => {
  it("splits a typed list of parameter types at the commas outside generics", () => {
    expect(splitTypeList(" java.lang.String , java.util.Map<java.lang.String, java.lang.Integer>,int ")).toEqual([
      "java.lang.String",
      "java.util.Map<java.lang.String, java.lang.Integer>",
      "int",
    ]);
    expect(splitTypeList("   ")).toEqual([]);
    expect(splitTypeList("int,")).toEqual(["int", ""]);
  });
});
