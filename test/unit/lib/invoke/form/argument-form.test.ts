import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseServiceDefinition } from "@/lib/dubbo/service-definition";
import { decodeArguments, emptyArguments, encodeArguments } from "@/lib/invoke/form/argument-form";
import { type Draft, emptyDraft, given, propertyDraft, typedJson, typedScalar, withProperty } from "@/lib/invoke/form/draft";
import { issuePath } from "@/lib/invoke/form/field-issue";
import { TypeResolver } from "@/lib/invoke/form/field-spec";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "..", "fixtures", "registry", "definition-3.3.6-TypesService.json");
const definition = parseServiceDefinition(readFileSync(FIXTURE, "utf8"));
if (!definition.ok) throw new Error(definition.reason);
const types = new TypeResolver(definition.value.types);

const USER = "io.dubboconsole.demo.api.User";
const ADDRESS = "io.dubboconsole.demo.api.Address";

/** The drafts of `args`, failing the test when the form cannot hold them. */
function decoded(parameterTypes: string[], args: unknown[]): Draft[] {
  const result = decodeArguments(parameterTypes, args, types);
  if (!result.ok) throw new Error(`${result.path.join(".")}: ${result.message}`);
  return result.drafts;
}

/** JSON → form → JSON, with no issue on the way. */
function roundTrip(parameterTypes: string[], args: unknown[]): unknown[] {
  const encoded = encodeArguments(parameterTypes, decoded(parameterTypes, args), types);
  expect(encoded.issues).toEqual([]);
  return encoded.args;
}

/** The issues of one scalar argument of `type` typed as `text`, and the JSON it becomes. */
function typed(type: string, text: string) {
  return encodeArguments([type], [typedScalar(types.spec(type), text)], types);
}

const scalar = (text: string): Draft => ({ kind: "scalar", presence: "given", text });

describe("scalars, form to JSON", () => {
  it.each([
    ["int", "42", 42],
    ["int", " -2147483648 ", -2147483648],
    ["byte", "-128", -128],
    ["short", "32767", 32767],
    ["long", "9007199254740991", 9007199254740991],
    ["long", "9007199254740992", "9007199254740992"],
    ["long", "-9223372036854775808", "-9223372036854775808"],
    ["java.lang.Integer", "+7", 7],
    ["double", "1.5e3", 1500],
    ["float", "-0.25", -0.25],
    ["boolean", "true", true],
    ["char", "é", "é"],
    ["java.lang.String", "", ""],
    ["java.math.BigDecimal", "12345678901234567890.000000000000000001", "12345678901234567890.000000000000000001"],
    ["java.math.BigInteger", "-000123456789012345678901234567890", "-123456789012345678901234567890"],
    ["java.util.Date", "2024-05-01T10:00", "2024-05-01T10:00:00.000Z"],
    ["java.util.Date", "2024-05-01T10:00:00.123+02:00", "2024-05-01T08:00:00.123Z"],
    ["java.util.Date", "0", "1970-01-01T00:00:00.000Z"],
    ["io.dubboconsole.demo.api.Color", "GREEN", "GREEN"],
    ["byte[]", "AAEC/w==", "AAEC/w=="],
  ])("%s typed as %j is sent as %j", (type, text, json) => {
    expect(typed(type, text)).toEqual({ args: [json], issues: [] });
  });

  it.each([
    ["int", "2147483648", "2147483648 is out of range: int holds -2147483648 to 2147483647"],
    ["byte", "128", "128 is out of range: byte holds -128 to 127"],
    ["long", "9223372036854775808", "9223372036854775808 is out of range: long holds -9223372036854775808 to 9223372036854775807"],
    ["int", "1.5", '"1.5" is not a whole number (int)'],
    ["int", "12abc", '"12abc" is not a whole number (int)'],
    ["double", "1,5", '"1,5" is not a number (double)'],
    ["float", "1e39", "1e39 is too large for a float"],
    ["double", "1e400", "1e400 is too large for a double"],
    ["char", "ab", "a char is exactly one character, got 2"],
    ["char", "😀", "😀 is two UTF-16 units; a Java char holds one"],
    ["java.math.BigDecimal", "1.2.3", '"1.2.3" is not a decimal number such as -12.50 or 1E+3'],
    ["java.math.BigInteger", "1e3", '"1e3" is not a whole number'],
    ["java.util.Date", "2024-02-30T10:00", '"2024-02-30T10:00" is not a date and time (such as 2024-05-01T10:00:00.000, UTC)'],
    ["io.dubboconsole.demo.api.Color", "PURPLE", '"PURPLE" is not a constant of io.dubboconsole.demo.api.Color: RED, GREEN, BLUE'],
    ["byte[]", "AAE", "not base64 (A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4)"],
  ])("%s typed as %j is refused: %s", (type, text, message) => {
    const { args, issues } = typed(type, text);
    expect(issues).toEqual([{ path: [0], message, required: false }]);
    // What does not fit is shown in the JSON as typed, so reading the JSON back keeps it.
    expect(args).toEqual([text]);
  });

  it("requires a primitive argument and sends null for an empty boxed one", () => {
    expect(encodeArguments(["int", "java.lang.Integer", "char"], emptyArguments(["int", "java.lang.Integer", "char"], types), types)).toEqual({
      args: [null, null, null],
      issues: [
        { path: [0], message: "Required: a int cannot be null", required: true },
        { path: [2], message: "Required: a char cannot be null", required: true },
      ],
    });
  });

  it("starts a primitive boolean at false, a String at the empty string", () => {
    expect(encodeArguments(["boolean", "java.lang.String", "java.lang.Boolean"], emptyArguments(["boolean", "java.lang.String", "java.lang.Boolean"], types), types)).toEqual({
      args: [false, "", null],
      issues: [],
    });
  });

  it("makes a field absent again when its text is cleared, except a String's, which is then empty", () => {
    expect(typedScalar(types.spec("int"), "")).toEqual({ kind: "scalar", presence: "absent", text: "" });
    expect(typedScalar(types.spec("java.lang.String"), "")).toEqual({ kind: "scalar", presence: "given", text: "" });
  });
});

