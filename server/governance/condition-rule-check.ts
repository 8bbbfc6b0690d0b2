import { parseConditionRule } from "@/lib/routing/condition-rule";
import type { RuleValidator } from "./route-store";
import { checkRuleLengthOnly } from "./rule-length-check";

/**
 * The route store's rule check: the length limit, then the rule engine's parse. A rule
 * Dubbo's router would refuse is a RuleSyntaxError (400 `invalid_rule` with its `offset`)
 * and nothing is written. 2.7.23 and 3.3 parse alike, so one semantics decides.
 */
export const checkConditionRule: RuleValidator = (rule) => {
  checkRuleLengthOnly(rule);
  parseConditionRule(rule, "2.7");
};
