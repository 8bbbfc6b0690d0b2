import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { compileProtoSources } from "@/server/protocol/triple/proto-source";
import { protoServiceOf } from "@/server/protocol/triple/proto-schema";
import { encodeProtobufArgument } from "@/server/protocol/triple/protobuf-call";

const DEMO_PROTO = readFileSync(join(__dirname, "../../../../peers/dubbo-3.3/src/main/proto/demo_orders.proto"), "utf8");

describe("compileProtoSources", () => {
  it("compiles the demo's demo_orders.proto to the service the provider's reflection describes", () => {
    const s = protoServiceOf(compileProtoSources([{ name: "demo_orders.proto", text: DEMO_PROTO }]), "io.dubboconsole.demo.idl.OrderService");
    expect(s.signatures).toEqual([
      { name: "ping", parameterTypes: ["io.dubboconsole.demo.idl.Empty"], returnType: "io.dubboconsole.demo.idl.Empty" },
      { name: "quote", parameterTypes: ["io.dubboconsole.demo.idl.QuoteRequest"], returnType: "io.dubboconsole.demo.idl.QuoteReply" },
    ]);
    const request = s.types.find((t) => t.type === "io.dubboconsole.demo.idl.QuoteRequest");
    expect(request?.properties).toMatchObject({ requestId: "long", shipTo: "io.dubboconsole.demo.idl.Address", tags: "java.util.Map<java.lang.String,java.lang.String>" });
    expect(encodeProtobufArgument(s.methods.get("quote")!, { requestId: "9007199254740993" })).toEqual(Uint8Array.of(0x20, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10));
  });

  it("resolves well-known imports and types across files", () => {
    const files = compileProtoSources([
      { name: "money.proto", text: 'syntax = "proto3"; package shop.money; message Amount { int64 micros = 1; string currency = 2; }' },
      { name: "orders.proto", text: 'syntax = "proto3"; package shop.orders; import "google/protobuf/timestamp.proto"; import "money.proto"; option java_package = "com.shop"; option java_multiple_files = true;\nmessage Order { shop.money.Amount total = 1; google.protobuf.Timestamp at = 2; repeated string notes = 3; }\nservice Orders { rpc get(Order) returns (Order); }' },
    ]);
    const s = protoServiceOf(files, "shop.orders.Orders");
    expect(s.signatures).toEqual([{ name: "get", parameterTypes: ["com.shop.Order"], returnType: "com.shop.Order" }]);
    expect(s.types.find((t) => t.type === "com.shop.Order")?.properties).toEqual({ total: "shop.money.Money.Amount" /* money.proto's outer class, as protoc names it */, at: "java.time.Instant", notes: "java.util.List<java.lang.String>" });
  });

  it("refuses text that does not parse, and a type no file defines, naming the reason", () => {
    expect(() => compileProtoSources([{ name: "bad.proto", text: "syntax = \"proto3\"; message { }" }])).toThrow(/bad\.proto does not parse/);
    expect(() => compileProtoSources([{ name: "x.proto", text: 'syntax = "proto3"; message A { Missing m = 1; }' }])).toThrow(ValidationError);
  });
});
