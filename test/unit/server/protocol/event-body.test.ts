import { describe, expect, it } from "vitest";
import { FASTJSON2, hessian2ShortString, HESSIAN2_NULL, isNullBody, readEventBody } from "@/server/protocol/event-body";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

describe("event bodies", () => {
  it.each([
    // hessian2: writeObject(null) is 'N'; "R" and "W" are compact strings (dubbo-protocol.md §1).
    ["a hessian2 heartbeat", 2, "4e", "heartbeat"],
    ["a hessian2 READONLY", 2, "0152", "readonly"],
    ["a hessian2 WRITEABLE", 2, "0157", "writeable"],
    // fastjson2 (a default 3.2 provider's events): 4-byte length, then JSONB (null 0xaf; "R" = 0x4a 'R').
    ["a fastjson2 heartbeat", FASTJSON2, "00000001 af", "heartbeat"],
    ["a fastjson2 READONLY", FASTJSON2, "00000002 4a52", "readonly"],
    ["a fastjson2 WRITEABLE", FASTJSON2, "00000002 4a57", "writeable"],
    ["a hessian2 string other than R or W", 2, "0158", "other"],
    ["a hessian2 string with a length that does not match", 2, "0252", "other"],
    ["an empty body", 2, "", "other"],
    ["a fastjson2 body whose length prefix lies", FASTJSON2, "00000009 4a52", "other"],
    ["hessian2 bytes under another serialization id", 3, "0152", "other"],
  ])("reads %s", (_name, serialization, body, type) => {
    expect(readEventBody(serialization, hex(body))).toEqual({ type });
  });

  it("knows the null body of hessian2 is the single byte 0x4e", () => {
    expect(HESSIAN2_NULL.toString("hex")).toBe("4e");
    expect(isNullBody(2, hex("4e"))).toBe(true);
    expect(isNullBody(2, hex("4e4e"))).toBe(false);
  });

  it("writes short hessian2 strings in their compact and two-byte-length forms", () => {
    expect(hessian2ShortString("OK").toString("hex")).toBe("024f4b");
    expect(hessian2ShortString("").toString("hex")).toBe("00");
    const long = "x".repeat(300);
    expect(hessian2ShortString(long).subarray(0, 2).toString("hex")).toBe("312c");
    expect(hessian2ShortString(long).length).toBe(302);
    expect(() => hessian2ShortString("é")).toThrow(RangeError);
  });
});
