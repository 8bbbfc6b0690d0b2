import type { ConditionClause } from "../parse/condition-rule";
import { conditionValue, type KeyValue, type RouteInvocation } from "./condition-value";
import type { ConditionExplanation, KeyExplanation, KeyVerdict, PatternHit } from "../explain/key-explanation";
import { describeKey } from "../explain/key-reason";
import type { JavaUrl } from "../url/route-url";
import { patternMatches, rangeOutcome, resolvePattern, type PatternContext } from "./value-pattern";
import type { UrlSample } from "../url/url-sample";

/**
 * Matching one side of a rule against URLs, as `ConditionRouter.matchCondition` +
 * `MatchPair.isMatch` (2.7.23) and `ConditionStateRouter.doMatch` +
 * `AbstractConditionMatcher.isMatch` (3.3) do, recording what decided each key. The
 * explanation IS the evaluation: `matched` below is what the router acts on.
 *
 * Java stops at the first key that fails and walks a HashMap; every key is evaluated here,
 * in rule order. Nothing in a key's evaluation can throw or has side effects, so the
 * conjunction is the same.
 *
 * A key's explanation depends only on the value read (and the fixed rule and consumer), so
 * a matcher keeps one per distinct value and one side explanation per distinct set of them:
 * thousands of providers with the same port share one object and one text. It keeps them
 * for values that never repeat too (a host, a pid): a caller keeps every explanation it is
 * given anyway, and one kept here is one less to make when a value comes again.
 */

/** Where a side reads its values. */
export interface MatchContext extends PatternContext {
  readonly sample: UrlSample;
  readonly invocation: RouteInvocation | null;
}

/** A side not evaluated. */
export const NOT_EVALUATED: ConditionExplanation = { evaluated: false, matched: false, empty: false, keys: [] };

/**
 * Nested arrays from each key's explanation (by its number within its clause) to the number
 * of the side's explanation: lighter than maps when thousands of values each open a level.
 */
type SideCache = (SideCache | number | undefined)[];

/** A key's explanation and its number within its clause. */
export interface KeyEntry {
  readonly k: KeyExplanation;
  readonly id: number;
}

/**
 * One key (clause) of a side, judged on any number of URLs: explained (one explanation per
 * distinct value read, numbered in order of first use) or the verdict alone.
 */
export class ClauseMatcher {
  /** Value kind → origin or reason → value → explanation. */
  private readonly explained = new Map<string, Map<string, Map<string | null, KeyEntry>>>();
  private made = 0;
  /** Whether a value passes, by value. */
  private readonly verdicts = new Map<string, boolean>();

  constructor(
    readonly clause: ConditionClause,
    private readonly ctx: MatchContext,
  ) {}

  /** The key explained on `url`. */
  entry(url: JavaUrl): KeyEntry {
    const { clause, ctx } = this;
    const got = conditionValue(clause.key, ctx.semantics, ctx.sample, url, ctx.invocation);
    const tag = got.kind === "value" || got.kind === "missing" ? got.origin : got.why;
    let byTag = this.explained.get(got.kind);
    if (byTag === undefined) this.explained.set(got.kind, (byTag = new Map()));
    let byValue = byTag.get(tag);
    if (byValue === undefined) byTag.set(tag, (byValue = new Map()));
    const value = readValue(got);
    let e = byValue.get(value);
    if (e === undefined) byValue.set(value, (e = { k: explainKey(clause, got, ctx), id: this.made++ }));
    return e;
  }

  /** Whether the key passes on `url`: the `matched` of {@link entry}, without explaining. */
  passes(url: JavaUrl): boolean {
    const { clause, ctx } = this;
    const got = conditionValue(clause.key, ctx.semantics, ctx.sample, url, ctx.invocation);
    const value = readValue(got);
    if (value === null) return PASSING.has(absentVerdict(clause, got, ctx));
    let passes = this.verdicts.get(value);
    if (passes === undefined) this.verdicts.set(value, (passes = PASSING.has(judge(clause, value, ctx).verdict)));
    return passes;
  }
}

/**
 * A side's explanation from its keys' (`keys[i]`, numbered `ids[i]` within clause i): one
 * per distinct set of them, numbered in order of first use (`lastSide`), so that a caller
 * keeps per-explanation data (a reason) in an array.
 */
export class SideCombiner {
  private readonly cache: SideCache = [];
  private readonly sides: ConditionExplanation[] = [];
  /** The number of the explanation the last {@link side} returned. */
  lastSide = -1;

  side(keys: readonly KeyExplanation[], ids: readonly number[]): ConditionExplanation {
    let node = this.cache;
    for (let i = 0; i < ids.length - 1; i++) {
      let next = node[ids[i]!] as SideCache | undefined;
      if (next === undefined) node[ids[i]!] = next = [];
      node = next;
    }
    const last = ids[ids.length - 1]!;
    let found = node[last] as number | undefined;
    if (found === undefined) {
      node[last] = found = this.sides.length;
      this.sides.push({ evaluated: true, matched: keys.every((k) => k.matched), empty: false, keys: keys.slice() });
    }
    this.lastSide = found;
    return this.sides[found]!;
  }
}

