import { ROUTE_RULE_MAX_LENGTH } from "@/lib/api/routing/routes";
import type { ConditionCheck } from "@/lib/dubbo/rules/condition-router-yaml";
import { isConsoleError, ValidationError } from "@/lib/errors";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import type { RuleValidator } from "./route-store";

/**
 * The rule check of a route saved in a registry's `routers` category: the length limit,
 * then Dubbo 2.7.23's parser (ConditionRouter.parseRule), the one the consumers that read
 * that category run. Throws a ValidationError for the length, and the parser's
 * RuleSyntaxError (`invalid_rule`, with its offset) for a rule Java would refuse.
 */
export const checkRegistryRule: RuleValidator = (rule) => {
  if (rule.length > ROUTE_RULE_MAX_LENGTH) {
    const message = `rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${rule.length}`;
    throw new ValidationError(message, [{ path: "rule", message }]);
  }
  parseConditionRule(rule, "2.7");
};

/**
 * The extra check of a route that also goes to the config center: Dubbo 3.3's parser
 * (ConditionStateRouter), which the consumers reading the config center run. Throws its
 * RuleSyntaxError (`invalid_rule`, with the offset) for a rule it would refuse.
 */
export const checkCopyRule: RuleValidator = (rule) => {
  parseConditionRule(rule, "3.x");
};

/**
 * One condition of a config-center rule as Dubbo 3.3's ConditionStateRouter parses it:
 * null when accepted, else why not (with the offset), as the YAML reader reports it.
 */
export const checkConfigCondition: ConditionCheck = (condition) => {
  try {
    parseConditionRule(condition, "3.x");
    return null;
  } catch (e) {
    if (isConsoleError(e) && e.code === "invalid_rule") return e.message;
    throw e;
  }
};
