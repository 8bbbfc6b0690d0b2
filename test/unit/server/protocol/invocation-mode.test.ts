import { describe, expect, it } from "vitest";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { EMPTY_TYPE_CATALOG, typeCatalogOf } from "@/server/protocol/hessian/type-catalog";
import { JavaList, JavaMap } from "@/server/protocol/hessian/java/java-values";
import { bodyPath, invocationMode, prepareArguments } from "@/server/protocol/invocation-mode";

const USER_TYPES = typeCatalogOf([{ type: "io.x.User", items: [], enums: [], properties: { id: "long", name: "java.lang.String" } }]);

describe("the mode of an invocation", () => {
  it("is typed when the metadata describes the service's classes", () => {
    expect(invocationMode(["io.x.User"], 1, USER_TYPES)).toBe("typed");
  });

  it("is typed without metadata when the types name JDK classes and primitives only", () => {
    expect(invocationMode(["java.util.Map<java.lang.String,java.util.List<java.lang.Long>>", "int[]"], 2, null)).toBe("typed");
    expect(invocationMode([], 0, null)).toBe("typed");
  });

  it("is generic without metadata when a type names an application class, even inside generics or arrays", () => {
    expect(invocationMode(["io.x.User"], 1, null)).toBe("generic");
    expect(invocationMode(["java.util.List<io.x.User>"], 1, null)).toBe("generic");
    expect(invocationMode(["io.x.User[]"], 1, null)).toBe("generic");
  });

  it("is generic when the types are unknown and the call has arguments", () => {
    expect(invocationMode([], 2, USER_TYPES)).toBe("generic");
  });
});

describe("preparing the arguments", () => {
  it("sends no types for a generic call by name, each argument read from its JSON shape", () => {
    const p = prepareArguments("generic", [], [{ name: "a" }, [1]], EMPTY_TYPE_CATALOG);
    expect(p.parameterTypes).toBeNull();
    expect(p.args[0]).toBeInstanceOf(JavaMap);
    expect(p.args[1]).toBeInstanceOf(JavaList);
  });

  it("names every argument that does not fit from the body's root", () => {
    let error: unknown;
    try {
      prepareArguments("typed", ["io.x.User", "int"], [{ id: "x" }, "y"], USER_TYPES);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidArgumentsError);
    expect((error as InvalidArgumentsError).issues.map((i) => i.path)).toEqual(["args.0.id", "args.1"]);
  });

  it("writes to-java's paths as the API does", () => {
    expect(bodyPath('args[0].labels["a b"][2].zip')).toBe("args.0.labels.a b.2.zip");
  });
});
