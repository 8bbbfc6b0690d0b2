import type { ChainStep } from "@/lib/api/route-preview";
import { applyConditionRule, type ParsedProvider, type RoutingContext } from "@/lib/routing/condition-route";
import type { ConditionRule } from "@/lib/routing/condition-rule";

/**
 * The condition routes of one service applied one after the other, each on what the
 * previous one returned, as Dubbo's RouterChain runs its routers: 2.7.23 calls every
 * router in turn (a condition route hands an empty list back unchanged), 3.3 stops as soon
 * as the list is empty; both end with the same providers, so the chain stops at an empty
 * list here and marks the rest as not run.
 *
 * Stand-in until lib/routing's routeChain lands: the same routeCondition semantics, applied
 * in sequence.
 */

/** One route of a chain, its rule already parsed (or the reason Dubbo would skip it). */
export interface ChainRoute {
  /** The saved route's id; null for the draft. */
  readonly id: string | null;
  readonly name: string;
  readonly rule: string;
  readonly priority: number;
  readonly force: boolean;
  readonly draft: boolean;
  /** The parsed rule, or why it does not parse (RegistryDirectory.toRouters logs and skips such a router). */
  readonly parsed: ConditionRule | { readonly problem: string };
}

/** What a chain did to one consumer's providers. */
export interface ChainRun {
  /** One per route, in the order run; empty when `explain` is false. */
  readonly steps: ChainStep[];
  /** Input order, duplicates kept. */
  readonly result: string[];
}

/**
 * Runs `routes` (already in the order Dubbo runs them: priority, lower first) for the
 * consumer of `ctx`. With `explain` false only the result is built (the impact view).
 */
export function runChain(routes: readonly ChainRoute[], ctx: RoutingContext, providers: readonly ParsedProvider[], explain: boolean): ChainRun {
  let current = providers;
  let ran = 0;
  const steps: ChainStep[] = [];
  for (const route of routes) {
    const base = { id: route.id, name: route.name, rule: route.rule, priority: route.priority, force: route.force, draft: route.draft };
    const parsed = route.parsed;
    if ("problem" in parsed || (ran > 0 && current.length === 0)) {
      const why = "problem" in parsed ? `Dubbo skips this route: ${parsed.problem}` : "not run: no provider is left";
      if (explain) steps.push({ ...base, skipped: why, outcome: null, summary: why, whenMatched: false, input: current.length, output: current.length, dropped: [] });
      continue;
    }
    ran++;
    const answer = applyConditionRule(parsed, route.force, ctx, current);
    const next = current.filter((_, i) => answer.providers[i]!.kept);
    if (explain) {
      const dropped = answer.providers.filter((p) => !p.kept).map((p) => ({ url: p.url, reason: p.reason }));
      steps.push({ ...base, skipped: null, outcome: answer.outcome, summary: answer.summary, whenMatched: answer.whenMatched, input: current.length, output: next.length, dropped });
    }
    current = next;
  }
  return { steps, result: current.map((p) => p.url) };
}
