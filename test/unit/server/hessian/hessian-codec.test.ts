import hessian from "hessian.js";
import { describe, expect, it } from "vitest";
import { CodecError } from "@/server/errors/transport-errors";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { encodeHessian, HessianWriter } from "@/server/protocol/hessian/hessian-writer";
import { type HessianValue, JavaDouble, JavaList, JavaMap, JavaObject } from "@/server/protocol/hessian/java/java-values";
import { seededRandom } from "../../../support/seeded-random";

const hex = (values: HessianValue[]) => encodeHessian(values).toString("hex");

function readAll(bytes: Buffer): unknown[] {
  const reader = new HessianReader(bytes);
  const values: unknown[] = [];
  while (!reader.atEnd) values.push(reader.read());
  return values;
}

describe("HessianWriter", () => {
  // Hessian2Output.writeLong's five forms, at each boundary.
  it.each([
    [-8n, "d8"],
    [15n, "ef"],
    [16n, "f810"],
    [-9n, "f7f7"],
    [-2048n, "f000"],
    [2047n, "ffff"],
    [2048n, "3c0800"],
    [-262144n, "380000"],
    [262143n, "3fffff"],
    [262144n, "5900040000"],
    [-2147483648n, "5980000000"],
    [2147483648n, "4c0000000080000000"],
    [9007199254740993n, "4c0020000000000001"],
    [-9223372036854775808n, "4c8000000000000000"],
    [9223372036854775807n, "4c7fffffffffffffff"],
  ])("writes the long %s as Java does: %s", (value, bytes) => {
    expect(hex([value])).toBe(bytes);
  });

  // Hessian2Output.writeDouble: compact forms when `(int) v == v`, milli-units when `0.001 * (int)(v * 1000) == v`.
  it.each([
    [0, "5b"],
    [-0, "5b"],
    [1, "5c"],
    [-128, "5d80"],
    [127, "5d7f"],
    [128, "5e0080"],
    [-32768, "5e8000"],
    [32768, "5f01f40000"],
    [0.001, "5f00000001"],
    [2147483.647, "5f7fffffff"],
    [0.5, "5f000001f4"],
    [1e-7, "443e7ad7f29abcaf48"],
    [NaN, "447ff8000000000000"],
    [Infinity, "447ff0000000000000"],
    [-Infinity, "44fff0000000000000"],
    [2147483648, "4441e0000000000000"],
  ])("writes the double %s as Java does: %s", (value, bytes) => {
    expect(hex([new JavaDouble(value)])).toBe(bytes);
  });

  it("writes numbers by value: int32 integers as ints, others as doubles", () => {
    expect(hex([1, -17, 2.5, 2 ** 31])).toBe(`91c7ef${hex([new JavaDouble(2.5)])}${hex([new JavaDouble(2 ** 31)])}`);
  });

  it("defines a class once per field list, and again for another field list (hessian.js would drop fields)", () => {
    const a = new JavaObject("x.P", { a: 1 });
    const b = new JavaObject("x.P", { a: 2 });
    const c = new JavaObject("x.P", { a: 3, b: 4 });
    const def = (fields: string) => `4303782e50${fields}`;
    expect(hex([a, b, c])).toBe(
      // C "x.P" [a] | O#0 1 | O#0 2 | C "x.P" [a, b] | O#1 3 4
      `${def("910161")}6091` + "6092" + `${def("9201610162")}619394`,
    );
  });

  it("refers to the 17th class definition with 'O' and an int", () => {
    const objects = Array.from({ length: 17 }, (_, i) => new JavaObject(`c${i}`, {}));
    // C "c16" [] | 'O' 16
    expect(hex(objects).endsWith("430363313690" + "4fa0")).toBe(true);
  });

  it("writes lists as hessian-lite does: untyped for ArrayList, typed with a type reference the second time", () => {
    expect(hex([[1, 2]])).toBe("7a9192");
    expect(hex([Array.from({ length: 8 }, () => 0)])).toBe("5898" + "90".repeat(8));
    expect(hex([new JavaList("[int", [1]), new JavaList("[int", [])])).toBe("71045b696e749170" + "90");
  });

  it("writes maps untyped (HashMap) or typed, with entries in the order given", () => {
    expect(hex([new Map<HessianValue, HessianValue>([["b", 1], ["a", 2]])])).toBe("48016291016192" + "5a");
    expect(hex([new JavaMap("java.util.TreeMap", [["a", 1]])])).toBe("4d116a6176612e7574696c2e547265654d6170016191" + "5a");
  });

  // Hessian2Output.writeString: [x00-x1f], [x30-x33] b0, 'S' b1 b0, each UTF-16 unit as CESU-8.
  it.each([
    ["", "00"],
    ["a", "0161"],
    ["é中", "02c3a9e4b8ad"],
    ["\u0000", "0100"],
    ["a".repeat(32), `3020${"61".repeat(32)}`],
    ["a".repeat(1024), `530400${"61".repeat(1024)}`],
    // A pair written unit by unit (6 bytes), not as UTF-8's 4; a lone surrogate likewise.
    ["😀", "02eda0bdedb880"],
    ["\udc00x", "02edb08078"],
  ])("writes the string %j as Java does: %s", (value, bytes) => {
    expect(hex([value])).toBe(bytes);
  });

  it("writes strings of every length form and content as hessian.js's CESU-8 writer does", () => {
    const random = seededRandom(8);
    const units = ["a", "~", "\u0000", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "中", "\uffff", "😀", "\ud800", "\udfff"];
    const lengths = [0, 1, 31, 32, 1023, 1024, 4096, 0x7fff, 0x8000, 0x8001, 70_000];
    for (const length of lengths) {
      for (const mix of [["a"], ["a", "é", "中"], units]) {
        let value = "";
        while (value.length < length) value += random.pick(mix);
        value = value.slice(0, length);
        const reference = new hessian.EncoderV2().writeString(value).get();
        expect(encodeHessian([value]).equals(reference), `length ${length}, units ${mix.join("")}`).toBe(true);
        expect(readAll(encodeHessian([value]))).toEqual([value]);
      }
    }
  });

  it("writes a Uint8Array as binary", () => {
    expect(hex([new Uint8Array([1, 2, 3])])).toBe("23010203");
  });

  it("gives each message its own bytes, though writers share one buffer", () => {
    const first = encodeHessian(["first"]);
    const second = encodeHessian(["second, longer"]);
    expect(readAll(first)).toEqual(["first"]);
    expect(readAll(second)).toEqual(["second, longer"]);
  });

  it("refuses to write to, or take again, a message already taken", () => {
    const writer = new HessianWriter().write(1);
    writer.bytes();
    expect(() => writer.bytes()).toThrow(CodecError);
    expect(() => writer.write(2)).toThrow(CodecError);
  });

  it("refuses what has no hessian form", () => {
    expect(() => encodeHessian([new Date(NaN)])).toThrow(CodecError);
    expect(() => encodeHessian([Symbol("x") as unknown as HessianValue])).toThrow(CodecError);
  });
});

