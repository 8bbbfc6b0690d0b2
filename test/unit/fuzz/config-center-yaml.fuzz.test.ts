import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { stringify } from "yaml";
import { formatConditionRouterYaml, parseConditionRouterYaml, readConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { parseRuleNodeName, ruleKeyProblem } from "@/lib/dubbo/rules/config-rule-key";
import { javaStringOf, loadSnakeYaml } from "@/lib/dubbo/rules/snake-yaml";
import { checkConfigCondition } from "@/server/governance/rules/condition/rule-checks";
import { delimitedText, FUZZ_TIMEOUT_MS, fuzzParameters, valueOrTypedError } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/**
 * Property-based fuzzing of the config-center readers: SnakeYAML-like loading, the
 * `.condition-router` rule reader (v3.0 and v3.1 multi-destination) with the condition
 * check the server uses, and the rule node names of the config-center directory.
 */

const condition = fc.oneof(
  fc.constantFrom("=> host = 127.0.0.2", "host = 1.1.1.1 => host = 2.2.2.2", "", " ", "=>", "a=b=>c!=d,e", "method = greet => false", "true => $application", "&& =>", "host = => x"),
  delimitedText(6),
);
const scalar = fc.oneof(
  fc.constantFrom("true", "TRUE", "yes", "y", "on", "1", "1.0", "-0", "2147483648", "0x10", "~", "null", "", " ", "v3.0", "v3.1", "V3.1.7", "v3.2", "v4", "service", "application"),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.string({ maxLength: 10 }),
);
const field = <T>(a: fc.Arbitrary<T>) => fc.option(fc.oneof(a, scalar), { nil: undefined });
const destination = fc.record({ match: field(condition), weight: field(fc.integer({ min: -5, max: 300 })) }, { requiredKeys: [] });
const multiCondition = fc.oneof(fc.record({ from: field(fc.record({ match: field(condition) }, { requiredKeys: [] })), to: field(fc.array(fc.oneof(destination, scalar), { maxLength: 3 })) }, { requiredKeys: [] }), scalar);
/** A rule document near the real shape: each field sometimes missing, of another type, or odd. */
const ruleDocument = fc.record(
  {
    configVersion: field(fc.constantFrom("v3.0", "v3.1", "V3.1", "v3.1.1", "v3.2")),
    scope: field(fc.constantFrom("service", "application")),
    key: field(fc.constantFrom("com.foo.Bar::", "app")),
    enabled: field(fc.boolean()),
    force: field(fc.boolean()),
    runtime: field(fc.boolean()),
    valid: field(fc.boolean()),
    dynamic: field(fc.boolean()),
    priority: field(fc.integer()),
    rawRule: field(fc.string()),
    conditions: fc.option(fc.oneof(fc.array(fc.oneof(condition, scalar), { maxLength: 4 }), fc.array(multiCondition, { maxLength: 3 }), scalar), { nil: undefined }),
  },
  { requiredKeys: [] },
);
/** YAML that stresses the loader: anchors and aliases, merges, tags, several documents, odd indentation. */
const trickyYaml = fc.constantFrom(
  "a: &x [*x]",
  "&a [*a, *a]",
  "a: &a {b: *a}",
  "base: &b {enabled: true}\nrule:\n  <<: *b\n  conditions: [x]",
  "<<: [*nope]",
  "!!binary aGVsbG8=",
  "!foo bar",
  "!!python/object:os.system ls",
  "--- a\n--- b",
  "---\n...\n---",
  "key: 2001-12-14t21:59:43.10-05:00",
  "conditions: !!set {a, b}",
  "conditions: !!omap [a: 1]",
  "? [a, b]\n: c",
  "priority: .inf",
  "priority: 1_000",
  "priority: 0b101",
  "priority: 190:20:30",
  "a:\n\t- b",
  `a: ${"[".repeat(200)}${"]".repeat(200)}`,
  "x: *undefined",
  "\ufeffconditions: [a]",
);
const yamlText = fc.oneof(
  fc.anything({ maxDepth: 3 }).map((v) => valueOrTypedError(() => stringify(v), []) ?? ""),
  ruleDocument.map((d) => stringify(d)),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  trickyYaml,
  fc.tuple(trickyYaml, ruleDocument).map(([t, d]) => `${stringify(d)}\n${t}`),
);

describe("config-center YAML under fuzzing", () => {
  it("loads any text to a value or a reason, and the value always prints as Java text", () => {
    fc.assert(
      fc.property(yamlText, (text) => {
        const loaded = loadSnakeYaml(text);
        // A value that holds itself deeper than as its own element is the one typed failure (Java overflows its stack).
        if (loaded.ok) valueOrTypedError(() => expect(typeof javaStringOf(loaded.value)).toBe("string"), ["validation_failed"]);
        else expect(loaded.message).not.toBe("");
      }),
      fuzzParameters(600),
    );
  });

  it("reads any text as a condition rule or a rejection, with the server's condition check, and never throws", () => {
    fc.assert(
      fc.property(yamlText, (text) => {
        const read = parseConditionRouterYaml(text, checkConfigCondition);
        if (read.type === "rejected") expect(read.problem.message).not.toBe("");
        else expect(["v3.0", "v3.1"]).toContain(read.rule.format);
        valueOrTypedError(() => readConditionRouterYaml(text, checkConfigCondition), ["validation_failed"]);
      }),
      fuzzParameters(800),
    );
  });

  it("reads back every rule it writes with the fields it wrote", () => {
    const draft = fc.record({
      scope: fc.constantFrom("service" as const, "application" as const),
      key: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("yes", "~", "1", "!x", "a: b", "#c")),
      enabled: fc.boolean(),
      force: fc.boolean(),
      runtime: fc.boolean(),
      priority: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      conditions: fc.array(fc.oneof(condition, fc.constantFrom("yes", "no", "1.5", "null", "~", "- x", "a: b")).filter((c) => c.trim() !== ""), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(draft, (d) => {
        const read = parseConditionRouterYaml(formatConditionRouterYaml(d));
        expect(read.type).toBe("rule");
        if (read.type !== "rule") return;
        const { scope, key, enabled, force, runtime, priority, conditions } = read.rule;
        expect({ scope, key, enabled, force, runtime, priority, conditions }).toEqual(d);
      }),
      fuzzParameters(500),
    );
  });
});

describe("config-center rule node names under fuzzing", () => {
  it("reads any child name as a rule name or nothing, and judges any key without throwing", () => {
    const name = fc.oneof(fc.string({ maxLength: 30 }), delimitedText(6).map((k) => `${k}.condition-router`), fc.constant(".condition-router"));
    fc.assert(
      fc.property(name, fc.constantFrom("service" as const, "application" as const), (n, scope) => {
        const parsed = parseRuleNodeName(n);
        if (parsed !== null) expect(`${parsed.key}.condition-router`).toBe(n);
        const problem = ruleKeyProblem(scope, n);
        expect(problem === null || typeof problem === "string").toBe(true);
      }),
      fuzzParameters(1_000),
    );
  });
});

describe("crashes fuzzing found (regressions)", () => {
  it("prints a list or map that is its own element as Java does, instead of overflowing the stack (seed 20261130: 'a: &x [*x]')", () => {
    const loaded = loadSnakeYaml("a: &x [*x]\nb: &y {k: *y}");
    expect(loaded.ok && javaStringOf(loaded.value)).toBe("{a=[(this Collection)], b={k=(this Map)}}");
  });

  it("rejects as recursive_value a rule whose conditions hold themselves through a deeper cycle, where it threw a RangeError", () => {
    const read = parseConditionRouterYaml("conditions:\n  - &x {a: [*x]}", checkConfigCondition);
    expect(read).toEqual({ type: "rejected", problem: expect.objectContaining({ code: "recursive_value", field: null }) as unknown });
    const direct = parseConditionRouterYaml("conditions: &x [*x]", checkConfigCondition);
    // Java reads a list that is its own element as the text "[(this Collection)]": a then-side key, and a valid rule.
    expect(direct.type === "rule" && direct.rule.conditions).toEqual(["[(this Collection)]"]);
  });
});

describe("failures the API fuzz found (regressions)", () => {
  it.each(["\ue000", "app\u0085", "svc🙂", "a\ufff0"])("refuses the key %j, which ZooKeeper refuses in a node name (it answered BAD_ARGUMENTS, a 503 registry_unavailable)", (key) => {
    expect(ruleKeyProblem("application", key)).toMatch(/^key must not contain characters ZooKeeper refuses in a node name/);
  });

  it("still takes keys of accented and CJK letters", () => {
    expect(ruleKeyProblem("application", "café-应用")).toBeNull();
    expect(ruleKeyProblem("service", "com.foo.Bär:1.0:grüppe")).toBeNull();
  });
});
