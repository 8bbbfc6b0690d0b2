import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ruleToRows } from "@/lib/routing/builder/builder-rows";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { applyConditionRule, type RouteInvocation } from "@/lib/routing/evaluate/condition-route";
import { routeChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { parseProviders, routingContext } from "@/lib/routing/evaluate/routing-context";
import { highlightRule } from "@/lib/routing/parse/rule-highlight";
import { compareSemantics } from "@/lib/routing/explain/semantic-differences";
import { delimitedText, FUZZ_TIMEOUT_MS, fuzzParameters, valueOrTypedError } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/** Property-based fuzzing of the condition rule parser and evaluator (lib/routing). */

const semantics = fc.constantFrom<DubboRelease>("2.7", "3.x");

/** Keys a rule names: real ones, prefixed ones, argument and method keys, and junk. */
const key = fc.oneof(
  fc.constantFrom("host", "application", "method", "methods", "arguments[0]", "arguments[-1]", "arguments[99999999999]", "arguments[", "consumer.host", "provider.application", "protocol", "port", "address", "side", "timeout", "group", "version", "interface", "*", "$host", "__proto__"),
  fc.stringMatching(/^[a-z.[\]0-9$]{1,8}$/),
);
/** Values: globs, `$refs`, ranges, encoded text, unicode, and junk. */
const value = fc.oneof(
  fc.constantFrom("*", "1.1.1.1", "10.20.*", "*.3", "$host", "$application", "$", "a*b*c", "1~5", "0~", "~9", "", "%2C", "192.168.0.1/24", "true", "false", "null", "\u00e9", "\ud83d\ude00"),
  fc.stringMatching(/^[\w.*$~-]{1,10}$/),
  fc.string({ maxLength: 6 }),
);
const op = fc.constantFrom(" = ", "=", " != ", "!=", " == ", "!", "=!", " ");
const clause = fc.tuple(key, op, fc.array(value, { minLength: 0, maxLength: 3 })).map(([k, o, vs]) => `${k}${o}${vs.join(fc.sample(fc.constantFrom(",", ", ", ",,"), 1)[0] ?? ",")}`);
const side = fc.array(clause, { maxLength: 3 }).chain((cs) => fc.constantFrom(" & ", "&", " && ", " ").map((j) => cs.join(j)));
/** A rule from the grammar, each part sometimes wrong: `when => then`, one side absent or blank, `false`, `true`, several arrows. */
const grammarRule = fc.oneof(
  fc.tuple(side, side).map(([w, t]) => `${w} => ${t}`),
  side.map((t) => `=> ${t}`),
  side.map((w) => `${w} =>`),
  side,
  fc.tuple(side, side, side).map(([a, b, c]) => `${a} => ${b} => ${c}`),
  fc.tuple(side, fc.constantFrom("false", "true", " ", "")).map(([w, t]) => `${w} => ${t}`),
  fc.constantFrom("", " ", "=>", "true => false", " => ", "\u00a0", "\t=>\n"),
);
const anyRule = fc.oneof(grammarRule, fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 40 }), delimitedText());

/** Consumer and provider URLs: mostly valid, some odd, a few not URLs at all. */
const host = fc.oneof(fc.ipV4(), fc.constantFrom("localhost", "", "[::1]"));
const params = fc.array(fc.tuple(fc.constantFrom("application", "side", "methods", "group", "version", "timeout", "default.timeout", "host", "x"), fc.oneof(value, fc.constant(""))), { maxLength: 5 }).map((ps) => ps.map(([k, v]) => `${k}=${v}`).join("&"));
const validUrl = (protocol: string) => fc.tuple(host, fc.integer({ min: 0, max: 70_000 }), params).map(([h, p, q]) => `${protocol}://${h}:${p}/com.foo.BarService?${q}`);
const consumerUrl = fc.oneof(validUrl("consumer"), delimitedText(), fc.string({ maxLength: 30 }));
const providerUrl = fc.oneof(validUrl("dubbo"), validUrl("tri"), delimitedText(), fc.string({ maxLength: 30 }));
const invocation: fc.Arbitrary<RouteInvocation | undefined> = fc.option(
  fc.record({ method: fc.option(fc.oneof(fc.constantFrom("greet", "$invoke", "$invokeAsync"), fc.string({ maxLength: 6 })), { nil: undefined }), arguments: fc.option(fc.array(fc.option(fc.string({ maxLength: 6 })), { maxLength: 3 }), { nil: undefined }) }, { requiredKeys: [] }),
  { nil: undefined },
);

