import { create, toBinary } from "@bufbuild/protobuf";
import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { FileDescriptorProtoSchema, FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as T } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { decodeReflectionResponse, encodeReflectionRequest } from "@/server/protocol/triple/grpc-reflection";
import { encodeProtobufArgument } from "@/server/protocol/triple/protobuf-call";
import { fileHeader, javaClassOf, protoServiceOf } from "@/server/protocol/triple/proto-schema";
import { CodecError } from "@/server/errors/transport-errors";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";

// No json_name, as in the descriptors protoc embeds in generated Java (what Dubbo's reflection serves).
const field = (name: string, number: number, type: T, extra: Record<string, unknown> = {}) => ({ name, number, type, label: Label.OPTIONAL, ...extra });

/** A file like the demo's demo_orders.proto, written as protoc's descriptor. */
function ordersFile(options: Record<string, unknown>) {
  return toBinary(
    FileDescriptorProtoSchema,
    create(FileDescriptorProtoSchema, {
      name: "shop/demo_orders.proto",
      package: "shop.v1",
      syntax: "proto3",
      dependency: ["google/protobuf/timestamp.proto"],
      options,
      enumType: [{ name: "Currency", value: [{ name: "CURRENCY_UNSPECIFIED", number: 0 }, { name: "EUR", number: 1 }] }],
      messageType: [
        {
          name: "Line",
          field: [field("sku", 1, T.STRING), field("quantity", 2, T.INT32), field("unit_price_micros", 3, T.INT64), field("count", 4, T.UINT64)],
          nestedType: [{ name: "Note", field: [field("text", 1, T.STRING)] }],
        },
        {
          name: "QuoteRequest",
          field: [
            field("lines", 1, T.MESSAGE, { typeName: ".shop.v1.Line", label: Label.REPEATED }),
            field("currency", 2, T.ENUM, { typeName: ".shop.v1.Currency" }),
            field("at", 3, T.MESSAGE, { typeName: ".google.protobuf.Timestamp" }),
            field("next", 4, T.MESSAGE, { typeName: ".shop.v1.QuoteRequest" }),
            field("tags", 5, T.MESSAGE, { typeName: ".shop.v1.QuoteRequest.TagsEntry", label: Label.REPEATED }),
          ],
          nestedType: [{ name: "TagsEntry", field: [field("key", 1, T.STRING), field("value", 2, T.INT64)], options: { mapEntry: true } }],
        },
      ],
      service: [
        {
          name: "Orders",
          method: [
            { name: "quote", inputType: ".shop.v1.QuoteRequest", outputType: ".shop.v1.Line" },
            { name: "watch", inputType: ".shop.v1.QuoteRequest", outputType: ".shop.v1.Line", serverStreaming: true },
          ],
        },
      ],
    }),
  );
}

