import { NOT_EVALUATED, SideMatcher } from "./condition-match";
import { parseConsumerUrl } from "./consumer-url";
import { parseConditionRule, type ConditionClause, type ConditionRule } from "./condition-rule";
import type { RouteInvocation } from "./condition-value";
import { javaUrlDecoderRejects } from "./java-url-decoder";
import type { ConditionExplanation } from "./key-explanation";
import { MergedProviderSample } from "./merged-provider-url";
import { providerReason, routeSummary, type RouteOutcome } from "./route-reason";
import type { RouteSemantics } from "./route-semantics";
import { parseProviderUrl } from "./provider-url";
import type { JavaUrl } from "./route-url";
import { ServiceAddressSample } from "./service-address-url";
import { ConsumerSample } from "./url-sample";

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
  const url = parseConsumerUrl(consumer, semantics);
  url.parameters(); // read once: every provider consults the consumer's parameters
  return { semantics, consumer: url, invocation: invocation ?? null };
}

/**
 * URLs parsed before, per semantics: a preview re-routes the same registry providers on
 * every keystroke, as a Java consumer routes invokers it built once. A parsed URL is
 * immutable in what it answers, so sharing it changes no result.
 */
const parsedUrls: Record<RouteSemantics, Map<string, ParsedProvider>> = { "2.7": new Map(), "3.x": new Map() };
/** Past this many URLs the cache starts over (about 30 MB of parsed providers). */
const PARSED_URLS_MAX = 100_000;

/** Forgets the URLs parsed before: the next routing parses every provider again (a benchmark's cold path). */
export function forgetParsedUrls(): void {
  for (const cache of Object.values(parsedUrls)) cache.clear();
}

/** Parses provider strings once for several routes. */
export function parseProviders(providers: readonly string[], semantics: RouteSemantics): ParsedProvider[] {
  const cache = parsedUrls[semantics];
  return providers.map((url) => {
    let parsed = cache.get(url);
    if (parsed === undefined) {
      parsed = { url, parsed: parseProviderUrl(url, semantics) };
      if (cache.size >= PARSED_URLS_MAX) cache.clear();
      cache.set(url, parsed);
    }
    return parsed;
  });
}

/** `route(invokers, url, invocation)` of a parsed rule; `rule` null is a disabled route. */
export function applyConditionRule(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, providers: readonly ParsedProvider[]): ConditionRouteResult {
  const step: RouteStep = { rule, force, ctx, providers };
  if (rule === null) return unrouted(step, "disabled", NOT_EVALUATED);
  // Java returns an empty list before matchWhen; evaluated anyway, for whenMatched and the preview.
  const when = matchWhen(rule.when, ctx);
  if (providers.length === 0) return unrouted(step, "no-providers", when);
  if (!when.matched) return unrouted(step, "when-not-matched", when);
  if (rule.then === null) return unrouted(step, "blacklist", when);
  return routeThen(step, rule.then, when);
}

/** One route applied to one list. */
interface RouteStep {
  readonly rule: ConditionRule | null;
  readonly force: boolean;
  readonly ctx: RoutingContext;
  readonly providers: readonly ParsedProvider[];
}

/** The answer of a route that returns before looking at any provider: all of them, or (blacklist) none. */
function unrouted(step: RouteStep, outcome: RouteOutcome, when: ConditionExplanation): ConditionRouteResult {
  const kept = outcome !== "blacklist";
  const reason = providerReason(outcome, when, NOT_EVALUATED, kept, step.rule);
  const decisions = step.providers.map((p) => ({ url: p.url, kept, reason, conditions: NOT_EVALUATED }));
  return answer(step, outcome, when, kept ? step.providers.map((p) => p.url) : [], decisions);
}

/** The then side on every provider, and Java's handling of an empty result. */
function routeThen(step: RouteStep, then: readonly ConditionClause[], when: ConditionExplanation): ConditionRouteResult {
  const { force, ctx, providers } = step;
  const matcher = thenMatcher(then, ctx);
  // Each provider's side explanation, and its number among those the matcher shares (-1: its own).
  const conditions: ConditionExplanation[] = new Array(providers.length);
  const sides = new Int32Array(providers.length);
  let anyKept = false;
  for (let i = 0; i < providers.length; i++) {
    const c = (conditions[i] = matcher.match(providers[i]!.parsed));
    sides[i] = matcher.lastSide;
    anyKept ||= c.matched;
  }
  const outcome: RouteOutcome = anyKept ? "filtered" : !force ? "empty-fallback" : forcedLogFails(ctx.consumer) ? "error-fallback" : "empty-forced";
  const keepAll = outcome === "empty-fallback" || outcome === "error-fallback";
  // A reason depends on the side explanation alone: made once per shared one.
  const reasons: (string | undefined)[] = [];
  const decisions = providers.map((p, i) => {
    const c = conditions[i]!;
    const kept = keepAll || c.matched;
    const side = sides[i]!;
    let reason = side >= 0 ? reasons[side] : undefined;
    if (reason === undefined) {
      reason = providerReason(outcome, when, c, kept, step.rule);
      if (side >= 0) reasons[side] = reason;
    }
    return { url: p.url, kept, reason, conditions: c };
  });
  return answer(step, outcome, when, decisions.filter((d) => d.kept).map((d) => d.url), decisions);
}

function answer(step: RouteStep, outcome: RouteOutcome, when: ConditionExplanation, result: string[], providers: ProviderDecision[]): ConditionRouteResult {
  const summary = routeSummary(outcome, when, result.length, step.providers.length, step.rule, step.force);
  // A disabled route's when is not evaluated, and Java's matchWhen on its null conditions is true.
  const whenMatched = step.rule === null || when.matched;
  return { semantics: step.ctx.semantics, whenMatched, result, outcome, summary, when, providers };
}

/** `matchWhen`: an empty when matches every consumer. */
function matchWhen(when: readonly ConditionClause[], ctx: RoutingContext): ConditionExplanation {
  if (when.length === 0) return { evaluated: true, matched: true, empty: true, keys: [] };
  const sample = new ConsumerSample(ctx.semantics === "3.x");
  return new SideMatcher(when, { semantics: ctx.semantics, sample, invocation: ctx.invocation, param: null, isWhen: true }).match(ctx.consumer);
}

/** `matchThen` for each provider: an empty then matches none (one shared explanation); `$name` reads the consumer URL. */
function thenMatcher(then: readonly ConditionClause[], ctx: RoutingContext): Pick<SideMatcher, "match" | "lastSide"> {
  if (then.length === 0) {
    const none: ConditionExplanation = { evaluated: true, matched: false, empty: true, keys: [] };
    return { match: () => none, lastSide: 0 };
  }
  const sample = ctx.semantics === "2.7" ? new MergedProviderSample(ctx.consumer) : new ServiceAddressSample(ctx.consumer);
  return new SideMatcher(then, { semantics: ctx.semantics, sample, invocation: null, param: ctx.consumer, isWhen: false });
}

/**
 * A forced empty result is logged with `url.getParameterAndDecoded("rule")` of the consumer
 * URL; when that throws, the router's catch returns all providers instead.
 */
function forcedLogFails(consumer: JavaUrl): boolean {
  const rule = consumer.param("rule");
  return rule !== null && rule !== "" && javaUrlDecoderRejects(rule);
}