describe("scalars, JSON to form", () => {
  it.each([
    ["long", 42, "42"],
    ["long", "9223372036854775807", "9223372036854775807"],
    ["int", 1e21, "1000000000000000000000"],
    ["double", 0.1, "0.1"],
    ["java.math.BigDecimal", "1.10", "1.10"],
    ["java.math.BigDecimal", 2.5, "2.5"],
    ["boolean", false, "false"],
    ["java.util.Date", "2024-05-01T10:00:00.000Z", "2024-05-01T10:00:00.000"],
    ["java.util.Date", 1714557600000, "2024-05-01T10:00:00.000"],
    ["java.util.Date", "2024-05-01T12:00:00+02:00", "2024-05-01T10:00:00.000"],
    ["java.util.Date", "yesterday", "yesterday"],
    ["char", "x", "x"],
    ["io.dubboconsole.demo.api.Color", "RED", "RED"],
    ["byte[]", "", ""],
  ])("%s sent as %j shows %j", (type, json, text) => {
    expect(decoded([type], [json])).toEqual([scalar(text)]);
  });

  it("keeps a value of the right JSON type that does not fit, with its error, both ways", () => {
    const drafts = decoded(["long", "java.util.Date"], ["abc", "yesterday"]);
    expect(encodeArguments(["long", "java.util.Date"], drafts, types)).toEqual({
      args: ["abc", "yesterday"],
      issues: [
        { path: [0], message: '"abc" is not a whole number (long)', required: false },
        { path: [1], message: '"yesterday" is not a date and time (such as 2024-05-01T10:00:00.000, UTC)', required: false },
      ],
    });
  });

  it.each([
    ["int", true, "int is sent as a number, got a boolean"],
    ["java.lang.String", 5, "java.lang.String is sent as a string, got a number"],
    ["boolean", "true", "boolean is sent as true or false, got a string"],
    ["java.math.BigDecimal", [], "java.math.BigDecimal is sent as a decimal string, got an array"],
    ["java.util.Date", 1.5, "1.5 is not a whole number of epoch milliseconds"],
    ["byte[]", [1, 2], "byte[] is sent as base64 text, got an array"],
    [USER, "x", `${USER} is sent as a JSON object of its properties, got a string`],
    ["java.util.List<java.lang.String>", {}, "java.util.List<java.lang.String> is sent as a JSON array, got an object"],
    ["java.util.Map<java.lang.String,java.lang.Integer>", [], "java.util.Map<java.lang.String,java.lang.Integer> is sent as a JSON object of its entries, got an array"],
  ])("cannot show %s sent as %j: %s", (type, json, message) => {
    expect(decodeArguments([type], [json], types)).toEqual({ ok: false, path: [0], message });
  });

  it("reads null as an explicit null: fine for a reference, an error for a primitive", () => {
    const drafts = decoded(["int", "java.lang.String"], [null, null]);
    expect(drafts).toEqual([
      { kind: "scalar", presence: "null", text: "" },
      { kind: "scalar", presence: "null", text: "" },
    ]);
    expect(encodeArguments(["int", "java.lang.String"], drafts, types).issues).toEqual([{ path: [0], message: "Required: a int cannot be null", required: false }]);
  });
});