/** One side of one rule, matched against any number of URLs. `clauses` must be non-empty (callers apply Java's empty-map rules). */
export class SideMatcher {
  private readonly matchers: ClauseMatcher[];
  private readonly combiner = new SideCombiner();
  /** Filled anew for each URL; copied only into a new side explanation. */
  private readonly keys: KeyExplanation[];
  private readonly ids: number[];

  constructor(clauses: readonly ConditionClause[], ctx: MatchContext) {
    this.matchers = clauses.map((c) => new ClauseMatcher(c, ctx));
    this.keys = new Array<KeyExplanation>(clauses.length);
    this.ids = clauses.map(() => -1);
  }

  /**
   * The number of the side explanation the last {@link match} returned among those this
   * matcher shares (0, 1, 2... in order of first use): lets a caller keep per-explanation
   * data in an array.
   */
  get lastSide(): number {
    return this.combiner.lastSide;
  }

  /** Matched iff every key matched. */
  match(url: JavaUrl): ConditionExplanation {
    for (let i = 0; i < this.matchers.length; i++) {
      const e = this.matchers[i]!.entry(url);
      this.keys[i] = e.k;
      this.ids[i] = e.id;
    }
    return this.combiner.side(this.keys, this.ids);
  }
}

/** Evaluates one key on the value read for it. */
function explainKey(clause: ConditionClause, got: KeyValue, ctx: PatternContext): KeyExplanation {
  const value = readValue(got);
  let verdict: KeyVerdict;
  let decidedBy: PatternHit | null = null;
  if (value !== null) {
    const decision = judge(clause, value, ctx);
    verdict = decision.verdict;
    if (decision.pattern !== null) decidedBy = hit(decision.pattern, decision.verdict === "excluded" ? "mismatch" : "match", value, ctx);
  } else {
    verdict = absentVerdict(clause, got, ctx);
  }
  const k: { -readonly [P in keyof KeyExplanation]: KeyExplanation[P] } = {
    key: clause.key,
    value,
    valueKind: got.kind,
    origin: got.kind === "value" || got.kind === "missing" ? got.origin : null,
    unavailable: got.kind === "unavailable" || got.kind === "placeholder" ? got.why : null,
    matches: clause.matches,
    mismatches: clause.mismatches,
    verdict,
    decidedBy,
    matched: PASSING.has(verdict),
    text: "",
  };
  k.text = describeKey(k, ctx);
  return k;
}

/** The verdicts that let a key pass. */
const PASSING: ReadonlySet<KeyVerdict> = new Set(["matched", "not-excluded", "missing-passes"]);

/** The value a key compares: null when it is missing or (2.7) unreadable. */
function readValue(got: KeyValue): string | null {
  return got.kind === "value" || got.kind === "placeholder" ? got.value : null;
}

/** A key without a value to compare: 2.7 passes a missing key that has no `=` values; an unreadable argument fails. */
function absentVerdict(clause: ConditionClause, got: KeyValue, ctx: PatternContext): KeyVerdict {
  if (got.kind === "unavailable") return "unavailable";
  return ctx.semantics === "2.7" && clause.matches.length === 0 ? "missing-passes" : "missing-fails";
}

/** What decided a key with a value, and the pattern that did (null when none did). */
interface Decision {
  readonly verdict: KeyVerdict;
  readonly pattern: string | null;
}

/** `isMatch(value, ...)`: a `!=` hit fails first; then only-`!=` passes; then any `=` hit passes. */
function judge(clause: ConditionClause, value: string, ctx: PatternContext): Decision {
  if (clause.matches.length === 0 && clause.mismatches.length === 0) return NO_PATTERNS;
  for (const p of clause.mismatches) if (patternMatches(p, value, ctx)) return { verdict: "excluded", pattern: p };
  if (clause.matches.length === 0) return NOT_EXCLUDED;
  for (const p of clause.matches) if (patternMatches(p, value, ctx)) return { verdict: "matched", pattern: p };
  return NOT_MATCHED;
}

/** The decisions no pattern made, made once. */
const NO_PATTERNS: Decision = { verdict: "no-patterns", pattern: null };
const NOT_EXCLUDED: Decision = { verdict: "not-excluded", pattern: null };
const NOT_MATCHED: Decision = { verdict: "not-matched", pattern: null };

function hit(pattern: string, kind: PatternHit["kind"], value: string, ctx: PatternContext): PatternHit {
  if (ctx.semantics === "3.x" && pattern.includes("~")) return { pattern, kind, resolved: pattern, range: rangeOutcome(pattern, value, ctx.isWhen) };
  return { pattern, kind, resolved: resolvePattern(pattern, ctx) };
}

/**
 * One side of one rule judged on any number of URLs without explaining: only whether each
 * matches, by the same judgement as {@link SideMatcher} (the same values read, the same
 * {@link judge}), so the two never disagree. For routing many consumers at once (a preview's
 * impact view), where only the providers kept matter. `clauses` must be non-empty.
 */
export class SideJudge {
  private readonly matchers: ClauseMatcher[];

  constructor(clauses: readonly ConditionClause[], ctx: MatchContext) {
    this.matchers = clauses.map((c) => new ClauseMatcher(c, ctx));
  }

  /** Whether every key passes on `url` (Java stops at the first that fails; nothing a key reads has effects). */
  matches(url: JavaUrl): boolean {
    for (const m of this.matchers) if (!m.passes(url)) return false;
    return true;
  }
}
