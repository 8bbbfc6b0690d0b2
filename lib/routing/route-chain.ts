import { applyConditionRule, parseProviders, routingContext, type ConditionRouteInput, type ConditionRouteResult } from "./condition-route";
import { parseConditionRule, type ConditionRule } from "./condition-rule";
import type { RouteSemantics } from "./route-semantics";
import { RuleSyntaxError } from "./rule-syntax-error";

/**
 * All condition routes of a service applied together, as a consumer's router chain does:
 * sorted by `priority` (ascending; Java's sort is stable, so equal priorities keep their
 * given order), each on the previous route's output.
 * - A route whose rule Java rejects is left out of the chain (2.7 `RegistryDirectory.toRouters`
 *   logs "convert router url to router error"; 3.3 logs "Failed to parse the raw condition
 *   rule"); its step says so.
 * - A disabled route stays in the chain and passes its input through.
 * - Once a route returns no provider, 3.x stops (`AbstractStateRouter`,
 *   `dubbo.router.should-fail-fast`, default true); 2.7 runs the rest on the empty list,
 *   which they return as is. The end result is the same, the steps differ.
 * - `runtime` is not consulted: 2.7.23's `RouterChain.route` runs every router on every
 *   call (only 2.6 applied `runtime=false` routes at notify time alone).
 * Only condition routes are chained here; a consumer's built-in routers (mock, tag, app,
 * service) are not.
 */

/** One route of the chain. */
export interface ChainRoute {
  readonly rule: string;
  readonly force?: boolean;
  readonly enabled?: boolean;
  /** Default 0. */
  readonly priority?: number;
  readonly name?: string;
}

/** What one route did in the chain. */
export interface ChainStep {
  /** Index of the route in the list given. */
  readonly index: number;
  readonly name?: string;
  readonly priority: number;
  /** The providers this route received. */
  readonly input: string[];
  /** `applied`; `skipped` after an empty result (3.x fail-fast); `invalid` when Java rejects the rule. */
  readonly status: "applied" | "skipped" | "invalid";
  /** The route's answer (absent when skipped or invalid). */
  readonly route?: ConditionRouteResult;
  readonly error?: RuleSyntaxError;
}

/** The chain's answer. */
export interface ChainResult {
  readonly semantics: RouteSemantics;
  /** What the consumer finally gets: provider strings as given, in input order. */
  readonly result: string[];
  /** In the order the chain ran them. */
  readonly steps: ChainStep[];
}

/** Runs `routes` for one consumer. Throws `UrlSyntaxError` for a URL the consumer could not parse. */
export function routeChain(routes: readonly ChainRoute[], input: Omit<ConditionRouteInput, "rule" | "force" | "enabled">): ChainResult {
  const ctx = routingContext(input.semantics, input.consumer, input.invocation);
  const all = parseProviders(input.providers, input.semantics);
  const ordered = routes.map((route, index) => ({ route, index, priority: route.priority ?? 0 })).sort((a, b) => a.priority - b.priority);
  let current = all;
  const steps: ChainStep[] = [];
  for (const { route, index, priority } of ordered) {
    const base = { index, priority, input: current.map((p) => p.url), ...(route.name !== undefined ? { name: route.name } : {}) };
    const parsed = parseEnabled(route, input.semantics);
    if (parsed instanceof RuleSyntaxError) {
      steps.push({ ...base, status: "invalid", error: parsed });
      continue;
    }
    if (input.semantics === "3.x" && current.length === 0 && steps.some((s) => s.status === "applied")) {
      steps.push({ ...base, status: "skipped" });
      continue;
    }
    const result = applyConditionRule(parsed, route.force ?? false, ctx, current);
    steps.push({ ...base, status: "applied", route: result });
    current = result.result.length === current.length ? current : keepReturned(current, result.result);
  }
  return { semantics: input.semantics, result: current.map((p) => p.url), steps };
}

/** The parsed rule of an enabled route, null for a disabled one (Java never parses it), or Java's rejection. */
function parseEnabled(route: ChainRoute, semantics: RouteSemantics): ConditionRule | null | RuleSyntaxError {
  if (route.enabled === false) return null;
  try {
    return parseConditionRule(route.rule, semantics);
  } catch (e) {
    if (e instanceof RuleSyntaxError) return e;
    throw e;
  }
}

/**
 * The entries of `current` a route returned. A route returns its input, nothing, or an
 * ordered subsequence of it, so a greedy walk finds them (equal strings are equal entries).
 */
function keepReturned<T extends { url: string }>(current: readonly T[], returned: readonly string[]): T[] {
  const out: T[] = [];
  let r = 0;
  for (const p of current) {
    if (r < returned.length && returned[r] === p.url) {
      out.push(p);
      r++;
    }
  }
  return out;
}