describe("POJOs", () => {
  const user = {
    address: { city: "Hangzhou", street: "1 West Lake Rd", zip: 310000 },
    balance: "12.50",
    createdAt: "2024-05-01T10:00:00.000Z",
    favouriteColor: "GREEN",
    id: 9007199254740993n.toString(),
    labels: { team: "core", "": "empty key" },
    name: "Ada",
    previousAddresses: [{ city: "Beijing", zip: 100000 }, null],
  };

  it("round-trips a nested User exactly: a child object, a list of children, a map, a long past 2^53", () => {
    expect(roundTrip([USER], [user])).toEqual([user]);
  });

  it("leaves out the properties never filled in, and keeps explicit nulls", () => {
    expect(roundTrip([USER], [{ name: "Ada", address: null }])).toEqual([{ name: "Ada", address: null }]);
    expect(encodeArguments([USER], emptyArguments([USER], types), types)).toEqual({ args: [{}], issues: [] });
  });

  it("keeps members the metadata does not list, such as a class naming a subtype", () => {
    expect(roundTrip([USER], [{ class: "io.x.VipUser", name: "Ada", vipLevel: 3 }])).toEqual([{ name: "Ada", class: "io.x.VipUser", vipLevel: 3 }]);
  });

  it("fills nested properties from the form, marking the enclosing objects as given", () => {
    const userSpec = types.spec(USER);
    const addressSpec = types.spec(ADDRESS);
    if (userSpec.kind !== "object" || addressSpec.kind !== "object") throw new Error("User and Address are POJOs");
    const root = emptyArguments([USER], types)[0]!;
    if (root.kind !== "object") throw new Error("a POJO's draft is an object");
    const address = propertyDraft(root, "address", addressSpec);
    expect(address.presence).toBe("absent");
    if (address.kind !== "object") throw new Error("Address's draft is an object");
    const filled = withProperty(withProperty(address, "city", typedScalar(types.spec("java.lang.String"), "Hangzhou")), "zip", typedScalar(types.spec("int"), "310000"));
    const withAddress = withProperty(withProperty(root, "address", filled), "id", typedScalar(types.spec("long"), "7"));
    expect(encodeArguments([USER], [withAddress], types)).toEqual({ args: [{ address: { city: "Hangzhou", zip: 310000 }, id: 7 }], issues: [] });
  });

  it("names the nested field at fault, as the API does", () => {
    const result = encodeArguments([USER], decoded([USER], [{ address: { zip: "ten" }, previousAddresses: [{ zip: 99999999999 }] }]), types);
    expect(result.issues.map((i) => [issuePath(i.path), i.message])).toEqual([
      ["args.0.address.zip", '"ten" is not a whole number (int)'],
      ["args.0.previousAddresses.0.zip", "99999999999 is out of range: int holds -2147483648 to 2147483647"],
    ]);
  });

  it("leaves a primitive property that was never filled in to Java's default, but refuses an explicit null", () => {
    expect(encodeArguments([ADDRESS], decoded([ADDRESS], [{ city: "x" }]), types)).toEqual({ args: [{ city: "x" }], issues: [] });
    expect(encodeArguments([ADDRESS], decoded([ADDRESS], [{ zip: null }]), types).issues).toEqual([{ path: [0, "zip"], message: "Required: a int cannot be null", required: false }]);
  });

  it("handles a self-referencing type to any depth the JSON has, building only what is there", () => {
    const nodeTypes = new TypeResolver([{ type: "io.x.Node", items: [], enums: [], properties: { value: "int", next: "io.x.Node" } }]);
    const chain = { value: 1, next: { value: 2, next: { value: 3, next: null } } };
    const drafts = decodeArguments(["io.x.Node"], [chain], nodeTypes);
    if (!drafts.ok) throw new Error(drafts.message);
    expect(encodeArguments(["io.x.Node"], drafts.drafts, nodeTypes)).toEqual({ args: [chain], issues: [] });
    expect(emptyArguments(["io.x.Node"], nodeTypes)).toEqual([{ kind: "object", presence: "given", fields: {}, extra: {} }]);
  });

  it("keeps a property named __proto__ as a member, not as the object's prototype", () => {
    const protoTypes = new TypeResolver([{ type: "io.x.Odd", items: [], enums: [], properties: { __proto__: "java.lang.String" } as Record<string, string> }]);
    const value = JSON.parse('{"__proto__":"x"}') as unknown;
    const drafts = decodeArguments(["io.x.Odd"], [value], protoTypes);
    if (!drafts.ok) throw new Error(drafts.message);
    expect(JSON.stringify(encodeArguments(["io.x.Odd"], drafts.drafts, protoTypes).args)).toBe('[{"__proto__":"x"}]');
  });
});

