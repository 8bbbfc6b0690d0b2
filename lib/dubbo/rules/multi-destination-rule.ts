import { type ConditionCheck, describe, isMap, javaInt, refuse } from "./rule-yaml-fields";
import { JavaDouble, javaStringOf } from "./snake-yaml";

/**
 * The conditions of a `configVersion: v3.1` rule (Dubbo 3.3.0-beta.5+), read as
 * MultiDestConditionRouterRule and MultiDestConditionRouter read them:
 *
 * ```yaml
 * configVersion: v3.1
 * conditions:
 *   - from: { match: method = sayHello }
 *     to:
 *       - { match: region = hangzhou, weight: 80 }
 *       - { match: region = beijing }
 * ```
 */

/** One condition of a `configVersion: v3.1` rule: a when-match, and weighted then-matches. */
export interface MultiDestinationCondition {
  /** `from.match`; "" when absent (matches every consumer). */
  readonly from: string;
  /** An empty list makes the condition a blacklist: matching consumers get no provider. */
  readonly to: readonly { readonly match: string; readonly weight: number }[];
}

/** ConditionSubSet's weight when none or a non-positive one is given (Constants.DefaultRouteConditionSubSetWeight). */
export const DEFAULT_DESTINATION_WEIGHT = 100;

/**
 * MultiDestConditionRouterRule.parseFromMap (the shape), then, when `build` (the rule is
 * valid, so ListenableStateRouter builds a MultiDestConditionRouter per condition, enabled
 * or not), the matches and weights those routers parse.
 */
export function readMultiDestination(value: unknown, build: (count: number) => boolean, check: ConditionCheck): MultiDestinationCondition[] {
  if (!Array.isArray(value)) return refuse("conditions_shape", `a v3.1 rule needs conditions as a list, got ${describe(value)}`, "conditions");
  const shaped = value.map((c: unknown, i) => {
    const at = `conditions[${i}]`;
    if (!isMap(c)) return refuse("conditions_shape", `${at} is ${describe(c)}, not a mapping`, at);
    const from = c.from === undefined ? {} : c.from;
    const to = c.to === undefined ? [] : c.to;
    if (!isMap(from)) return refuse("conditions_shape", `${at}.from is ${describe(from)}, not a mapping`, `${at}.from`);
    if (!Array.isArray(to)) return refuse("conditions_shape", `${at}.to is ${describe(to)}, not a list`, `${at}.to`);
    const destinations = to.map((d: unknown, j) => {
      const field = `${at}.to[${j}]`;
      if (!isMap(d)) return refuse("conditions_shape", `${field} is ${describe(d)}, not a mapping`, field);
      return { match: matchText(d.match, `${field}.match`), weight: d.weight, field };
    });
    return { from: matchText(from.match, `${at}.from.match`), to: destinations, at };
  });
  const built = build(shaped.length);
  return shaped.map(({ from, to, at }) => {
    if (built && from.trim() !== "" && from !== "true") checkMatch(check, `${from} =>`, `${at}.from.match`);
    return {
      from,
      to: to.map(({ match, weight: w, field }) => {
        if (built && match.trim() !== "" && match !== "false") checkMatch(check, `=> ${match}`, `${field}.match`);
        return { match, weight: weight(w, `${field}.weight`, built) };
      }),
    };
  });
}

/** A match is one side of a condition: checked as the rule Dubbo parses it into. */
function checkMatch(check: ConditionCheck, condition: string, field: string): void {
  const problem = check(condition);
  if (problem !== null) refuse("condition_syntax", problem, field);
}

function matchText(v: unknown, field: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "object" && !(v instanceof JavaDouble)) return refuse("conditions_shape", `${field} is ${describe(v)}, not text`, field);
  return javaStringOf(v);
}

/**
 * `Integer.valueOf(weight)`, then ConditionSubSet: a weight of 0 or less counts as 100.
 * Only a router being built reads it; otherwise a bad weight shows as the default.
 */
function weight(v: unknown, field: string, built: boolean): number {
  if (v === undefined || v === null) return DEFAULT_DESTINATION_WEIGHT;
  const n = javaInt(v);
  if (n === null) {
    return built ? refuse("weight_not_int", `${field} ${JSON.stringify(javaStringOf(v))} is not a 32-bit whole number`, field) : DEFAULT_DESTINATION_WEIGHT;
  }
  return n <= 0 ? DEFAULT_DESTINATION_WEIGHT : n;
}
