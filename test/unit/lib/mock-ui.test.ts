import { describe, expect, it } from "vitest";
import { TypeResolver } from "@/lib/invoke/form/field-spec";
import { accessListsText, accessRuleWords, blockedByText } from "@/lib/access/access-words";
import { mockBannerText, mockReceivers } from "@/lib/mock/mock-reach";
import { decodeReturn, emptyReturnDraft, encodeReturn, parseReturnJson, returnFormType } from "@/lib/mock/return-value-form";

const USER = { type: "com.foo.User", properties: { name: "java.lang.String", age: "int" }, items: [], enums: [] };
const types = new TypeResolver([USER]);

describe("a mock's return value form", () => {
  it("builds a String return from its type, and the JSON reads back into the same draft", () => {
    const draft = { kind: "scalar" as const, presence: "given" as const, text: "mocked!" };
    expect(encodeReturn("java.lang.String", draft, types)).toEqual({ value: "mocked!", issues: [] });
    expect(decodeReturn("java.lang.String", "mocked!", types)).toEqual({ ok: true, draft });
    expect(encodeReturn("java.lang.String", emptyReturnDraft("java.lang.String", types), types).value).toBe("");
  });

  it("builds a POJO from its properties, and says where JSON of the wrong shape does not fit", () => {
    const read = decodeReturn("com.foo.User", { name: "ann", age: 3 }, types);
    expect(read.ok).toBe(true);
    if (read.ok) expect(encodeReturn("com.foo.User", read.draft, types).value).toEqual({ name: "ann", age: 3 });
    const wrong = decodeReturn("com.foo.User", { name: "ann", age: [1] }, types);
    expect(wrong.ok ? null : wrong.message).toMatch(/^At age: /);
    expect(encodeReturn("int", { kind: "scalar", presence: "given", text: "abc" }, types).issues.map((i) => i.path)).toEqual([[0]]);
  });

  it("has nothing to fill in for void, and free JSON for an unknown return type", () => {
    expect(returnFormType("void")).toBeNull();
    expect(returnFormType(null)).toBe("java.lang.Object");
    expect(returnFormType(" java.lang.String ")).toBe("java.lang.String");
    expect(parseReturnJson('{"a":')).toMatchObject({ ok: false });
    expect(parseReturnJson('"x"')).toEqual({ ok: true, value: "x" });
  });
});

describe("the mock banner's words", () => {
  it("counts distinct enabled methods and names who gets mocked values as the server decides it", () => {
    expect(mockBannerText([])).toBeNull();
    expect(mockBannerText([{ method: "greet", applications: [], enabled: false }])).toBeNull();
    expect(mockBannerText([{ method: "greet", applications: ["b", "a"], enabled: true }])).toBe("1 method answers mocked values for consumers of applications a, b");
    expect(mockBannerText([{ method: "greet", applications: ["a"], enabled: true }, { method: "whoAmI", applications: [], enabled: true }])).toBe("2 methods answer mocked values for every consumer of the service");
  });
});

describe("access rules in words", () => {
  it("says what a rule lists and who blocks a consumer", () => {
    const rule = { id: "r1", mode: "allow" as const, hosts: ["10.0.0.1"], applications: ["a", "b"] };
    expect(accessListsText(rule)).toBe("host 10.0.0.1 and applications a, b");
    expect(accessRuleWords(rule)).toBe("allows only host 10.0.0.1 and applications a, b");
    expect(blockedByText("draft", [rule])).toBe("this rule");
    expect(blockedByText("r1", [rule])).toBe("the saved rule that allows only host 10.0.0.1 and applications a, b");
    expect(blockedByText(null, [rule])).toBeNull();
  });
});

describe("who a mock would answer, before it is saved", () => {
  const consumers = [
    { application: "shop", host: "10.0.0.1" },
    { application: "cart", host: "10.0.0.2" },
    { application: "shop", host: "10.0.0.3" },
  ];
  it("is every consumer for no applications, else those of the applications named", () => {
    expect(mockReceivers(consumers, []).map((c) => c.host)).toEqual(["10.0.0.1", "10.0.0.2", "10.0.0.3"]);
    expect(mockReceivers(consumers, ["shop"]).map((c) => c.host)).toEqual(["10.0.0.1", "10.0.0.3"]);
    expect(mockReceivers(consumers, ["nobody"])).toEqual([]);
  });
});
