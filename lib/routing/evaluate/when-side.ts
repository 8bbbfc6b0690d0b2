import { type MatchContext, SideJudge, SideMatcher } from "./condition-match";
import type { ConditionClause } from "../parse/condition-rule";
import type { ConditionExplanation } from "../explain/key-explanation";
import type { RoutingContext } from "./routing-context";
import { ConsumerSample } from "../url/url-sample";

/** `matchWhen(url, invocation)`, explained: an empty when matches every consumer. */
export function matchWhen(when: readonly ConditionClause[], ctx: RoutingContext): ConditionExplanation {
  if (when.length === 0) return { evaluated: true, matched: true, empty: true, keys: [] };
  return new SideMatcher(when, whenContext(ctx)).match(ctx.consumer);
}

/** `matchWhen`, the answer alone (as {@link matchWhen}'s `matched`). */
export function whenMatches(when: readonly ConditionClause[], ctx: RoutingContext): boolean {
  return when.length === 0 || new SideJudge(when, whenContext(ctx)).matches(ctx.consumer);
}

/** The when side reads the consumer URL (`toMap()` in 2.7, `toOriginalMap()` in 3.x) and the call; `$name` is literal there. */
function whenContext(ctx: RoutingContext): MatchContext {
  return { semantics: ctx.semantics, sample: new ConsumerSample(ctx.semantics === "3.x"), invocation: ctx.invocation, param: null, isWhen: true };
}
