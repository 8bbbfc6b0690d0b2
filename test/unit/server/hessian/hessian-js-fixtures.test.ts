import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import { type HessianValue, JavaDouble } from "@/server/protocol/hessian/java/java-values";

// Java-written hessian2 vectors from hessian.js's test suite (test/fixtures/hessian-js/README.md).
const ROOT = join(import.meta.dirname, "..", "..", "..", "fixtures", "hessian-js", "v2");

function vectors(dir: string): [string, Buffer][] {
  return readdirSync(join(ROOT, dir))
    .sort()
    .map((file) => [file.replace(/\.bin$/, ""), readFileSync(join(ROOT, dir, file))]);
}

function decode(bytes: Buffer): unknown {
  const reader = new HessianReader(bytes);
  const value = reader.read();
  expect(reader.atEnd).toBe(true);
  return value;
}

/** `-0x800000` and `10.1` alike. */
function numberOf(name: string): number {
  return name.startsWith("-0x") ? -Number(name.slice(1)) : Number(name);
}

describe("hessian.js's Java-written vectors", () => {
  it.each(vectors("long"))("long %s: written and read as Java does", (name, bytes) => {
    expect(encodeHessian([BigInt(name)]).toString("hex")).toBe(bytes.toString("hex"));
    expect(decode(bytes)).toBe(Number(name));
  });

  it.each(vectors("number"))("int %s: written and read as Java does", (name, bytes) => {
    expect(encodeHessian([Number(name)]).toString("hex")).toBe(bytes.toString("hex"));
    expect(decode(bytes)).toBe(Number(name));
  });

  it.each(vectors("double"))("double %s: written and read as Java does", (name, bytes) => {
    expect(encodeHessian([new JavaDouble(numberOf(name))]).toString("hex")).toBe(bytes.toString("hex"));
    expect(decode(bytes)).toBe(numberOf(name));
  });

  it.each(vectors("date"))("Date %s: written and read as Java does", (name, bytes) => {
    expect(encodeHessian([new Date(Number(name))]).toString("hex")).toBe(bytes.toString("hex"));
    expect((decode(bytes) as Date).getTime()).toBe(Number(name));
  });

  const strings: Record<string, string> = {
    empty: "",
    foo: "foo",
    chinese: "中文 Chinese",
    "0123456789012345678901234567890": "0123456789012345678901234567890",
    "01234567890123456789012345678901": "01234567890123456789012345678901",
  };
  it.each(vectors("string"))("string %s: written and read as Java does", (name, bytes) => {
    // This one was written by an older Hessian2Output, as `S 00 20`; hessian-lite 4 (like us,
    // and as hessian.js's own test says) writes 32 characters in the short form `30 20`.
    const expected = name === "01234567890123456789012345678901" ? Buffer.concat([Buffer.from([0x30, 0x20]), Buffer.from(name)]) : bytes;
    expect(encodeHessian([strings[name]!]).toString("hex")).toBe(expected.toString("hex"));
    expect(decode(bytes)).toBe(strings[name]);
  });

  const values: Record<string, unknown> = {
    "list/[int": [1, 2, 3],
    "list/[string": ["1", "@", "3"],
    "list/typed_list": ["ok", "some list"],
    "list/typed_list_8": ["1", "2", "3", "4", "5", "6", "7", "8"],
    "list/untyped_<String>[foo,bar]": ["foo", "bar"],
    "list/untyped_[]": [],
    "list/untyped_list": [1, 2, "foo"],
    "list/untyped_list_8": ["1", "2", "3", "4", "5", "6", "7", "8"],
    // A typed map (`M hessian.demo.Car`), as Hessian 1 wrote objects.
    "map/car": { a: "a", c: "c", b: "b", model: "Beetle", color: "aquamarine", mileage: 65536 },
    // Its `self` field refers back to the car.
    "map/car1": { model: "Beetle", color: "aquamarine", mileage: 65536, self: "(cycle: hessian.demo.Car)", prev: null },
    "map/foo_bar": { "123": 456, foo: "bar", zero: 0, 中文key: "中文哈哈value" },
    "map/foo_empty": { foo: "" },
    // Integer keys.
    "map/generic": { "123": 123456, "123456": 123 },
    "map/hashtable": { 中文key: "中文哈哈value", foo: "bar" },
    "enum/blue": "BLUE",
    "enum/green": "GREEN",
    "enum/red": "RED",
    "enum/lists": ["BLUE", "RED", "GREEN"],
    "exception/IOException": { class: "java.io.IOException", message: "this is a java IOException instance", stackTrace: ["hessian.Main.main(Main.java:1283)"] },
    "exception/UndeclaredThrowableException": {
      class: "java.lang.reflect.UndeclaredThrowableException",
      message: null,
      stackTrace: ["hessian.Main.main(Main.java:1283)"],
      fields: { undeclaredThrowable: { class: "java.io.IOException", message: "this is a java IOException instance", stackTrace: ["hessian.Main.main(Main.java:1283)"] } },
    },
    "object/AtomicLong0": { value: 0 },
    "object/AtomicLong1": { value: 1 },
  };
  it.each(Object.entries(values))("%s reads as its JSON", (name, json) => {
    expect(fromJava(decode(readFileSync(join(ROOT, `${name}.bin`))))).toEqual(json);
  });

  it("reads the car list's second and third cars through class definition references", () => {
    const cars = decode(readFileSync(join(ROOT, "map", "car_list.bin"))) as HessianValue[];
    expect((fromJava(cars) as { model: string }[]).map((c) => c.model)).toEqual(["model 1", "model 2", "model 3"]);
  });
});
