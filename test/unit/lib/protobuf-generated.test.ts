import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isGeneratedMessage, protoFieldsOf, withProtoFields } from "@/lib/dubbo/protobuf-generated";
import { parseServiceDefinition, type ServiceDefinition, type TypeDefinition } from "@/lib/dubbo/service-definition";
import { USER_PROPERTIES } from "../../support/demo-signatures";

// Definitions captured from Dubbo's own builders, see test/fixtures/registry/README.md.
const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");

function definition(name: string): ServiceDefinition {
  const result = parseServiceDefinition(readFileSync(join(FIXTURES, name), "utf8"));
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function typeIn(def: ServiceDefinition, name: string): TypeDefinition {
  const found = def.types.find((t) => t.type === name);
  if (!found) throw new Error(`${name} is not in the definition`);
  return found;
}

const IDL = "io.dubboconsole.demo.idl";

/** QuoteRequest's proto fields (demo_orders.proto) as its Java fields tell them. */
const QUOTE_REQUEST = {
  customer: "java.lang.String",
  lines: `java.util.List<${IDL}.Line>`,
  currency: "int",
  requestId: "long",
  tags: "java.util.Map<java.lang.String,java.lang.Object>",
  shipTo: `${IDL}.Address`,
  express: "boolean",
};

describe.each([
  ["Dubbo 3.3.6's DefaultTypeBuilder", "definition-3.3.6-default-builder-Quotes.json"],
  ["Dubbo 2.7.23 (fastjson, nested, binary names)", "definition-2.7.23-Quotes.json"],
])("generated message classes described by their Java fields, as %s writes them", (_, file) => {
  const def = definition(file);

  it("recognises every generated message of demo_orders.proto", () => {
    for (const name of ["QuoteRequest", "QuoteReply", "Line", "Address", "Empty"]) expect(isGeneratedMessage(typeIn(def, `${IDL}.${name}`)), name).toBe(true);
  });

  it("does not take protobuf's own runtime classes for messages", () => {
    for (const name of ["com.google.protobuf.UnknownFieldSet", "com.google.protobuf.MapField", "com.google.protobuf.ByteString"]) expect(isGeneratedMessage(typeIn(def, name)), name).toBe(false);
  });

  it("shows QuoteRequest's proto fields by JSON name, without the runtime's internals", () => {
    expect(protoFieldsOf(typeIn(def, `${IDL}.QuoteRequest`))).toEqual({ type: `${IDL}.QuoteRequest`, items: [], enums: [], properties: QUOTE_REQUEST });
  });

  it("shows the nested and repeated messages' fields too", () => {
    expect(protoFieldsOf(typeIn(def, `${IDL}.Line`)).properties).toEqual({ sku: "java.lang.String", quantity: "int", unitPriceMicros: "long" });
    expect(protoFieldsOf(typeIn(def, `${IDL}.Address`)).properties).toEqual({ city: "java.lang.String", zip: "java.lang.String" });
    expect(protoFieldsOf(typeIn(def, `${IDL}.Empty`)).properties).toEqual({});
    expect(protoFieldsOf(typeIn(def, `${IDL}.QuoteReply`)).properties).toEqual({
      customer: "java.lang.String",
      totalMicros: "long",
      requestId: "long",
      lines: `java.util.List<${IDL}.Line>`,
      currency: "int",
      servedBy: "java.lang.String",
      tags: "java.util.Map<java.lang.String,java.lang.Object>",
      shipTo: `${IDL}.Address`,
      lineCount: "int",
      express: "boolean",
    });
  });

  it("replaces the messages in the definition's types and leaves out the runtime classes only their internals led to", () => {
    const types = withProtoFields(def.types, def.methods);
    expect(types.find((t) => t.type === `${IDL}.QuoteRequest`)?.properties).toEqual(QUOTE_REQUEST);
    expect(types.map((t) => t.type).filter((t) => t.includes("com.google.protobuf"))).toEqual([]);
    expect(JSON.stringify(types)).not.toMatch(/memoized|unknownFields|bitField0_|customer_/);
    // Still described: what the proto fields refer to.
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining([`${IDL}.Line`, `${IDL}.Address`, `java.util.List<${IDL}.Line>`, "long", "int", "boolean"]));
  });

  it("keeps a runtime class a method itself uses", () => {
    const methods = [...def.methods, { name: "raw", parameterTypes: [], returnType: "com.google.protobuf.UnknownFieldSet" }];
    expect(withProtoFields(def.types, methods).map((t) => t.type)).toContain("com.google.protobuf.UnknownFieldSet");
  });
});

