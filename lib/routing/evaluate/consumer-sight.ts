import type { ConditionRule } from "../parse/condition-rule";
import { earlyOutcome, forcedLogFails, returnsInput, thenOutcome } from "./route-outcome";
import type { RouteOutcome } from "../explain/route-reason";
import type { ProviderIndexes, RoutingContext } from "./routing-context";
import type { ThenTable } from "./then-table";
import type { ThenTables } from "./then-tables";
import { whenMatches } from "./when-side";

/**
 * One condition route's answer alone (which providers it returns, not why), for routing
 * many consumers: the same answers as the explained routing of judged-route.ts.
 */

/** How a route ended, and the positions it returned (`input` itself when it returns them all). */
export interface RoutedIndexes {
  readonly outcome: RouteOutcome;
  readonly result: ProviderIndexes;
}

/**
 * All a route's answer depends on of the consumer: whether its when side matches, the then
 * table it gets (shared by consumers that answer alike, see ThenTables), and whether logging
 * a forced empty result fails for it. Consumers with the same sight get the same answer on
 * the same input ({@link routeSeen}).
 */
export interface ConsumerSight {
  readonly whenMatched: boolean;
  /** Null when the then side is never judged for this consumer (its when side fails, or the rule is a blacklist). */
  readonly table: ThenTable | null;
  readonly logFails: boolean;
}

/** `route()` on the providers of `tables` at `input`; `rule` null is a disabled route. */
export function routeIndexes(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, tables: ThenTables, input: ProviderIndexes): RoutedIndexes {
  return rule === null ? { outcome: "disabled", result: input } : routeSeen(rule, force, consumerSight(rule, force, ctx, tables), input);
}

/** What the consumer of `ctx` is, to the enabled route `rule`. */
export function consumerSight(rule: ConditionRule, force: boolean, ctx: RoutingContext, tables: ThenTables): ConsumerSight {
  const whenMatched = whenMatches(rule.when, ctx);
  const table = whenMatched && rule.then !== null ? tables.table(rule, ctx, false) : null;
  return { whenMatched, table, logFails: force && forcedLogFails(ctx.consumer) };
}

/** `route()` of the enabled route `rule` on `input`, for a consumer it sees as `sight`. */
export function routeSeen(rule: ConditionRule, force: boolean, sight: ConsumerSight, input: ProviderIndexes): RoutedIndexes {
  const early = earlyOutcome(rule, sight.whenMatched, input.length);
  if (early !== null) return { outcome: early, result: returnsInput(early) ? input : [] };
  const matched = sight.table!.matched;
  const kept = input.filter((i) => matched[i] === 1);
  const outcome = thenOutcome(kept.length > 0, force, sight.logFails);
  return { outcome, result: outcome === "filtered" ? kept : returnsInput(outcome) ? input : [] };
}
