import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { descriptorOf, genericTypeName, parseParameterTypes } from "@/server/protocol/hessian/java/java-descriptor";

describe("descriptorOf", () => {
  // Expected strings are ReflectUtils.getDesc of the classes, as DubboCodec writes them.
  it.each([
    [[], ""],
    [["int"], "I"],
    [["boolean", "byte", "short", "char", "long", "float", "double"], "ZBSCJFD"],
    [["java.lang.String"], "Ljava/lang/String;"],
    [["long[]"], "[J"],
    [["byte[]"], "[B"],
    [["io.dubboconsole.demo.api.User[]"], "[Lio/dubboconsole/demo/api/User;"],
    [["java.util.List<java.lang.Long>"], "Ljava/util/List;"],
    [["java.util.Map<java.lang.String,java.util.List<io.x.Address>>"], "Ljava/util/Map;"],
    [["io.x.Outer$Inner", "io.x.Outer.Inner"], "Lio/x/Outer$Inner;Lio/x/Outer$Inner;"],
    [["java.lang.String", "int"], "Ljava/lang/String;I"],
    [["int[][]", "java.lang.String[][]"], "[[I[[Ljava/lang/String;"],
    [["[Ljava.lang.String;"], "[Ljava/lang/String;"],
    [["T"], "Ljava/lang/Object;"],
  ])("%j → %j", (types, desc) => {
    expect(descriptorOf(types)).toBe(desc);
  });

  it("refuses names that are not types, naming each parameter", () => {
    let error: unknown;
    try {
      descriptorOf(["int", "java.util.List<", "void"]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["parameterTypes[1]", "parameterTypes[2]"]);
    expect((error as ValidationError).code).toBe("validation_failed");
  });
});

describe("genericTypeName", () => {
  it("erases generics and keeps arrays as name2class reads them", () => {
    expect(parseParameterTypes(["java.util.List<java.lang.Long>", "int[]", "io.x.Outer.Inner", "long"]).map(genericTypeName)).toEqual([
      "java.util.List",
      "int[]",
      "io.x.Outer$Inner",
      "long",
    ]);
  });
});
