import { ROUTE_RULE_MAX_LENGTH } from "@/lib/api/routes";
import { ValidationError } from "@/lib/errors";
import type { RuleValidator } from "./route-store";

/**
 * A stand-in rule validator that checks ONLY the length limit, and not the syntax: until
 * the rule engine (lib/routing) is wired in its place (server/runtime/engine.ts), a rule
 * Dubbo would refuse is saved, and Dubbo consumers log it and skip the route. The HTTP
 * schema enforces the same limit; this guards the store's other callers.
 */
export const checkRuleLengthOnly: RuleValidator = (rule) => {
  if (rule.length <= ROUTE_RULE_MAX_LENGTH) return;
  const message = `rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${rule.length}`;
  throw new ValidationError(message, [{ path: "rule", message }]);
};