describe("arrays, lists, sets and maps", () => {
  it.each([
    ["int[]", [1, -2, 3]],
    ["java.lang.String[]", ["a", "", null]],
    ["java.util.List<java.lang.String>", ["x", "y"]],
    ["java.util.Set<java.lang.Integer>", [1, 2, null]],
    [`${USER}[]`, [{ name: "a" }, { name: "b", address: { city: "c" } }]],
    ["java.util.List<java.util.List<java.lang.Long>>", [[1, "9223372036854775807"], []]],
    ["java.util.Map<java.lang.String,java.lang.Integer>", { a: 1, b: null }],
    ["java.util.Map<java.lang.String,java.util.List<io.dubboconsole.demo.api.Address>>", { Hangzhou: [{ city: "Hangzhou", zip: 310000 }] }],
    ["java.util.Map<java.lang.Long,java.lang.String>", { "1": "one", "-2": "minus two" }],
    [`java.util.List<${USER}>`, []],
  ])("round-trips %s", (type, value) => {
    expect(roundTrip([type], [value])).toEqual([value]);
  });

  it("requires each element of a primitive array", () => {
    const list: Draft = { kind: "list", presence: "given", items: [scalar("1"), emptyDraft(types.spec("int"), "element"), scalar("x")] };
    expect(encodeArguments(["int[]"], [list], types)).toEqual({
      args: [[1, null, "x"]],
      issues: [
        { path: [0, 1], message: "Required: a int cannot be null", required: true },
        { path: [0, 2], message: '"x" is not a whole number (int)', required: false },
      ],
    });
  });

  it("refuses a map key twice, and a key its type cannot read", () => {
    const map: Draft = {
      kind: "map",
      presence: "given",
      entries: [
        { key: "1", value: scalar("a") },
        { key: "1", value: scalar("b") },
        { key: "one", value: scalar("c") },
      ],
    };
    expect(encodeArguments(["java.util.Map<java.lang.Integer,java.lang.String>"], [map], types).issues).toEqual([
      { path: [0, "1"], message: 'The key "1" is there twice; a map holds each key once', required: false },
      { path: [0, "one"], message: 'Key: "one" is not a whole number (java.lang.Integer)', required: false },
    ]);
  });

  it("starts an argument's list and map empty, and a property's absent", () => {
    expect(emptyArguments(["int[]", "java.util.Map<java.lang.String,java.lang.String>"], types)).toEqual([
      { kind: "list", presence: "given", items: [] },
      { kind: "map", presence: "given", entries: [] },
    ]);
    expect(emptyDraft(types.spec("int[]"), "property")).toEqual({ kind: "list", presence: "absent", items: [] });
    expect(given(emptyDraft(types.spec("int[]"), "property"))).toEqual({ kind: "list", presence: "given", items: [] });
  });
});

describe("free JSON for types the form cannot describe", () => {
  it("round-trips any JSON for an undescribed class or java.lang.Object", () => {
    expect(roundTrip(["io.x.Unknown", "java.lang.Object", "java.util.List"], [{ deep: [1, { a: null }] }, "text", [1, "two", { three: 3 }]])).toEqual([
      { deep: [1, { a: null }] },
      "text",
      [1, "two", { three: 3 }],
    ]);
  });

  it("shows a JSON error at the field, sends null while blank", () => {
    expect(encodeArguments(["io.x.Unknown"], [typedJson("{ nope")], types).issues).toEqual([
      { path: [0], message: expect.stringMatching(/^Not valid JSON: /) as unknown as string, required: false },
    ]);
    expect(encodeArguments(["io.x.Unknown"], [typedJson("  ")], types)).toEqual({ args: [null], issues: [] });
  });
});

describe("the argument count", () => {
  it("refuses JSON with another number of arguments than the method's parameters", () => {
    expect(decodeArguments(["int", "int"], [1], types)).toEqual({ ok: false, path: [], message: "The method takes 2 arguments; got 1" });
  });

  it("has nothing to fill in for a method without parameters", () => {
    expect(encodeArguments([], emptyArguments([], types), types)).toEqual({ args: [], issues: [] });
    expect(decodeArguments([], [], types)).toEqual({ ok: true, drafts: [] });
  });
});