describe("parseConditionRule under fuzzing", () => {
  it("gives a rule or an invalid_rule error for any text, in both semantics", () => {
    fc.assert(
      fc.property(anyRule, semantics, (text, s) => {
        const rule = valueOrTypedError(() => parseConditionRule(text, s), ["invalid_rule"]);
        if (rule === undefined) return;
        expect(rule.source).toBe(text);
        for (const t of rule.tokens) expect(t.start >= 0 && t.end <= text.length && t.start <= t.end).toBe(true);
      }),
      fuzzParameters(1_500),
    );
  });

  it("reports a syntax error at an offset inside the rule", () => {
    fc.assert(
      fc.property(anyRule, semantics, (text, s) => {
        try {
          parseConditionRule(text, s);
        } catch (e) {
          const offset = (e as { offset?: unknown }).offset;
          expect(typeof offset === "number" && offset >= 0 && offset <= text.length).toBe(true);
        }
      }),
      fuzzParameters(1_000),
    );
  });

  it("highlights and reads into builder rows any text without throwing", () => {
    fc.assert(
      fc.property(anyRule, semantics, (text, s) => {
        for (const span of highlightRule(text)) expect(span.from <= span.to && span.to <= text.length).toBe(true);
        expect(["rows", "text-only"]).toContain(ruleToRows(text, s).kind);
      }),
      fuzzParameters(1_000),
    );
  });
});

describe("condition routing under fuzzing", () => {
  it("applies any parsed rule to any parsed consumer and providers without throwing, keeping a subset of the providers", () => {
    fc.assert(
      fc.property(grammarRule, semantics, fc.boolean(), consumerUrl, fc.array(providerUrl, { maxLength: 5 }), invocation, (text, s, force, consumer, providers, call) => {
        const rule = valueOrTypedError(() => parseConditionRule(text, s), ["invalid_rule"]);
        const ctx = valueOrTypedError(() => routingContext(s, consumer, call), ["url_syntax"]);
        const parsed = valueOrTypedError(() => parseProviders(providers, s), ["url_syntax"]);
        if (rule === undefined || ctx === undefined || parsed === undefined) return;
        const result = applyConditionRule(rule, force, ctx, parsed);
        for (const url of result.result) expect(providers).toContain(url);
        expect(result.providers).toHaveLength(providers.length);
      }),
      fuzzParameters(1_500),
    );
  });

  it("compares the two semantics and runs chains of routes with only typed errors", () => {
    const route = fc.record({ rule: anyRule, priority: fc.option(fc.integer(), { nil: undefined }), force: fc.option(fc.boolean(), { nil: undefined }), enabled: fc.option(fc.boolean(), { nil: undefined }) }, { requiredKeys: ["rule"] });
    fc.assert(
      fc.property(anyRule, consumerUrl, fc.array(providerUrl, { maxLength: 4 }), fc.array(route, { maxLength: 3 }), semantics, (rule, consumer, providers, routes, s) => {
        valueOrTypedError(() => compareSemantics({ rule, consumer, providers }), ["invalid_rule", "url_syntax"]);
        valueOrTypedError(() => routeChain(routes, { semantics: s, consumer, providers }), ["url_syntax"]);
      }),
      fuzzParameters(800),
    );
  });
});
