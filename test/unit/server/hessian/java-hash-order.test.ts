import { describe, expect, it } from "vitest";
import { inJavaHashOrder, javaHashOf, javaStringHash } from "@/server/protocol/hessian/java/java-hash-order";

describe("Java's HashMap order", () => {
  it("hashes strings as String.hashCode and longs as Long.hashCode", () => {
    expect(javaStringHash("")).toBe(0);
    expect(javaStringHash("hello")).toBe(99162322);
    expect(javaStringHash("polygenelubricants")).toBe(-2147483648);
    expect(javaHashOf(9007199254740993n)).toBe(2097153);
    expect(javaHashOf(-3n)).toBe(2);
    expect(javaHashOf(true)).toBe(1231);
    expect(javaHashOf({})).toBeUndefined();
  });

  it("orders entries by bucket, then by insertion", () => {
    // "zz" → bucket 0, "a" → 1, "b" → 2; "" → 0 after "zz".
    expect(inJavaHashOrder([["zz", 1], ["a", 2], ["b", 3], ["", 4]]).map(([k]) => k)).toEqual(["zz", "", "a", "b"]);
  });

  it("grows the table as Java does: 13 keys spread over 32 buckets", () => {
    const keys = Array.from({ length: 13 }, (_, i) => i * 16 + 1);
    expect(inJavaHashOrder(keys.map((k) => [k, null] as const)).map(([k]) => k)).toEqual([1, 33, 65, 97, 129, 161, 193, 17, 49, 81, 113, 145, 177]);
  });

  it("keeps the given order when a key's hash is not known", () => {
    const entries = [[{}, 1], ["a", 2]] as const;
    expect(inJavaHashOrder(entries)).toBe(entries);
  });
});
