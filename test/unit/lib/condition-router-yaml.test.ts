import { describe, expect, it } from "vitest";
import {
  type ConditionRuleDraft,
  formatConditionRouterYaml,
  parseConditionRouterYaml,
  readConditionRouterYaml,
  RuleYamlError,
  type RuleYamlProblemCode,
} from "@/lib/dubbo/rules/condition-router-yaml";
import { loadSnakeYaml } from "@/lib/dubbo/rules/snake-yaml";

function rule(yaml: string) {
  const read = parseConditionRouterYaml(yaml);
  if (read.type !== "rule") throw new Error(`expected a rule, got ${JSON.stringify(read.problem)}`);
  return read;
}

function problem(yaml: string) {
  const read = parseConditionRouterYaml(yaml);
  if (read.type !== "rejected") throw new Error(`expected a rejection, got ${JSON.stringify(read.rule)}`);
  return read.problem;
}

describe("rules Dubbo Admin writes", () => {
  it("reads the 0.3–0.6 serialisation (SnakeYAML dumpAsMap: sorted keys, no configVersion, bare interface as key)", () => {
    // dubbo-admin.md §2.3, RouteUtils.insertConditionRule + YamlParser.dumpObject.
    const read = rule(["conditions:", "- => host != 172.22.3.91", "enabled: true", "force: true", "key: org.foo.DemoService", "priority: 0", "runtime: false", "scope: service", ""].join("\n"));
    expect(read.rule).toEqual({
      format: "v3.0",
      configVersion: null,
      scope: "service",
      key: "org.foo.DemoService",
      enabled: true,
      force: true,
      runtime: false,
      priority: 0,
      valid: true,
      conditions: ["=> host != 172.22.3.91"],
    });
    expect(read.notes).toEqual([]);
  });

  it("reads an application rule with several conditions, each kept as written", () => {
    const read = rule("scope: application\nkey: demo-consumer\nenabled: false\nconditions:\n  - method = refund* => host = 10.0.0.2\n  - => zone = $zone\n");
    expect(read.rule).toMatchObject({ scope: "application", key: "demo-consumer", enabled: false, force: false, runtime: true, conditions: ["method = refund* => host = 10.0.0.2", "=> zone = $zone"] });
  });

  it("reads the folded conditions of Dubbo's ConditionRuleParser example, line breaks folded as YAML does", () => {
    const read = rule("scope: application\nruntime: true\nforce: false\nconditions:\n  - >\n    method!=sayHello =>\n  - >\n    ip=127.0.0.1\n    =>\n    1.1.1.1\n");
    expect(read.rule.conditions).toEqual(["method!=sayHello =>\n", "ip=127.0.0.1 => 1.1.1.1\n"]);
  });

  it("reads a go-2025 multi-destination rule (configVersion v3.1), weights defaulted and non-positive ones taken as 100", () => {
    const read = rule(
      [
        "configVersion: v3.1",
        "scope: service",
        "key: org.foo.DemoService",
        "force: false",
        "runtime: true",
        "enabled: true",
        "conditions:",
        "  - from:",
        "      match: method=sayHello",
        "    to:",
        "      - match: region=hangzhou",
        "        weight: 80",
        "      - match: region=beijing",
        "        weight: 0",
        "      - match: region=shanghai",
        "  - to: []",
        "",
      ].join("\n"),
    );
    expect(read.rule).toMatchObject({
      format: "v3.1",
      configVersion: "v3.1",
      valid: true,
      conditions: [
        { from: "method=sayHello", to: [{ match: "region=hangzhou", weight: 80 }, { match: "region=beijing", weight: 100 }, { match: "region=shanghai", weight: 100 }] },
        { from: "", to: [] },
      ],
    });
  });

  it("takes any configVersion below v3.1, or one written `v3.10`, by its prefix as Java's startsWith does", () => {
    expect(rule("configVersion: v3\nconditions: ['=> a = b']").rule.format).toBe("v3.0");
    expect(rule("configVersion: v2.7\nconditions: ['=> a = b']").rule.format).toBe("v3.0");
    expect(rule("configVersion: V3.1\nconditions: [{to: [{match: a = b}]}]").rule.format).toBe("v3.1");
  });
});

