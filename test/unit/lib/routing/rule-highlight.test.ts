import { describe, expect, it } from "vitest";
import { highlightRule } from "@/lib/routing/parse/rule-highlight";

/** Each span as [kind, text]. */
const spans = (rule: string) => highlightRule(rule).map((s) => [s.kind, rule.slice(s.from, s.to)]);

describe("highlightRule", () => {
  it("marks keys, separators, values, the arrow and the consumer's references", () => {
    expect(spans("consumer.host = a,b & method != get* => zone = $zone")).toEqual([
      ["prefix", "consumer."],
      ["key", "host"],
      ["operator", "="],
      ["value", "a"],
      ["operator", ","],
      ["value", "b"],
      ["operator", "&"],
      ["key", "method"],
      ["operator", "!="],
      ["value", "get*"],
      ["arrow", "=>"],
      ["key", "zone"],
      ["operator", "="],
      ["reference", "$zone"],
    ]);
  });

  it("reads true and false sides as literals, and a rule without => as its then side", () => {
    expect(spans(" true => false")).toEqual([["literal", "true"], ["arrow", "=>"], ["literal", "false"]]);
    expect(spans("host = a")).toEqual([["key", "host"], ["operator", "="], ["value", "a"]]);
  });

  it("keeps highlighting past what Dubbo rejects, and a separator with nothing after it", () => {
    expect(spans("host = a => , b &")).toEqual([
      ["key", "host"],
      ["operator", "="],
      ["value", "a"],
      ["arrow", "=>"],
      ["operator", ","],
      ["value", "b"],
      ["operator", "&"],
    ]);
  });
});
