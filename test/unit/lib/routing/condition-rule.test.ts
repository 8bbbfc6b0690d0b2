import { describe, expect, it } from "vitest";
import { parseConditionRule, type ConditionRule } from "@/lib/routing/parse/condition-rule";
import { RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { isConsoleError } from "@/lib/errors";

/** The clauses of one side as plain data: key -> [matches, mismatches]. */
function clauses(side: ConditionRule["when"] | null): Record<string, [string[], string[]]> | null {
  if (side === null) return null;
  return Object.fromEntries(side.map((c) => [c.key, [[...c.matches], [...c.mismatches]]]));
}

function syntaxErrorOf(rule: string): RuleSyntaxError {
  try {
    parseConditionRule(rule, "2.7");
  } catch (e) {
    if (e instanceof RuleSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(rule)} to be rejected`);
}

describe("parseConditionRule: the sides of =>", () => {
  it("reads when and then around the first =>", () => {
    const r = parseConditionRule("host = 1.1.1.1 => host = 2.2.2.2 => x", "2.7");
    expect(r.whenForm).toBe("conditions");
    expect(clauses(r.when)).toEqual({ host: [["1.1.1.1"], []] });
    // A second "=>" belongs to then, where ROUTE_PATTERN reads it as "=" before the value ">".
    expect(clauses(r.then)).toEqual({ host: [["2.2.2.2", ">"], []], x: [[], []] });
  });

  it("matches every consumer with a blank when or the literal true (testRoute_Empty_HostFilter, testRoute_False_HostFilter)", () => {
    for (const rule of [" => host = 127.0.0.1", "true => host = 127.0.0.1", "\t=>host=127.0.0.1"]) {
      const r = parseConditionRule(rule, "3.x");
      expect(r.when).toEqual([]);
      expect(clauses(r.then)).toEqual({ host: [["127.0.0.1"], []] });
    }
    expect(parseConditionRule("true => host = 1", "2.7").whenForm).toBe("true");
    expect(parseConditionRule(" => host = 1", "2.7").whenForm).toBe("blank");
  });

  it("reads a rule without => as a then side that applies to every consumer", () => {
    const r = parseConditionRule("host = 10.0.0.1", "2.7");
    expect(r.whenForm).toBe("absent");
    expect(r.when).toEqual([]);
    expect(clauses(r.then)).toEqual({ host: [["10.0.0.1"], []] });
  });

  it("makes a blank or false then a blacklist (testRoute_ReturnFalse, testRoute_ReturnEmpty)", () => {
    expect(parseConditionRule("host = 127.0.0.1 => false", "2.7").then).toBeNull();
    expect(parseConditionRule("host = 127.0.0.1 => ", "2.7").then).toBeNull();
    expect(parseConditionRule("host = 127.0.0.1 => false", "2.7").thenForm).toBe("false");
    expect(parseConditionRule("host = 127.0.0.1 =>", "3.x").thenForm).toBe("blank");
  });

  it("reads true and false as keys anywhere but their own place", () => {
    expect(clauses(parseConditionRule("true & a = 1 => false", "2.7").when)).toEqual({ true: [[], []], a: [["1"], []] });
    expect(clauses(parseConditionRule("=> false & a = 1", "2.7").then)).toEqual({ false: [[], []], a: [["1"], []] });
  });

  it("keeps Java's whitespace: U+00A0 is not blank, so it becomes a key", () => {
    const r = parseConditionRule("\u00a0=> a = 1", "2.7");
    expect(clauses(r.when)).toEqual({ "\u00a0": [[], []] });
  });
});

describe("parseConditionRule: tokens", () => {
  it("collects = and != values of a key, each once (testRoute_matchWhen)", () => {
    const r = parseConditionRule("host = 2.2.2.2,1.1.1.1,3.3.3.3 & host !=1.1.1.1 => host = 1.2.3.4", "2.7");
    expect(clauses(r.when)).toEqual({ host: [["2.2.2.2", "1.1.1.1", "3.3.3.3"], ["1.1.1.1"]] });
    expect(clauses(parseConditionRule("a = x,x,y => b = 1", "2.7").when)).toEqual({ a: [["x", "y"], []] });
  });

  it("reuses the pair of a key repeated after &, so a = x & a = y is a = x,y", () => {
    expect(clauses(parseConditionRule("a = x & a = y => b = 1", "2.7").when)).toEqual({ a: [["x", "y"], []] });
  });

  it("starts a fresh pair for a key repeated without &, keeping only the last values", () => {
    expect(clauses(parseConditionRule("a = x a = y => b = 1", "2.7").when)).toEqual({ a: [["y"], []] });
  });

  it("adds a value after , to the last values seen, even those of the previous key", () => {
    expect(clauses(parseConditionRule("a = 1 & b , 2 => c = 3", "2.7").when)).toEqual({ a: [["1", "2"], []], b: [[], []] });
  });

  it("removes consumer. and provider. everywhere, values included", () => {
    const r = parseConditionRule("consumer.host = a.consumer.b => provider.application = provider.x", "2.7");
    expect(clauses(r.when)).toEqual({ host: [["a.b"], []] });
    expect(clauses(r.then)).toEqual({ application: [["x"], []] });
  });

  it("reads a = = b as a = b, the way Java's matcher skips the stray =", () => {
    expect(clauses(parseConditionRule("a = = b => c = 1", "2.7").when)).toEqual({ a: [["b"], []] });
  });

  it("gives each token its place in the original text", () => {
    const rule = "consumer.host = 1.1.1.1 => port != 20880";
    const r = parseConditionRule(rule, "2.7");
    const slices = r.tokens.map((t) => [t.side, t.kind, t.text, rule.slice(t.start, t.end), rule.slice(t.offset, t.end)]);
    expect(slices).toEqual([
      ["when", "key", "host", "host", "host"],
      ["when", "value", "1.1.1.1", "1.1.1.1", "= 1.1.1.1"],
      ["then", "key", "port", "port", "port"],
      ["then", "value", "20880", "20880", "!= 20880"],
    ]);
  });
});

describe("parseConditionRule: what Java rejects, and where", () => {
  it("rejects a blank rule with Java's IllegalArgumentException, at offset 0", () => {
    for (const rule of ["   ", "\t\n"]) {
      const e = syntaxErrorOf(rule);
      expect(e.offset).toBe(0);
      expect(e.code).toBe("invalid_rule");
      expect(isConsoleError(e)).toBe(true);
    }
    expect(() => parseConditionRule("", "3.x")).toThrow(RuleSyntaxError);
  });

  it("reads an exactly empty 2.7 rule as the rule `rule`, as URLStrParser reads the value-less `rule=` of a route URL", () => {
    const r = parseConditionRule("", "2.7");
    expect([r.source, r.readAs, r.whenForm, r.thenForm, clauses(r.when), clauses(r.then), r.tokens]).toEqual(["", "rule", "absent", "conditions", {}, { rule: [[], []] }, []]);
  });

  it("rejects = or != before any key, at the separator", () => {
    expect(syntaxErrorOf("= a => b = 1").offset).toBe(0);
    expect(syntaxErrorOf("a = 1 =>   != b").offset).toBe(11);
  });

  it("rejects a , before any = or != value", () => {
    expect(syntaxErrorOf("a , b => c = 1").offset).toBe(2);
    expect(syntaxErrorOf("a = 1 => c , 2").offset).toBe(11);
  });

  it("rejects separators the grammar does not know (==, &&, !, =!)", () => {
    expect(syntaxErrorOf("a == 1 => b = 1").offset).toBe(2);
    expect(syntaxErrorOf("a = 1 && b = 2 => c = 1").offset).toBe(6);
    expect(syntaxErrorOf("a ! 1 => b = 1").offset).toBe(2);
    expect(syntaxErrorOf("=> a =! 1").offset).toBe(5);
  });

  it("maps the offset back past removed consumer./provider. prefixes and trimmed blanks", () => {
    // Java sees "a == 1" in then (after removing "provider." twice); the "==" is at 2 there.
    const rule = "provider.x = 1 =>   provider.provider.a == 1";
    const e = syntaxErrorOf(rule);
    expect(rule.slice(e.offset, e.offset + 2)).toBe("==");
    expect(e.message).toContain('"=="');
  });

  it("accepts what Java accepts, however odd: stray |, ; and > become keys", () => {
    expect(clauses(parseConditionRule("a | b ; c > => d = 1", "2.7").when)).toEqual({ a: [[], []], "|": [[], []], b: [[], []], ";": [[], []], c: [[], []], ">": [[], []] });
    expect(clauses(parseConditionRule("=> &&&", "2.7").then)).toEqual({});
  });
});
