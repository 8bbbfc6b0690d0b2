import { describe, expect, it } from "vitest";
import { rowProblem, rowsToRule, ruleToRows } from "@/lib/routing/builder/builder-rows";

describe("rowsToRule", () => {
  it("joins complete rows with & and puts => between the sides", () => {
    const text = rowsToRule({
      when: [
        { key: "application", op: "=", values: ["shop"] },
        { key: "host", op: "!=", values: ["10.0.0.1", "10.0.0.2"] },
      ],
      then: [{ key: "host", op: "=", values: ["10.0.1.*"] }],
    });
    expect(text).toBe("application = shop & host != 10.0.0.1,10.0.0.2 => host = 10.0.1.*");
  });

  it("writes an empty when as a rule for every consumer, and an empty then as the blacklist false", () => {
    expect(rowsToRule({ when: [], then: [{ key: "host", op: "=", values: ["a"] }] })).toBe("=> host = a");
    expect(rowsToRule({ when: [{ key: "application", op: "=", values: ["bad"] }], then: [] })).toBe("application = bad => false");
  });

  it("leaves out rows without a key or a value, and gives nothing for no complete row", () => {
    expect(rowsToRule({ when: [{ key: "", op: "=", values: ["x"] }], then: [{ key: "host", op: "=", values: [] }] })).toBe("");
  });
});

describe("ruleToRows", () => {
  it("reads a rule into rows, = and != of one key apart, and reads them back as the same rule", () => {
    const reading = ruleToRows("consumer.application = shop & host = a,b & host != c => provider.zone = east", "2.7");
    expect(reading).toEqual({
      kind: "rows",
      rule: {
        when: [
          { key: "application", op: "=", values: ["shop"] },
          { key: "host", op: "=", values: ["a", "b"] },
          { key: "host", op: "!=", values: ["c"] },
        ],
        then: [{ key: "zone", op: "=", values: ["east"] }],
      },
    });
  });

  it("reads a blank, true or false side as no rows", () => {
    expect(ruleToRows("true => host = a", "2.7")).toEqual({ kind: "rows", rule: { when: [], then: [{ key: "host", op: "=", values: ["a"] }] } });
    expect(ruleToRows("host = a => false", "3.x")).toEqual({ kind: "rows", rule: { when: [{ key: "host", op: "=", values: ["a"] }], then: [] } });
    expect(ruleToRows("", "2.7")).toEqual({ kind: "rows", rule: { when: [], then: [] } });
  });

  it.each([
    ["=> zone = $zone", "$name"],
    ["=> port = 20880~20890", "range"],
    ["arguments[0] = 1 => host = a", "arguments"],
    ["attachments[tag] = x => host = a", "attachments"],
    ["host => host = a", 'the key "host" has no value'],
    ["host = a & b , c => host = a", 'the key "b" has no value'],
    ["host = a => , b", "does not parse"],
  ])("keeps %s as text, and says why (%s)", (rule, why) => {
    const reading = ruleToRows(rule, "3.x");
    expect(reading.kind).toBe("text-only");
    expect(reading.kind === "text-only" && reading.why).toContain(why);
  });

  it("keeps $name on the when side, where it is a plain value", () => {
    expect(ruleToRows("application = $app => host = a", "2.7").kind).toBe("rows");
  });
});

describe("rowProblem", () => {
  it("refuses separators and whitespace in keys and values, and the prefixes Dubbo strips from values", () => {
    expect(rowProblem({ key: "host", op: "=", values: ["10.0.0.1"] })).toBeNull();
    expect(rowProblem({ key: "ho st", op: "=", values: ["a"] })).toMatch(/key "ho st" holds a space/);
    expect(rowProblem({ key: "host", op: "=", values: ["a&b"] })).toMatch(/value "a&b"/);
    expect(rowProblem({ key: "app", op: "=", values: ["my.provider.app"] })).toMatch(/holds "provider."/);
  });
});