describe("fields read as Java reads them", () => {
  it("reads flags with Boolean.parseBoolean: YAML 1.1 yes/on are true, the text 'yes' and y are false, and says so", () => {
    const read = rule("enabled: 'yes'\nforce: on\nruntime: y\nconditions: ['=> a = b']");
    expect(read.rule).toMatchObject({ enabled: false, force: true, runtime: false });
    expect(read.notes).toEqual(['runtime is the text "y": Dubbo reads it as false', 'enabled is the text "yes": Dubbo reads it as false']);
  });

  it("reads TRUE in any case as true, and a number as false", () => {
    expect(rule("force: 'TrUe'\nenabled: 1\nconditions: ['=> a = b']").rule).toMatchObject({ force: true, enabled: false });
  });

  it("reads priority with Integer.parseInt: YAML hex and signs are whole numbers, a float or 2^31 is refused", () => {
    expect(rule("priority: 0x10\nconditions: ['=> a = b']").rule.priority).toBe(16);
    expect(rule("priority: '-7'\nconditions: ['=> a = b']").rule.priority).toBe(-7);
    expect(problem("priority: 1.0\nconditions: ['=> a = b']")).toMatchObject({ code: "priority_not_int", field: "priority" });
    expect(problem("priority: 2147483648\nconditions: ['=> a = b']").code).toBe("priority_not_int");
    expect(problem("priority: high\nconditions: ['=> a = b']").code).toBe("priority_not_int");
  });

  it("turns conditions that are not text into Java's String.valueOf of them, and notes each", () => {
    const read = rule("conditions: [12, 1.5, 1.0e7, ~, true, {a: b}]");
    expect(read.rule.conditions).toEqual(["12", "1.5", "1.0E7", "null", "true", "{a=b}"]);
    expect(read.notes).toHaveLength(6);
  });

  it("keeps the last of repeated keys, as SnakeYAML does by default", () => {
    expect(rule("force: true\nforce: false\nconditions: ['=> a = b']").rule.force).toBe(false);
  });
});

describe("rules Dubbo 3.3 fails to read (it logs, and keeps the rule it had)", () => {
  it.each<[string, string, RuleYamlProblemCode, string | null]>([
    ["a YAML syntax error", "conditions: [\n", "yaml_syntax", null],
    ["two documents", "conditions: ['=> a = b']\n---\nforce: true\n", "yaml_syntax", null],
    ["a local tag SafeConstructor cannot build", "key: !foo bar\nconditions: ['=> a = b']", "yaml_syntax", null],
    ["an empty node", "", "not_a_map", null],
    ["a comment only", "# nothing\n", "not_a_map", null],
    ["a list at the top", "- => a = b\n", "not_a_map", null],
    ["plain text", "=> a = b", "not_a_map", null],
    ["a configVersion that is a number", "configVersion: 3.0\nconditions: ['=> a = b']", "field_type", "configVersion"],
    ["a key that YAML 1.1 reads as a date", "key: 2024-01-02\nconditions: ['=> a = b']", "field_type", "key"],
    ["a scope that is a boolean", "scope: yes\nconditions: ['=> a = b']", "field_type", "scope"],
    ["a configVersion after v3.1", "configVersion: v3.2\nconditions: ['=> a = b']", "unsupported_version", "configVersion"],
    ["a blank condition in an enabled rule", "conditions: ['=> a = b', '  ']", "condition_syntax", "conditions[1]"],
    ["v3.1 conditions that are not a list", "configVersion: v3.1\nconditions: x", "conditions_shape", "conditions"],
    ["v3.1 without conditions", "configVersion: v3.1\n", "conditions_shape", "conditions"],
    ["a v3.1 condition whose to is a mapping", "configVersion: v3.1\nconditions: [{to: {match: a = b}}]", "conditions_shape", "conditions[0].to"],
    ["a v3.1 condition whose from is null", "configVersion: v3.1\nconditions: [{from: ~, to: []}]", "conditions_shape", "conditions[0].from"],
    ["a v3.1 weight that is not a whole number", "configVersion: v3.1\nconditions: [{to: [{match: a = b, weight: heavy}]}]", "weight_not_int", "conditions[0].to[0].weight"],
  ])("refuses %s", (_, yaml, code, field) => {
    expect(problem(yaml)).toMatchObject({ code, field });
  });

  it("gives the line of a syntax error", () => {
    expect(problem("force: true\nconditions:\n  - a\n b: c\n")).toMatchObject({ code: "yaml_syntax", line: 4 });
  });

  it("refuses what the rule engine refuses, at the condition it refuses", () => {
    const check = (c: string) => (c.includes("|") ? `unexpected "|" in ${c}` : null);
    expect(parseConditionRouterYaml("conditions: ['=> a = b', 'a | b => c = d']", check)).toEqual({
      type: "rejected",
      problem: { code: "condition_syntax", message: 'unexpected "|" in a | b => c = d', field: "conditions[1]", line: null },
    });
    // A v3.1 from-match is checked as the when side, a to-match as the then side.
    const seen: string[] = [];
    parseConditionRouterYaml("configVersion: v3.1\nconditions: [{from: {match: a = b}, to: [{match: c = d}, {match: false}]}]", (c) => (seen.push(c), null));
    expect(seen).toEqual(["a = b =>", "=> c = d"]);
  });

  it("throws a RuleYamlError with the problem from readConditionRouterYaml", () => {
    expect(() => readConditionRouterYaml("- x")).toThrow(RuleYamlError);
    try {
      readConditionRouterYaml("- x");
    } catch (e) {
      expect(e).toMatchObject({ code: "validation_failed", problem: { code: "not_a_map" } });
    }
  });
});

