import { type MatchContext, SideCombiner } from "./condition-match";
import type { ClauseTable } from "./clause-table";
import type { ConditionExplanation, KeyExplanation } from "../explain/key-explanation";
import { MergedProviderSample } from "../url/merged-provider-url";
import type { RoutingContext } from "./routing-context";
import { ServiceAddressSample } from "../url/service-address-url";

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
 * Where the then side reads a provider's values: the provider URL as a consumer of the
 * semantics routes on it (2.7's merged with the consumer's parameters, 3.x's service address
 * URL), `$name` patterns the consumer's values.
 */
export function thenContext(ctx: RoutingContext): MatchContext {
  const sample = ctx.semantics === "2.7" ? new MergedProviderSample(ctx.consumer) : new ServiceAddressSample(ctx.consumer);
  return { semantics: ctx.semantics, sample, invocation: null, param: ctx.consumer, isWhen: false };
}

/**
 * The then side on `n` providers from its keys' tables (clause-table.ts, in the rule's
 * order): it matches a provider when every key passes; `explain` (every clause table made
 * with explanations) also explains each provider, one explanation per distinct set of keys'.
 */
export function combineThenTable(clauses: readonly ClauseTable[], n: number, explain: boolean): ThenTable {
  const matched = new Uint8Array(n);
  if (clauses.length === 0) {
    return explain ? { matched, explanations: new Array<ConditionExplanation>(n).fill(EMPTY_THEN), sides: new Int32Array(n) } : { matched, explanations: null, sides: null };
  }
  matched.set(clauses[0]!.passes);
  for (const c of clauses.slice(1)) for (let i = 0; i < n; i++) matched[i]! &= c.passes[i]!;
  if (!explain) return { matched, explanations: null, sides: null };
  const combiner = new SideCombiner();
  const keys = new Array<KeyExplanation>(clauses.length);
  const ids = new Array<number>(clauses.length);
  const explanations = new Array<ConditionExplanation>(n);
  const sides = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < clauses.length; c++) {
      const id = clauses[c]!.ids![i]!;
      ids[c] = id;
      keys[c] = clauses[c]!.keys![id]!;
    }
    explanations[i] = combiner.side(keys, ids);
    sides[i] = combiner.lastSide;
  }
  return { matched, explanations, sides };
}
