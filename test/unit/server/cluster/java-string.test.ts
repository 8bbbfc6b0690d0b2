import { describe, expect, it } from "vitest";
import { javaStringOf } from "@/server/cluster/java-string";

const text = (value: unknown, type?: string) => javaStringOf(value, type);

describe("String.valueOf of a JSON argument", () => {
  it("prints integral types as decimal integers, from numbers or decimal strings", () => {
    expect([text(42, "int"), text("9007199254740993", "long"), text("+7", "java.lang.Long"), text(-3, "java.math.BigInteger")]).toEqual([
      { text: "42", exact: true },
      { text: "9007199254740993", exact: true },
      { text: "7", exact: true },
      { text: "-3", exact: true },
    ]);
  });

  it("prints doubles and floats as Java does", () => {
    expect([text(1, "double"), text(0.1, "java.lang.Float"), text(1e7, "java.lang.Double"), text(-0.0005, "double")].map((t) => t?.text)).toEqual(["1.0", "0.1", "1.0E7", "-5.0E-4"]);
  });

  it("prints strings, chars, booleans and enum constants as themselves, a null argument as null", () => {
    expect([text("a b", "java.lang.String"), text("x", "char"), text(true, "boolean"), text("RED", "com.foo.Color")].map((t) => t?.text)).toEqual(["a b", "x", "true", "RED"]);
    expect(text(null, "java.lang.String")).toBeNull();
  });

  it("prints lists as [a, b], and marks what Java prints its own way as inexact", () => {
    expect(text(["a", 1, null], "java.util.List")).toEqual({ text: "[a, 1, null]", exact: false });
    expect(text(["a", "b"], "java.util.ArrayList")).toEqual({ text: "[a, b]", exact: true });
    expect(text({ name: "x" }, "com.foo.User")).toEqual({ text: '{"name":"x"}', exact: false });
    expect(text("2024-01-01T00:00:00.000Z", "java.util.Date")).toEqual({ text: '"2024-01-01T00:00:00.000Z"', exact: false });
    expect(text([1, 2], "int[]")).toEqual({ text: "[1,2]", exact: false });
    expect(text(5, undefined)).toEqual({ text: "5", exact: false });
  });

  it("reads the type by its erased name, however it is spelt", () => {
    expect(text(["a", "b"], "java.util.ArrayList<java.lang.String>")).toEqual({ text: "[a, b]", exact: true });
    expect(text("7", "Long")).toEqual({ text: "7", exact: true });
    expect(text([1, 2], "[I")).toEqual({ text: "[1,2]", exact: false });
    expect(text("RED", "io.x.Outer.Color")).toEqual({ text: "RED", exact: true });
  });
});