describe("rules Dubbo reads but applies none of", () => {
  it("takes a rule without conditions, with empty ones, or with valid: false as not valid, and says Dubbo keeps its old conditions", () => {
    for (const yaml of ["force: true", "conditions: []", "conditions: '=> a = b'", "valid: false\nconditions: ['=> a = b']"]) {
      const read = rule(yaml);
      expect(read.rule.valid).toBe(false);
      expect(read.notes.at(-1)).toMatch(/keeps the conditions it had before/);
    }
  });

  it("does not parse the conditions of a disabled rule, so a blank one is not refused", () => {
    expect(rule("enabled: false\nconditions: ['  ']").rule).toMatchObject({ enabled: false, valid: true, conditions: ["  "] });
  });

  it("does not parse the matches of a v3.1 rule marked not valid", () => {
    const check = () => "refused";
    expect(parseConditionRouterYaml("configVersion: v3.1\nvalid: false\nconditions: [{to: [{match: x, weight: w}]}]", check).type).toBe("rule");
  });
});

describe("the YAML written for Dubbo 3.3", () => {
  const draft: ConditionRuleDraft = {
    scope: "service",
    key: "io.dubboconsole.demo.api.GreetingService::",
    enabled: true,
    force: false,
    runtime: true,
    priority: 0,
    conditions: ["=> host = 127.0.0.2"],
  };

  it("writes configVersion v3.0 and every field, in the order of Dubbo's documentation", () => {
    expect(formatConditionRouterYaml(draft)).toBe(
      [
        "configVersion: v3.0",
        "scope: service",
        'key: "io.dubboconsole.demo.api.GreetingService::"',
        "enabled: true",
        "force: false",
        "runtime: true",
        "priority: 0",
        "conditions:",
        "  - => host = 127.0.0.2",
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["YAML 1.1 booleans and nulls", ["yes", "on", "No", "~", "null", "true"]],
    ["numbers", ["1", "0x10", "1_000", "1:20", "1.5", ".inf"]],
    ["indicators and comments", ["!= x", "& a", "*a", "a = b #c", "a: b", "- x", "? x", "|x", ">x", "%x", "@x", "`x"]],
    ["quotes and escapes", ["'q'", '"dq"', "back\\slash", "tab\there", "ünïcödé", " lead", "trail "]],
    ["Dubbo rule syntax", ["method = $invoke & arguments[0] = x", "=> zone = $zone", "host != 10.0.0.*,192.168.* => false", "attachments[k] = v => port = 20880~20890"]],
  ])("writes %s so that they read back unchanged", (_, conditions) => {
    const written = { ...draft, key: "yes", conditions };
    const read = rule(formatConditionRouterYaml(written));
    expect(read.rule).toEqual({ ...written, configVersion: "v3.0", valid: true, format: "v3.0" });
    expect(read.notes).toEqual([]);
  });

  it("writes an application rule, disabled and forced, with a negative priority", () => {
    const written = { ...draft, scope: "application" as const, key: "demo-consumer-33", enabled: false, force: true, priority: -5, conditions: ["a = b => c = d", "=> false"] };
    expect(rule(formatConditionRouterYaml(written)).rule).toMatchObject({ scope: "application", key: "demo-consumer-33", enabled: false, force: true, priority: -5 });
  });
});

describe("YAML loaded as SnakeYAML loads it", () => {
  it("reads y and n as text (SnakeYAML's resolver), yes/no/on/off as booleans, 010 as octal, 1:20 as sexagesimal", () => {
    expect(loadSnakeYaml("[y, n, Y, yes, No, ON, off, 010, 1:20]")).toEqual({ ok: true, value: ["y", "n", "Y", true, false, true, false, 8n, 80n] });
  });

  it("merges << keys and resolves aliases", () => {
    expect(loadSnakeYaml("base: &b {force: true}\nrule:\n  <<: *b\n  enabled: false\n")).toEqual({ ok: true, value: { base: { force: true }, rule: { force: true, enabled: false } } });
  });
});
