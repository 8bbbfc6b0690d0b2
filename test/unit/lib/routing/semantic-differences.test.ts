import { describe, expect, it } from "vitest";
import { routeCondition } from "@/lib/routing/evaluate/condition-route";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { compareSemantics, ruleDifferences } from "@/lib/routing/explain/semantic-differences";
import { SEMANTIC_CASES } from "./semantic-cases";

describe("where Dubbo 2.7 and 3.x route differently (each row checked against the real jars)", () => {
  for (const c of SEMANTIC_CASES) {
    it(c.name, () => {
      const input = { rule: c.rule, force: c.force ?? false, consumer: c.consumer, invocation: c.invocation, providers: c.providers };
      const r27 = routeCondition({ ...input, semantics: "2.7" });
      const r3 = routeCondition({ ...input, semantics: "3.x" });
      const indexes = (result: string[]) => result.map((u) => c.providers.indexOf(u));
      expect({ v27: indexes(r27.result), v3: indexes(r3.result) }).toEqual({ v27: c.v27, v3: c.v3 });
    });
  }
});

describe("compareSemantics", () => {
  it("says which providers each version keeps and why they part", () => {
    const c = compareSemantics({ rule: "=> env != prod", consumer: "consumer://1.1.1.1/a", providers: ["dubbo://10.0.0.1:1/a", "dubbo://10.0.0.2:1/a?env=dev"] });
    expect(c.sameResult).toBe(false);
    expect(c.differences).toEqual([
      "A 2.7 consumer gets 2 providers (filtered), a 3.x consumer 1 provider (filtered).",
      "dubbo://10.0.0.1:1/a: 2.7: env is missing, which passes a condition without = values in Dubbo 2.7 / 3.x: env is missing, which fails any condition in Dubbo 3.x.",
    ]);
  });

  it("finds nothing to say when both agree", () => {
    const c = compareSemantics({ rule: "=> host = 10.0.0.1", consumer: "consumer://1.1.1.1/a", providers: ["dubbo://10.0.0.1:1/a", "dubbo://10.0.0.2:1/a"] });
    expect([c.sameResult, c.differences]).toEqual([true, []]);
  });

  it("names a when side that matches in one version only", () => {
    const c = compareSemantics({ rule: "method = getFoo => host = 10.0.0.1", consumer: "consumer://1.1.1.1/a", invocation: { method: "$invoke", arguments: ["getFoo"] }, providers: ["dubbo://10.0.0.1:1/a", "dubbo://10.0.0.2:1/a"] });
    expect(c.differences[0]).toBe(
      'The route does not apply to this consumer in Dubbo 2.7 but applies in 3.x: 2.7: method $invoke is not in getFoo / 3.x: method (the real method of the generic call) getFoo matches "getFoo".',
    );
  });
});

describe("ruleDifferences", () => {
  it("flags ranges, attachments, argument placeholders, != on maybe-missing keys, generic methods and merged then keys", () => {
    const notes = ruleDifferences(parseConditionRule("method = get* & attachments[k] = 1~9 & arguments[1] != x => env != prod & zone = $zone", "2.7"));
    expect(notes).toEqual([
      "when method: for a generic call 2.7 matches \"$invoke\"/\"$invokeAsync\", 3.x the real method name.",
      'when attachments[k]: "1~9" is an integer range in 3.x (values that are not all digits count as 0) but literal text in 2.7.',
      "when attachments[k]: 3.x reads the call's attachment; 2.7 looks for a URL parameter of that name, which is always missing.",
      "when arguments[1]: when the argument cannot be read, 2.7 fails the condition but 3.x compares a placeholder, which passes != and *.",
      'then env: a URL without env passes "!=" in 2.7 but fails it in 3.x, where a missing key never matches.',
      "then env: 2.7 matches the provider URL merged with the consumer's parameters, so a consumer that sets env is compared with its own value; 3.x reads the provider's.",
      "then zone: 2.7 matches the provider URL merged with the consumer's parameters, so a consumer that sets zone is compared with its own value; 3.x reads the provider's.",
    ]);
  });

  it("says that only 2.7 accepts an exactly empty rule, and what it reads instead", () => {
    expect(ruleDifferences(parseConditionRule("", "2.7"))).toEqual([
      'The rule is empty: a 2.7 consumer reads a route node whose rule is empty as the rule "rule" (it keeps every provider without a "rule" parameter), and 3.x rejects an empty rule.',
    ]);
  });

  it("has nothing to say about host and port rules", () => {
    expect(ruleDifferences(parseConditionRule("host = 10.0.0.* => port = 20880", "3.x"))).toEqual([]);
  });
});
