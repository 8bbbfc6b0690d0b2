import { parseConditionRule, type ConditionRule } from "../parse/condition-rule";
import type { RouteInvocation } from "./condition-value";
import { judgeRoute, type ProviderDecision } from "./judged-route";
import type { ConditionExplanation } from "../explain/key-explanation";
import type { RouteOutcome } from "../explain/route-reason";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { type ParsedProvider, parseProviders, type ProviderIndexes, type RoutingContext, routingContext } from "./routing-context";
import { ThenTables } from "./then-tables";

export type { RouteInvocation } from "./condition-value";
export type { ProviderDecision } from "./judged-route";
export type { ConditionExplanation, KeyExplanation } from "../explain/key-explanation";
export type { RouteOutcome } from "../explain/route-reason";
export { forgetParsedUrls, type ParsedProvider, parseProviders, type ProviderIndexes, type RoutingContext, routingContext } from "./routing-context";

/**
 * One condition route applied to one consumer's providers, as `ConditionRouter.route`
 * (2.7.23) or `ConditionStateRouter.doRoute` (3.3) does it, with the reason for every
 * provider kept or dropped.
 */

/** What to route. URL strings are decoded (as shown in the registry), not node names. */
export interface ConditionRouteInput {
  readonly rule: string;
  /** Default false: an empty then result falls back to all providers. */
  readonly force?: boolean;
  /** Default true. A disabled route is neither parsed nor applied (as Java). */
  readonly enabled?: boolean;
  readonly semantics: DubboRelease;
  /** The consumer URL, e.g. `consumer://1.1.1.1/com.foo.BarService?application=x`. */
  readonly consumer: string;
  /** Absent: routing at notify time, with no invocation. */
  readonly invocation?: RouteInvocation;
  /** Provider URL strings as registered. */
  readonly providers: readonly string[];
}

/** The router's answer and why. */
export interface ConditionRouteResult {
  readonly semantics: DubboRelease;
  /**
   * Java's `matchWhen(consumer, invocation)` for this route, whatever the outcome: what the
   * router would decide about this consumer, not whether it got that far (`outcome` says
   * that). So it is evaluated even when there is no provider, and it is true for a disabled
   * route: Java never parses a disabled route's rule, and a missing when condition matches
   * every consumer.
   */
  readonly whenMatched: boolean;
  /** The provider strings the router returns: input order, duplicates kept, exactly as given. */
  readonly result: string[];
  readonly outcome: RouteOutcome;
  /** The whole outcome in one sentence. */
  readonly summary: string;
  readonly when: ConditionExplanation;
  readonly providers: ProviderDecision[];
}

/**
 * Routes `input`. Throws {@link RuleSyntaxError} for a rule Java rejects (unless the route
 * is disabled), and `UrlSyntaxError` for a URL the consumer could not parse.
 */
export function routeCondition(input: ConditionRouteInput): ConditionRouteResult {
  const enabled = input.enabled ?? true;
  const rule = enabled ? parseConditionRule(input.rule, input.semantics) : null;
  const ctx = routingContext(input.semantics, input.consumer, input.invocation);
  return applyConditionRule(rule, input.force ?? false, ctx, parseProviders(input.providers, input.semantics));
}

/** `route(invokers, url, invocation)` of a parsed rule on every provider given; `rule` null is a disabled route. */
export function applyConditionRule(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, providers: readonly ParsedProvider[]): ConditionRouteResult {
  const tables = new ThenTables(providers);
  return explainRoute(rule, force, ctx, tables, tables.all);
}

/**
 * `route()` on the providers of `tables` at `input`, with every provider's fate explained
 * (the then side judged through `tables`, so a table made before serves again). `rule` null
 * is a disabled route.
 */
export function explainRoute(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, tables: ThenTables, input: ProviderIndexes): ConditionRouteResult {
  const judged = judgeRoute(rule, force, ctx, tables, input);
  const providers = input.map((_, k) => judged.decision(k));
  const result = judged.kept.map((i) => tables.providers[i]!.url);
  return { semantics: judged.semantics, whenMatched: judged.whenMatched, result, outcome: judged.outcome, summary: judged.summary, when: judged.when, providers };
}