describe("HessianReader", () => {
  it("reads longs beyond 2^53 as exact bigints, and safe ones as numbers", () => {
    expect(readAll(Buffer.from("4c00200000000000015900040000e0", "hex"))).toEqual([9007199254740993n, 262144, 0]);
  });

  it("reads variable-length lists, typed or not (hessian.js cannot)", () => {
    // x57 1 2 Z, then x55 "[int" 3 Z
    expect(readAll(Buffer.from("5791925a55045b696e74935a", "hex"))).toEqual([[1, 2], [3]]);
  });

  it("reads back references to the same value", () => {
    // [ {a: 1}, ref#1 ] : the list is ref #0, the map ref #1.
    const [list] = readAll(Buffer.from("7a48016191" + "5a" + "5191", "hex")) as [unknown[]];
    expect(list[1]).toBe(list[0]);
    expect(list[0]).toEqual(new Map([["a", 1]]));
  });

  it("reads maps with their keys as written", () => {
    // H 1 → 2, "a" → 3 Z
    const [map] = readAll(Buffer.from("4891920161935a", "hex")) as [Map<unknown, unknown>];
    expect([...map]).toEqual([
      [1, 2],
      ["a", 3],
    ]);
  });

  it("keeps an object's fields whole, whatever the class name ends with (hessian.js makes an Error of an *Exception)", () => {
    const [thrown] = readAll(encodeHessian([new JavaObject("x.BadException", { errorCode: "oops" })])) as [JavaObject];
    expect(thrown).toBeInstanceOf(JavaObject);
    expect(thrown.className).toBe("x.BadException");
    expect({ ...thrown.fields }).toEqual({ errorCode: "oops" });
  });

  it("reads a field named __proto__ as a field", () => {
    const bytes = encodeHessian([new JavaObject("x.P", Object.fromEntries([["__proto__", 1]]) as Record<string, HessianValue>)]);
    const [object] = readAll(bytes) as [JavaObject];
    expect(Object.keys(object.fields)).toEqual(["__proto__"]);
    expect(object.fields.__proto__).toBe(1);
  });

  it("copies binary out of the body", () => {
    const body = Buffer.from("23010203", "hex");
    const [bytes] = readAll(body) as [Buffer];
    body[1] = 9;
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  it("reads dates past JavaScript's range as bigint milliseconds", () => {
    expect(readAll(Buffer.from("4a7fffffffffffffff", "hex"))).toEqual([9223372036854775807n]);
  });

  it.each([
    ["a truncated string", "05616263"],
    ["a truncated long", "4c0000"],
    ["an unknown code", "40"],
    ["a list end outside a list", "5a"],
    ["an object of an undefined class", "60"],
    ["a back reference to nothing", "5190"],
    ["a list longer than the body", "58d7ffff"],
    ["a map without its end", "48016191"],
  ])("refuses %s with a CodecError", (_name, bytes) => {
    expect(() => readAll(Buffer.from(bytes, "hex"))).toThrow(CodecError);
  });

  it("refuses lists nested past the stack with a CodecError", () => {
    expect(() => readAll(Buffer.alloc(200_000, 0x79))).toThrow(CodecError);
  });

  it("ends every truncation of a real body in a CodecError", () => {
    const body = encodeHessian([
      new JavaObject("x.User", { id: 9007199254740993n, name: "ü 😀", tags: new JavaList(null, ["a", new JavaDouble(0.1)]), when: new Date(0) }),
      new Map<HessianValue, HessianValue>([["k", new Uint8Array(20)]]),
    ]);
    for (let cut = 1; cut < body.length; cut++) {
      const reader = new HessianReader(body.subarray(0, cut));
      expect(() => {
        reader.read();
        reader.read();
      }, `cut at ${cut}`).toThrow(CodecError);
    }
  });

  it("never fails with anything but a CodecError on random and mutated bodies", () => {
    const random = seededRandom(8);
    const valid = encodeHessian([new JavaObject("x.A", { a: new JavaList("[int", [1, 2]), b: new Map([["c", new Date(5)]]) }), "tail"]);
    for (let round = 0; round < 3000; round++) {
      const body = round % 2 === 0 ? Buffer.from(valid) : Buffer.from(Array.from({ length: 1 + random.int(40) }, () => random.int(256)));
      for (let flips = 0; flips < 3; flips++) body[random.int(body.length)] = random.int(256);
      try {
        readAll(body);
      } catch (e) {
        expect(e, `round ${round}: ${body.toString("hex")}`).toBeInstanceOf(CodecError);
      }
    }
  });
});
