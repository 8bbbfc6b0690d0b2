import { NOT_EVALUATED, matchClauses, type MatchInput } from "./condition-match";
import { parseConditionRule, type ConditionClause, type ConditionRule } from "./condition-rule";
import type { RouteInvocation } from "./condition-value";
import { javaUrlDecoderRejects } from "./java-url-decoder";
import type { ConditionExplanation } from "./key-explanation";
import { mergedProviderSample } from "./merged-provider-url";
import { providerReason, routeSummary, type RouteOutcome } from "./route-reason";
import type { RouteSemantics } from "./route-semantics";
import { ownParameter, parseJavaUrl, type JavaUrl } from "./route-url";
import { serviceAddressSample } from "./service-address-url";
import { consumerSample } from "./url-sample";

export type { RouteInvocation } from "./condition-value";
export type { ConditionExplanation, KeyExplanation } from "./key-explanation";
export type { RouteOutcome } from "./route-reason";

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
  readonly semantics: RouteSemantics;
  /** The consumer URL, e.g. `consumer://1.1.1.1/com.foo.BarService?application=x`. */
  readonly consumer: string;
  /** Absent: routing at notify time, with no invocation. */
  readonly invocation?: RouteInvocation;
  /** Provider URL strings as registered. */
  readonly providers: readonly string[];
}

/** One provider's fate. */
export interface ProviderDecision {
  /** The provider string exactly as given. */
  readonly url: string;
  readonly kept: boolean;
  /** Plain English, e.g. `kept: host 127.0.0.2 matches "127.0.0.*"`. */
  readonly reason: string;
  /** The then side evaluated on this provider (not evaluated when the router never got there). */
  readonly conditions: ConditionExplanation;
}

/** The router's answer and why. */
export interface ConditionRouteResult {
  readonly semantics: RouteSemantics;
  /** Whether the when side matched this consumer (false when the router stopped before it). */
  readonly whenMatched: boolean;
  /** The provider strings the router returns: input order, duplicates kept, exactly as given. */
  readonly result: string[];
  readonly outcome: RouteOutcome;
  /** The whole outcome in one sentence. */
  readonly summary: string;
  readonly when: ConditionExplanation;
  readonly providers: ProviderDecision[];
}

/** A provider string and its URL as the consumer of one semantics reads it. */
export interface ParsedProvider {
  readonly url: string;
  readonly parsed: JavaUrl;
}

/** The consumer side of a routing, shared by every route of a chain. */
export interface RoutingContext {
  readonly semantics: RouteSemantics;
  readonly consumer: JavaUrl;
  readonly invocation: RouteInvocation | null;
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

/** Parses the consumer once for several routes. */
export function routingContext(semantics: RouteSemantics, consumer: string, invocation?: RouteInvocation): RoutingContext {
  return { semantics, consumer: parseJavaUrl(consumer, semantics), invocation: invocation ?? null };
}

/** Parses provider strings once for several routes. */
export function parseProviders(providers: readonly string[], semantics: RouteSemantics): ParsedProvider[] {
  return providers.map((url) => ({ url, parsed: parseJavaUrl(url, semantics) }));
}

/** `route(invokers, url, invocation)` of a parsed rule; `rule` null is a disabled route. */
export function applyConditionRule(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, providers: readonly ParsedProvider[]): ConditionRouteResult {
  const all = () => providers.map((p) => p.url);
  const done = (outcome: RouteOutcome, whenX: ConditionExplanation, result: string[], decisions?: ProviderDecision[]): ConditionRouteResult => {
    const list = decisions ?? providers.map((p) => ({ url: p.url, kept: outcome !== "blacklist", reason: providerReason(outcome, whenX, NOT_EVALUATED, true, rule), conditions: NOT_EVALUATED }));
    return { semantics: ctx.semantics, whenMatched: whenX.evaluated && whenX.matched, result, outcome, summary: routeSummary(outcome, whenX, result.length, providers.length, rule, force), when: whenX, providers: list };
  };
  if (rule === null) return done("disabled", NOT_EVALUATED, all());
  if (providers.length === 0) return done("no-providers", NOT_EVALUATED, []);
  const when = matchWhen(rule.when, ctx);
  if (!when.matched) return done("when-not-matched", when, all());
  if (rule.then === null) return done("blacklist", when, []);

  const then = rule.then;
  const evaluated = providers.map((p) => ({ p, conditions: matchThen(then, ctx, p.parsed) }));
  const kept = evaluated.filter((e) => e.conditions.matched).map((e) => e.p.url);
  const outcome: RouteOutcome =
    kept.length > 0 ? "filtered" : !force ? "empty-fallback" : forcedLogFails(ctx.consumer) ? "error-fallback" : "empty-forced";
  const keepAll = outcome === "empty-fallback" || outcome === "error-fallback";
  const decisions = evaluated.map(({ p, conditions }) => {
    const isKept = keepAll || conditions.matched;
    return { url: p.url, kept: isKept, reason: providerReason(outcome, when, conditions, isKept, rule), conditions };
  });
  return done(outcome, when, outcome === "filtered" ? kept : keepAll ? all() : [], decisions);
}

/** `matchWhen`: an empty when matches every consumer. */
function matchWhen(when: readonly ConditionClause[], ctx: RoutingContext): ConditionExplanation {
  if (when.length === 0) return { evaluated: true, matched: true, empty: true, keys: [] };
  const input: MatchInput = {
    semantics: ctx.semantics,
    sample: consumerSample(ctx.consumer, ctx.semantics === "3.x"),
    invocation: ctx.invocation,
    param: null,
    isWhen: true,
  };
  return matchClauses(when, input);
}

/** `matchThen`: an empty then matches no provider; `$name` reads the consumer URL. */
function matchThen(then: readonly ConditionClause[], ctx: RoutingContext, provider: JavaUrl): ConditionExplanation {
  if (then.length === 0) return { evaluated: true, matched: false, empty: true, keys: [] };
  const sample = ctx.semantics === "2.7" ? mergedProviderSample(provider, ctx.consumer) : serviceAddressSample(provider, ctx.consumer);
  return matchClauses(then, { semantics: ctx.semantics, sample, invocation: null, param: ctx.consumer, isWhen: false });
}

/**
 * A forced empty result is logged with `url.getParameterAndDecoded("rule")` of the consumer
 * URL; when that throws, the router's catch returns all providers instead.
 */
function forcedLogFails(consumer: JavaUrl): boolean {
  const rule = ownParameter(consumer.parameters, "rule");
  return rule !== null && rule !== "" && javaUrlDecoderRejects(rule);
}
