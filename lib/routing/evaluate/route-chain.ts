import type { ConditionRouteInput } from "./condition-route";
import { parseConditionRule, type ConditionRule } from "../parse/condition-rule";
import { consumerSight, routeIndexes, routeSeen } from "./consumer-sight";
import { judgeRoute, type JudgedRoute } from "./judged-route";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { RuleSyntaxError } from "../parse/rule-syntax-error";
import { parseProviders, type ProviderIndexes, type RoutingContext, routingContext } from "./routing-context";
import { ThenTables } from "./then-tables";

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
  /** The providers this route received: their positions in the list routed (`input.providers` of {@link routeChain}). */
  readonly input: ProviderIndexes;
  /** `applied`; `skipped` after an empty result (3.x fail-fast); `invalid` when Java rejects the rule. */
  readonly status: "applied" | "skipped" | "invalid";
  /** The route's answer, each provider's fate made when asked (absent when skipped or invalid). */
  readonly route?: JudgedRoute;
  readonly error?: RuleSyntaxError;
}

/** The chain's answer. */
export interface ChainResult {
  readonly semantics: DubboRelease;
  /** What the consumer finally gets: provider strings as given, in input order. */
  readonly result: string[];
  /** In the order the chain ran them. */
  readonly steps: ChainStep[];
}

/** One route of a {@link PreparedChain}: its rule as the semantics parses it (null: disabled), or Java's rejection. */
export interface PreparedRoute {
  /** Index of the route in the list given. */
  readonly index: number;
  readonly name?: string;
  readonly priority: number;
  readonly force: boolean;
  readonly rule: ConditionRule | null | RuleSyntaxError;
}

/** Routes parsed for one semantics and put in the order the chain runs them: parse once, run for many consumers. */
export interface PreparedChain {
  readonly semantics: DubboRelease;
  readonly routes: readonly PreparedRoute[];
}

/** Runs `routes` for one consumer. Throws `UrlSyntaxError` for a URL the consumer could not parse. */
export function routeChain(routes: readonly ChainRoute[], input: Omit<ConditionRouteInput, "rule" | "force" | "enabled">): ChainResult {
  const ctx = routingContext(input.semantics, input.consumer, input.invocation);
  return explainChain(prepareChain(routes, input.semantics), ctx, new ThenTables(parseProviders(input.providers, input.semantics)));
}

/** Parses and orders `routes` as a consumer of `semantics` does (see the top of this file). */
export function prepareChain(routes: readonly ChainRoute[], semantics: DubboRelease): PreparedChain {
  const prepared = routes.map((route, index): PreparedRoute => ({
    index,
    priority: route.priority ?? 0,
    force: route.force ?? false,
    rule: parseEnabled(route, semantics),
    ...(route.name !== undefined ? { name: route.name } : {}),
  }));
  return { semantics, routes: prepared.sort((a, b) => a.priority - b.priority) };
}

/**
 * Runs a prepared chain for the consumer of `ctx` on the providers of `tables`, every step
 * explained. The chain, `ctx` and the tables must be of one semantics.
 */
export function explainChain(chain: PreparedChain, ctx: RoutingContext, tables: ThenTables): ChainResult {
  const steps: ChainStep[] = [];
  const result = walk(chain, ctx, tables.all, (route, input, run) => {
    const base = { index: route.index, priority: route.priority, input, ...(route.name !== undefined ? { name: route.name } : {}) };
    if (run.status !== "applied") {
      steps.push(run.status === "invalid" ? { ...base, status: "invalid", error: run.error } : { ...base, status: "skipped" });
      return input;
    }
    const answer = judgeRoute(run.rule, route.force, ctx, tables, input);
    steps.push({ ...base, status: "applied", route: answer });
    return answer.kept;
  });
  return { semantics: chain.semantics, result: result.map((i) => tables.providers[i]!.url), steps };
}

/**
 * What a prepared chain leaves the consumer of `ctx`, unexplained: the same providers as
 * {@link explainChain}, as positions in the tables' list, for routing many consumers.
 */
export function chainIndexes(chain: PreparedChain, ctx: RoutingContext, tables: ThenTables): ProviderIndexes {
  return walk(chain, ctx, tables.all, (route, input, run) => (run.status === "applied" ? routeIndexes(run.rule, route.force, ctx, tables, input).result : input));
}

/**
 * One prepared chain run for many consumers (every registered consumer of a service): each
 * gets what {@link chainIndexes} gives it, but a route's answer depends on the consumer
 * only through its ConsumerSight, so consumers alike in that, on the same input, share one
 * answer (and, through the tables, one judgement of the then side).
 */
export class FleetChain {
  private readonly answers = new Map<string, ProviderIndexes>();
  private readonly ids = new Map<object, number>();

  constructor(
    private readonly chain: PreparedChain,
    private readonly tables: ThenTables,
  ) {}

  /** The positions the consumer of `ctx` ends with (its semantics must be the chain's). */
  route(ctx: RoutingContext): ProviderIndexes {
    return walk(this.chain, ctx, this.tables.all, (route, input, run) => {
      if (run.status !== "applied" || run.rule === null) return input;
      const sight = consumerSight(run.rule, route.force, ctx, this.tables);
      const key = `${route.index} ${this.id(input)} ${sight.whenMatched} ${sight.table === null ? "-" : this.id(sight.table)} ${sight.logFails}`;
      let result = this.answers.get(key);
      if (result === undefined) this.answers.set(key, (result = routeSeen(run.rule, route.force, sight, input).result));
      return result;
    });
  }

  /** A number for an input or a table: answers are kept by them. */
  private id(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.ids.size));
    return id;
  }
}

/** What the walk does with one route: apply its rule (null: disabled), or leave it out and say why. */
type Run = { readonly status: "applied"; readonly rule: ConditionRule | null } | { readonly status: "invalid"; readonly error: RuleSyntaxError } | { readonly status: "skipped" };

/**
 * The chain's walk, one rule for both kinds of run: an invalid route is left out; in 3.x
 * a route after an empty result is skipped (once a route has run); every other route is
 * applied by `visit` to what the previous one left. `visit` answers what goes on.
 */
function walk(chain: PreparedChain, ctx: RoutingContext, all: ProviderIndexes, visit: (route: PreparedRoute, input: ProviderIndexes, run: Run) => ProviderIndexes): ProviderIndexes {
  let current = all;
  let ran = false;
  for (const route of chain.routes) {
    if (route.rule instanceof RuleSyntaxError) {
      visit(route, current, { status: "invalid", error: route.rule });
    } else if (ctx.semantics === "3.x" && current.length === 0 && ran) {
      visit(route, current, { status: "skipped" });
    } else {
      ran = true;
      current = visit(route, current, { status: "applied", rule: route.rule });
    }
  }
  return current;
}

/** The parsed rule of an enabled route, null for a disabled one (Java never parses it), or Java's rejection. */
function parseEnabled(route: ChainRoute, semantics: DubboRelease): ConditionRule | null | RuleSyntaxError {
  if (route.enabled === false) return null;
  try {
    return parseConditionRule(route.rule, semantics);
  } catch (e) {
    if (e instanceof RuleSyntaxError) return e;
    throw e;
  }
}
