import { describe, expect, it } from "vitest";
import { erasedTypeName, formatJavaTypeName, parseJavaTypeName, splitTypeList } from "@/lib/invoke/java-type-name";

describe("Java type names", () => {
  it("reads nested generics as the metadata writes them, and writes them back the same", () => {
    const text = "java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>";
    const type = parseJavaTypeName(text)!;
    expect(type.name).toBe("java.util.Map");
    expect(type.args.map(formatJavaTypeName)).toEqual(["java.lang.String", "java.util.List<io.dubboconsole.demo.api.Address>"]);
    expect(formatJavaTypeName(type)).toBe(text);
    expect(erasedTypeName(type)).toBe("java.util.Map");
  });

  it("counts array dimensions, and reads varargs as one more", () => {
    expect(parseJavaTypeName("int[][]")).toEqual({ name: "int", args: [], dims: 2 });
    expect(parseJavaTypeName("java.lang.String...")).toEqual({ name: "java.lang.String", args: [], dims: 1 });
    expect(formatJavaTypeName(parseJavaTypeName("java.util.List<int[]>[]")!)).toBe("java.util.List<int[]>[]");
  });

  it("takes spaces after commas and nested classes, and reads wildcards as their bound", () => {
    expect(formatJavaTypeName(parseJavaTypeName("java.util.Map<String, io.x.Outer$Inner>")!)).toBe("java.util.Map<String,io.x.Outer$Inner>");
    expect(formatJavaTypeName(parseJavaTypeName("java.util.List<? extends io.x.User>")!)).toBe("java.util.List<io.x.User>");
    expect(formatJavaTypeName(parseJavaTypeName("java.util.List<?>")!)).toBe("java.util.List<java.lang.Object>");
    expect(formatJavaTypeName(parseJavaTypeName("java.util.List<? super io.x.User>")!)).toBe("java.util.List<java.lang.Object>");
  });

  it.each(["", "int[", "java.util.List<", "java.util.List<>", "a..b", "1abc", "List<String>>", "int x"])("refuses %j", (text) => {
    expect(parseJavaTypeName(text)).toBeNull();
  });

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