describe("every kind of proto field (probe_rich.proto), as the Java fields tell them", () => {
  const expected = {
    labels: "java.util.List<java.lang.String>",
    counts: "java.util.List<java.lang.Integer>",
    // Enums are kept as ints by the generated class: a limit, not told from int32.
    kinds: "java.util.List<java.lang.Integer>",
    payload: "byte[]",
    itemsById: "java.util.Map<java.lang.String,java.lang.Object>",
    kind: "int",
    at: "java.time.Instant",
    note: "java.lang.String",
    maybe: "long",
    class: "java.lang.String",
    ratio: "double",
    ratios: "java.util.List<java.lang.Double>",
    blobs: "java.util.List<byte[]>",
    children: "java.util.List<probe.rich.Item>",
    bigId: "long",
    f: "float",
    longs: "java.util.List<java.lang.Long>",
    flags: "java.util.List<java.lang.Boolean>",
    kindByName: "java.util.Map<java.lang.String,java.lang.Object>",
  };

  it.each([["definition-3.3.6-default-builder-RichQuotes.json"], ["definition-2.7.23-RichQuotes.json"]])(
    "maps repeated scalars, bytes, maps, well-known types and a keyword field, and leaves out the oneof, in %s",
    (file) => {
      const def = definition(file);
      const rich = typeIn(def, "probe.rich.Rich");
      expect(isGeneratedMessage(rich)).toBe(true);
      // The Java fields include the oneof's holder and case, and packed fields' cached sizes.
      expect(rich.properties).toMatchObject({ choice_: "java.lang.Object", choiceCase_: "int", countsMemoizedSerializedSize: "int", class__: "java.lang.Object" });
      expect(protoFieldsOf(rich).properties).toEqual(expected);
      const types = withProtoFields(def.types, def.methods).map((t) => t.type);
      expect(types).toContain("probe.rich.Item");
      expect(types.filter((t) => t.includes("com.google.protobuf"))).toEqual([]);
    },
  );
});

describe("definitions without generated classes described by their fields", () => {
  it.each([["definition-3.3.6-TypesService.json"], ["definition-2.7.23-TypesService.json"], ["definition-2.7.23-FaultService.json"]])("are left as they are: %s", (file) => {
    const def = definition(file);
    expect(def.types.filter(isGeneratedMessage)).toEqual([]);
    expect(withProtoFields(def.types, def.methods)).toBe(def.types);
  });

  it("does not take the demo's POJOs for messages", () => {
    for (const file of ["definition-3.3.6-TypesService.json", "definition-2.7.23-TypesService.json"]) {
      const user = typeIn(definition(file), "io.dubboconsole.demo.api.User");
      expect(user.properties).toEqual(USER_PROPERTIES);
      expect(isGeneratedMessage(user)).toBe(false);
    }
  });

  it("leaves alone what a real 3.3.6 provider's ProtobufTypeBuilder wrote: already proto fields", () => {
    const def = definition("definition-3.3.6-OrderService.json");
    expect(typeIn(def, `${IDL}.QuoteRequest`).properties).toEqual({
      ...QUOTE_REQUEST,
      currency: `${IDL}.Currency`,
      tags: "java.util.Map<java.lang.String,java.lang.String>",
    });
    expect(withProtoFields(def.types, def.methods)).toBe(def.types);
  });

  it("does not take a POJO with a field that merely ends in an underscore or is named unknownFields", () => {
    expect(isGeneratedMessage({ type: "a.Pojo", items: [], enums: [], properties: { name_: "java.lang.String", memoizedHashCode: "int" } })).toBe(false);
    expect(isGeneratedMessage({ type: "a.Pojo", items: [], enums: [], properties: { unknownFields: "java.util.Map<java.lang.String,java.lang.Object>", memoizedHashCode: "int" } })).toBe(false);
  });
});