describe("protoServiceOf", () => {
  it("lists unary methods with the Java class names protoc gives, and the messages' fields as form types", () => {
    const s = protoServiceOf([ordersFile({ javaPackage: "com.shop", javaMultipleFiles: true })], "shop.v1.Orders");
    expect(s.signatures).toEqual([{ name: "quote", parameterTypes: ["com.shop.QuoteRequest"], returnType: "com.shop.Line" }]);
    expect(s.streaming).toEqual([{ name: "watch", kind: "server_streaming" }]);
    const byType = Object.fromEntries(s.types.map((t) => [t.type, t]));
    expect(byType["com.shop.QuoteRequest"]!.properties).toEqual({
      lines: "java.util.List<com.shop.Line>",
      currency: "com.shop.Currency",
      at: "java.time.Instant",
      next: "com.shop.QuoteRequest",
      tags: "java.util.Map<java.lang.String,java.lang.Long>",
    });
    expect(byType["com.shop.Line"]!.properties).toEqual({ sku: "java.lang.String", quantity: "int", unitPriceMicros: "long", count: "java.math.BigInteger" });
    expect(byType["com.shop.Currency"]!.enums).toEqual(["CURRENCY_UNSPECIFIED", "EUR"]);
  });

  it("names classes inside the outer class without java_multiple_files, nested ones inside their parent", () => {
    const s = protoServiceOf([ordersFile({})], "shop.v1.Orders");
    expect(s.signatures[0]!.parameterTypes).toEqual(["shop.v1.DemoOrders.QuoteRequest"]);
    const line = s.methods.get("quote")!.output;
    expect(javaClassOf(line.nestedMessages[0]!)).toBe("shop.v1.DemoOrders.Line.Note");
    expect(javaClassOf(protoServiceOf([ordersFile({ javaOuterClassname: "OrdersProto" })], "shop.v1.Orders").methods.get("quote")!.input)).toBe("shop.v1.OrdersProto.QuoteRequest");
  });

  it("refuses files that do not describe the service, or do not decode, with a CodecError", () => {
    expect(() => protoServiceOf([ordersFile({})], "shop.v1.Missing")).toThrow(CodecError);
    expect(() => protoServiceOf([Uint8Array.of(0x0a, 0x05, 0x61)], "shop.v1.Orders")).toThrow(CodecError);
    expect(fileHeader(ordersFile({}))).toEqual({ name: "shop/demo_orders.proto", imports: [] });
  });

  it("encodes a request from proto3 JSON exactly (int64 beyond 2^53 as a string) and refuses a wrong field with a 400", () => {
    const quote = protoServiceOf([ordersFile({})], "shop.v1.Orders").methods.get("quote")!;
    const bytes = encodeProtobufArgument(quote, { lines: [{ sku: "a", unitPriceMicros: "9007199254740993" }], currency: "EUR", tags: { k: "-5" } });
    // lines (1) holds Line { sku (1) "a", unit_price_micros (3) 9007199254740993 }.
    const r = new BinaryReader(bytes);
    expect(r.tag()).toEqual([1, WireType.LengthDelimited]);
    const line = new BinaryReader(r.bytes());
    expect(line.tag()).toEqual([1, WireType.LengthDelimited]);
    expect(line.string()).toBe("a");
    expect(line.tag()).toEqual([3, WireType.Varint]);
    expect(line.int64().toString()).toBe("9007199254740993");
    expect(() => encodeProtobufArgument(quote, { currency: "GBP" })).toThrow(InvalidArgumentsError);
    expect(() => encodeProtobufArgument(quote, { nope: 1 })).toThrow(InvalidArgumentsError);
    expect(() => encodeProtobufArgument(quote, [1])).toThrow(InvalidArgumentsError);
  });
});

describe("gRPC reflection messages", () => {
  it("writes each question in its oneof field", () => {
    const read = (b: Uint8Array) => {
      const r = new BinaryReader(b);
      const [n] = r.tag();
      return [n, r.string()];
    };
    expect(read(encodeReflectionRequest({ fileContainingSymbol: "a.B" }))).toEqual([4, "a.B"]);
    expect(read(encodeReflectionRequest({ fileByFilename: "x.proto" }))).toEqual([3, "x.proto"]);
    expect(read(encodeReflectionRequest({ listServices: true }))).toEqual([7, "*"]);
  });

  it("reads files, service lists and errors, and refuses what is none of them", () => {
    const files = new BinaryWriter().tag(1, WireType.LengthDelimited).string("host").tag(4, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).bytes(Uint8Array.of(1, 2)).tag(1, WireType.LengthDelimited).bytes(Uint8Array.of(3)).join().finish();
    expect(decodeReflectionResponse(files)).toEqual({ kind: "files", files: [Uint8Array.of(1, 2), Uint8Array.of(3)] });
    const services = new BinaryWriter().tag(6, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string("a.B").join().tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string("c.D").join().join().finish();
    expect(decodeReflectionResponse(services)).toEqual({ kind: "services", names: ["a.B", "c.D"] });
    const error = new BinaryWriter().tag(7, WireType.LengthDelimited).fork().tag(1, WireType.Varint).int32(5).tag(2, WireType.LengthDelimited).string("not found").join().finish();
    expect(decodeReflectionResponse(error)).toEqual({ kind: "error", code: 5, message: "not found" });
    expect(() => decodeReflectionResponse(new BinaryWriter().tag(1, WireType.LengthDelimited).string("h").finish())).toThrow(CodecError);
    expect(() => decodeReflectionResponse(Uint8Array.of(0x22, 0x09, 0x01))).toThrow(CodecError);
  });
});
