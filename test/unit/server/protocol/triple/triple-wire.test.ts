import { describe, expect, it } from "vitest";
import { decodeGrpcMessage, GrpcMessageReader, grpcFrame, grpcTimeout } from "@/server/protocol/triple/grpc-frame";
import { errorOfGrpcStatus } from "@/server/protocol/triple/grpc-status";
import { javaClassName } from "@/server/protocol/triple/java-class-name";
import { TriplePool } from "@/server/protocol/triple/triple-pool";
import { decodeRequestWrapper, decodeResponseWrapper, encodeRequestWrapper, encodeResponseWrapper } from "@/server/protocol/triple/triple-wrapper";

describe("Triple wrappers", () => {
  it("writes a request's fields in Java's order: type, every argument, every type name", () => {
    const bytes = encodeRequestWrapper({ serializeType: "hessian4", args: [Buffer.from([0x01, 0x02]), Buffer.from([])], argTypes: ["int", "java.lang.String"] });
    expect(bytes.toString("hex")).toBe(
      ["0a08", Buffer.from("hessian4").toString("hex"), "12020102", "1200", "1a03", Buffer.from("int").toString("hex"), "1a10", Buffer.from("java.lang.String").toString("hex")].join(""),
    );
    expect(decodeRequestWrapper(bytes)).toEqual({ serializeType: "hessian4", args: [Buffer.from([1, 2]), Buffer.from([])], argTypes: ["int", "java.lang.String"] });
  });

  it("writes a length over 127 as a two-byte varint", () => {
    const arg = Buffer.alloc(300, 7);
    const bytes = encodeRequestWrapper({ serializeType: "h", args: [arg], argTypes: [] });
    expect(bytes.subarray(3, 6).toString("hex")).toBe("12ac02");
    expect(decodeRequestWrapper(bytes).args[0]).toEqual(arg);
  });

  it("reads a response with and without data", () => {
    expect(decodeResponseWrapper(encodeResponseWrapper({ serializeType: "hessian4", data: Buffer.from("N", "latin1"), type: "java.lang.String" }))).toEqual({ serializeType: "hessian4", data: Buffer.from("N", "latin1"), type: "java.lang.String" });
    expect(decodeResponseWrapper(encodeResponseWrapper({ serializeType: "hessian4", data: null, type: "void" }))).toEqual({ serializeType: "hessian4", data: null, type: "void" });
  });

  it("refuses malformed wrappers with the byte and field at fault", () => {
    expect(() => decodeResponseWrapper(Buffer.from([0x08, 0x01]))).toThrow(/field 1 at byte 0 has wire type 0, not 2/);
    expect(() => decodeResponseWrapper(Buffer.from([0x22, 0x00]))).toThrow(/field 4 at byte 0; only 1, 2 and 3 exist/);
    expect(() => decodeResponseWrapper(Buffer.from([0x0a, 0x05, 0x41]))).toThrow(/says 5 bytes, 1 are left/);
    expect(() => decodeResponseWrapper(Buffer.from([0x0a, 0x01, 0x41]))).toThrow(/no type \(field 3\)/);
    expect(() => decodeResponseWrapper(Buffer.from([0x0a, 0xff]))).toThrow(/runs past the end/);
    expect(() => decodeResponseWrapper(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(/longer than 5 bytes/);
    expect(() => decodeRequestWrapper(Buffer.from([0x12, 0x00]))).toThrow(/no serializeType/);
  });
});

describe("gRPC framing", () => {
  it("frames a message with a zero flag and a big-endian length", () => {
    expect(grpcFrame(Buffer.from("abc")).toString("hex")).toBe("0000000003616263");
  });

  it("splits messages arriving in any chunks", () => {
    const stream = Buffer.concat([grpcFrame(Buffer.from("hello")), grpcFrame(Buffer.from("")), grpcFrame(Buffer.from("x"))]);
    const reader = new GrpcMessageReader(100, "t");
    for (const b of stream) reader.push(Buffer.from([b]));
    reader.end();
    expect(reader.messages.map((m) => m.toString())).toEqual(["hello", "", "x"]);
  });

  it("refuses a message over the limit from its length alone, a compressed one, unknown flags and a cut one", () => {
    expect(() => new GrpcMessageReader(4, "t").push(Buffer.from("0000000005", "hex"))).toThrow(expect.objectContaining({ code: "payload_too_large" }));
    expect(() => new GrpcMessageReader(4, "t").push(Buffer.from("0100000001aa", "hex"))).toThrow(/compressed/);
    expect(() => new GrpcMessageReader(4, "t").push(Buffer.from("0200000001aa", "hex"))).toThrow(/flags 2/);
    const cut = new GrpcMessageReader(10, "t");
    cut.push(Buffer.from("0000000003aa", "hex"));
    expect(() => cut.end()).toThrow(/ended inside a gRPC message \(6 bytes/);
  });

  it("refuses messages that together pass one full message, empty ones included, and joins a large one's chunks once", () => {
    const two = new GrpcMessageReader(10, "t");
    two.push(grpcFrame(Buffer.alloc(6)));
    expect(() => two.push(grpcFrame(Buffer.alloc(6)))).toThrow(expect.objectContaining({ code: "payload_too_large", details: expect.objectContaining({ direction: "incoming", size: 22, limit: 10 }) }));
    const empties = new GrpcMessageReader(10, "t");
    expect(() => {
      for (let i = 0; i < 4; i++) empties.push(grpcFrame(Buffer.alloc(0)));
    }).toThrow(expect.objectContaining({ code: "payload_too_large" }));
    expect(empties.messages).toHaveLength(3);
    const big = Buffer.alloc(1_000_000, 7);
    const framed = grpcFrame(big);
    const reader = new GrpcMessageReader(1_000_000, "t");
    for (let at = 0; at < framed.length; at += 16_384) reader.push(framed.subarray(at, at + 16_384));
    reader.end();
    expect(reader.messages.map((m) => [m.length, m.equals(big)])).toEqual([[1_000_000, true]]);
  });

  it("writes grpc-timeout in at most 8 digits and reads grpc-message's percent-encoding", () => {
    expect([grpcTimeout(1500), grpcTimeout(0.2), grpcTimeout(99_999_999), grpcTimeout(100_000_000), grpcTimeout(1e11), grpcTimeout(1e14)]).toEqual(["1500m", "1m", "99999999m", "100000S", "1666667M", "99999999M"]);
    expect(decodeGrpcMessage("not%20found%3A%20x")).toBe("not found: x");
    expect(decodeGrpcMessage("100%")).toBe("100%");
  });
});

describe("Triple's names and statuses", () => {
  it("names parameter types as Class.getName() does", () => {
    expect(["int", "java.lang.String", "int[]", "java.lang.String[]", "long[][]", "java.util.List<java.lang.String>", "io.x.Outer$Inner[]"].map(javaClassName)).toEqual(["int", "java.lang.String", "[I", "[Ljava.lang.String;", "[[J", "java.util.List", "[Lio.x.Outer$Inner;"]);
    expect(() => javaClassName("int[")).toThrow(expect.objectContaining({ code: "validation_failed" }));
  });

  it("makes a typed error of each failed status", () => {
    expect(errorOfGrpcStatus("h:1", 4, "late", 200)).toMatchObject({ code: "timeout" });
    expect(errorOfGrpcStatus("h:1", 12, "Method not found", 200)).toMatchObject({ code: "remote_error", message: "h:1 answered gRPC UNIMPLEMENTED (status 12): Method not found" });
    expect(errorOfGrpcStatus("h:1", 99, "", 200)).toMatchObject({ code: "remote_error", message: "h:1 answered gRPC status 99 (status 99): (no message)" });
    expect(errorOfGrpcStatus("h:1", -1, "", 404)).toMatchObject({ code: "codec_error", message: expect.stringContaining("HTTP 404") });
  });
});

describe("TriplePool", () => {
  it("keeps one client per address and lets go of the addresses no longer registered", async () => {
    const pool = new TriplePool();
    const a = pool.get("10.0.0.1:50051");
    expect(pool.get("10.0.0.1:50051")).toBe(a);
    pool.get("10.0.0.2:50051");
    await pool.retain({ has: (address) => address === "10.0.0.2:50051" });
    expect(pool.size).toBe(1);
    expect(a.available).toBe(false);
    expect(pool.get("10.0.0.1:50051")).not.toBe(a);
    pool.closeAll();
    expect(pool.size).toBe(0);
  });
});
