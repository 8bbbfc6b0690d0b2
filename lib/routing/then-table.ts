import { SideJudge, SideMatcher } from "./condition-match";
import type { ConditionClause } from "./condition-rule";
import type { ConditionExplanation } from "./key-explanation";
import { MergedProviderSample } from "./merged-provider-url";
import type { ParsedProvider, RoutingContext } from "./routing-context";
import { ServiceAddressSample } from "./service-address-url";

/**
 * The then side of one condition rule judged on every provider of one list, for one
 * consumer: `matchThen(invoker.getUrl(), url)` of 2.7.23's ConditionRouter, or the then
 * conditions of 3.3's ConditionStateRouter, per provider. A route keeps a subset of its input,
 * and which providers match never depends on the input, so one table serves the route at any
 * place in a chain, on any input drawn from the list.
 */
export interface ThenTable {
  /** Per provider of the list: 1 when the then side matches it, else 0. */
  readonly matched: Uint8Array;
  /** Per provider, the then side explained (null for a table made without explanations). */
  readonly explanations: readonly ConditionExplanation[] | null;
  /**
   * Per provider, the number of its explanation among those the table shares: a caller
   * keeps per-explanation data (a reason) in an array by it. Null without explanations.
   */
  readonly sides: Int32Array | null;
}

/** `matchThen` for an empty then: no provider matches (one explanation shared by all). */
const EMPTY_THEN: ConditionExplanation = { evaluated: true, matched: false, empty: true, keys: [] };

/**
 * Judges `then` on every provider for the consumer of `ctx` (its semantics must be the one
 * the providers were parsed for); with `explain`, keeps each provider's explanation too.
 * `$name` patterns and 2.7's merged provider URL read the consumer.
 */
export function buildThenTable(then: readonly ConditionClause[], ctx: RoutingContext, providers: readonly ParsedProvider[], explain: boolean): ThenTable {
  const n = providers.length;
  const matched = new Uint8Array(n);
  if (then.length === 0) {
    return explain ? { matched, explanations: new Array<ConditionExplanation>(n).fill(EMPTY_THEN), sides: new Int32Array(n) } : { matched, explanations: null, sides: null };
  }
  const sample = ctx.semantics === "2.7" ? new MergedProviderSample(ctx.consumer) : new ServiceAddressSample(ctx.consumer);
  const matchContext = { semantics: ctx.semantics, sample, invocation: null, param: ctx.consumer, isWhen: false };
  if (!explain) {
    const judge = new SideJudge(then, matchContext);
    for (let i = 0; i < n; i++) matched[i] = judge.matches(providers[i]!.parsed) ? 1 : 0;
    return { matched, explanations: null, sides: null };
  }
  const matcher = new SideMatcher(then, matchContext);
  const explanations = new Array<ConditionExplanation>(n);
  const sides = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = (explanations[i] = matcher.match(providers[i]!.parsed));
    sides[i] = matcher.lastSide;
    matched[i] = c.matched ? 1 : 0;
  }
  return { matched, explanations, sides };
}
