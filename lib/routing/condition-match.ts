import type { ConditionClause } from "./condition-rule";
import { conditionValue, type RouteInvocation } from "./condition-value";
import type { ConditionExplanation, KeyExplanation, KeyVerdict, PatternHit } from "./key-explanation";
import { describeKey } from "./key-reason";
import { patternMatches, rangeOutcome, resolvePattern, type PatternContext } from "./value-pattern";
import type { UrlSample } from "./url-sample";

/**
 * Matching one side of a rule against one URL, as `ConditionRouter.matchCondition` +
 * `MatchPair.isMatch` (2.7.23) and `ConditionStateRouter.doMatch` +
 * `AbstractConditionMatcher.isMatch` (3.3) do, recording what decided each key. The
 * explanation IS the evaluation: `matched` below is what the router acts on.
 *
 * Java stops at the first key that fails and walks a HashMap; every key is evaluated here,
 * in rule order. Nothing in a key's evaluation can throw or has side effects, so the
 * conjunction is the same.
 */

/** Where a side reads its values. */
export interface MatchInput extends PatternContext {
  readonly sample: UrlSample;
  readonly invocation: RouteInvocation | null;
}

/** A side not evaluated. */
export const NOT_EVALUATED: ConditionExplanation = { evaluated: false, matched: false, empty: false, keys: [] };

/**
 * Evaluates `clauses` (non-empty: the caller applies Java's empty-map rules) on `input`.
 * Matched iff every key matched.
 */
export function matchClauses(clauses: readonly ConditionClause[], input: MatchInput): ConditionExplanation {
  const keys: KeyExplanation[] = [];
  let matched = true;
  for (const clause of clauses) {
    const k = matchKey(clause, input);
    keys.push(k);
    matched &&= k.matched;
  }
  return { evaluated: true, matched, empty: false, keys };
}

function matchKey(clause: ConditionClause, input: MatchInput): KeyExplanation {
  const got = conditionValue(clause.key, input.semantics, input.sample, input.invocation);
  const value = got.kind === "value" || got.kind === "placeholder" ? got.value : null;
  let verdict: KeyVerdict;
  let decidedBy: PatternHit | null = null;
  if (value !== null) {
    [verdict, decidedBy] = judge(clause, value, input);
  } else if (got.kind === "unavailable") {
    verdict = "unavailable";
  } else {
    verdict = input.semantics === "2.7" && clause.matches.length === 0 ? "missing-passes" : "missing-fails";
  }
  const facts = {
    key: clause.key,
    value,
    valueKind: got.kind,
    origin: got.kind === "value" || got.kind === "missing" ? got.origin : null,
    unavailable: got.kind === "unavailable" || got.kind === "placeholder" ? got.why : null,
    matches: clause.matches,
    mismatches: clause.mismatches,
    verdict,
    decidedBy,
    matched: verdict === "matched" || verdict === "not-excluded" || verdict === "missing-passes",
  };
  return { ...facts, text: describeKey(facts, input) };
}

/** `isMatch(value, ...)`: a `!=` hit fails first; then only-`!=` passes; then any `=` hit passes. */
function judge(clause: ConditionClause, value: string, ctx: PatternContext): [KeyVerdict, PatternHit | null] {
  if (clause.matches.length === 0 && clause.mismatches.length === 0) return ["no-patterns", null];
  for (const p of clause.mismatches) if (patternMatches(p, value, ctx)) return ["excluded", hit(p, "mismatch", value, ctx)];
  if (clause.matches.length === 0) return ["not-excluded", null];
  for (const p of clause.matches) if (patternMatches(p, value, ctx)) return ["matched", hit(p, "match", value, ctx)];
  return ["not-matched", null];
}

function hit(pattern: string, kind: PatternHit["kind"], value: string, ctx: PatternContext): PatternHit {
  if (ctx.semantics === "3.x" && pattern.includes("~")) return { pattern, kind, resolved: pattern, range: rangeOutcome(pattern, value, ctx.isWhen) };
  return { pattern, kind, resolved: resolvePattern(pattern, ctx) };
}
