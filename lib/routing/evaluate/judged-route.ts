import { NOT_EVALUATED } from "./condition-match";
import type { ConditionRule } from "../parse/condition-rule";
import type { ConditionExplanation } from "../explain/key-explanation";
import { earlyOutcome, forcedLogFails, returnsInput, thenOutcome } from "./route-outcome";
import { providerReason, routeSummary, type RouteOutcome } from "../explain/route-reason";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import type { ParsedProvider, ProviderIndexes, RoutingContext } from "./routing-context";
import type { ThenTable } from "./then-table";
import type { ThenTables } from "./then-tables";
import { matchWhen } from "./when-side";

/**
 * One condition route applied to a list of providers, as `ConditionRouter.route` (2.7.23)
 * or `ConditionStateRouter.doRoute` (3.3) does it, explained: how it ended and why, and
 * the reason for each provider kept or dropped, made when asked for (a chain view shows a
 * few of a step's providers; the preview's own answer shows them all).
 */

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

/** A route's answer on a list. */
export interface JudgedRoute {
  readonly semantics: DubboRelease;
  /**
   * Java's `matchWhen(consumer, invocation)` for this route, whatever the outcome (see
   * ConditionRouteResult); true for a disabled route.
   */
  readonly whenMatched: boolean;
  readonly outcome: RouteOutcome;
  /** The whole outcome in one sentence. */
  readonly summary: string;
  readonly when: ConditionExplanation;
  /** The positions received, and those returned (`input` itself when all are), in input order. */
  readonly input: ProviderIndexes;
  readonly kept: ProviderIndexes;
  /** The fate of the provider at place `k` of `input`. */
  decision(k: number): ProviderDecision;
}

/**
 * `route()` of `rule` (null: disabled) on the providers of `tables` at `input`, for the
 * consumer of `ctx`, the then side judged (and explained) through `tables`.
 */
export function judgeRoute(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, tables: ThenTables, input: ProviderIndexes): JudgedRoute {
  if (rule === null) return new Judged(ctx.semantics, rule, force, tables.providers, input, "disabled", NOT_EVALUATED, null);
  // Java returns an empty list before matchWhen; evaluated anyway, for whenMatched and the preview.
  const when = matchWhen(rule.when, ctx);
  const early = earlyOutcome(rule, when.matched, input.length);
  if (early !== null) return new Judged(ctx.semantics, rule, force, tables.providers, input, early, when, null);
  const table = tables.table(rule, ctx, true);
  const anyKept = input.some((i) => table.matched[i] === 1);
  const outcome = thenOutcome(anyKept, force, force && forcedLogFails(ctx.consumer));
  return new Judged(ctx.semantics, rule, force, tables.providers, input, outcome, when, table);
}

class Judged implements JudgedRoute {
  readonly whenMatched: boolean;
  readonly kept: ProviderIndexes;
  readonly summary: string;
  /** Reasons made so far: per shared then explanation (by its number), or the one of an outcome decided before the then side. */
  private readonly reasons: (string | undefined)[] = [];
  private unrouted: string | undefined;

  constructor(
    readonly semantics: DubboRelease,
    private readonly rule: ConditionRule | null,
    force: boolean,
    private readonly providers: readonly ParsedProvider[],
    readonly input: ProviderIndexes,
    readonly outcome: RouteOutcome,
    readonly when: ConditionExplanation,
    /** The then side's table, with explanations; null when the route ended before it. */
    private readonly table: ThenTable | null,
  ) {
    // A disabled route's when is not evaluated, and Java's matchWhen on its null conditions is true.
    this.whenMatched = rule === null || when.matched;
    const matched = table?.matched;
    this.kept = outcome === "filtered" ? input.filter((i) => matched![i] === 1) : returnsInput(outcome) ? input : [];
    this.summary = routeSummary(outcome, when, this.kept.length, input.length, rule, force);
  }

  decision(k: number): ProviderDecision {
    const i = this.input[k]!;
    const url = this.providers[i]!.url;
    if (this.table === null) {
      const kept = this.outcome !== "blacklist";
      this.unrouted ??= providerReason(this.outcome, this.when, NOT_EVALUATED, kept, this.rule);
      return { url, kept, reason: this.unrouted, conditions: NOT_EVALUATED };
    }
    const c = this.table.explanations![i]!;
    const kept = this.outcome === "empty-fallback" || this.outcome === "error-fallback" || c.matched;
    const side = this.table.sides![i]!;
    // A reason depends on the side explanation alone (kept follows from it): made once per shared one.
    let reason = this.reasons[side];
    if (reason === undefined) this.reasons[side] = reason = providerReason(this.outcome, this.when, c, kept, this.rule);
    return { url, kept, reason, conditions: c };
  }
}
