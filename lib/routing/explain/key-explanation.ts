import type { InvocationOrigin, KeyValue, UnavailableWhy } from "../evaluate/condition-value";
import type { ValueOrigin } from "../url/url-sample";
import type { RangeOutcome } from "../evaluate/value-pattern";

/**
 * What the engine found when it matched one side of a rule: the facts that decided, kept
 * for the preview. Built only by condition-match.ts, from the very values it acted on.
 */

/** How a key's value fared against its patterns. */
export type KeyVerdict =
  /** An `=` pattern matched and no `!=` pattern did. */
  | "matched"
  /** No `=` pattern matched. */
  | "not-matched"
  /** A `!=` pattern matched. */
  | "excluded"
  /** Only `!=` patterns, and none matched. */
  | "not-excluded"
  /** The key is absent: fails (2.7 with `=` values; 3.x always). */
  | "missing-fails"
  /** The key is absent and has no `=` values: passes (2.7 only). */
  | "missing-passes"
  /** The key has a value but the rule gives it no pattern: never matches. */
  | "no-patterns"
  /** 2.7 `arguments[N]` that cannot be read: fails. */
  | "unavailable";

/** The pattern that decided a key, when one did. */
export interface PatternHit {
  readonly pattern: string;
  readonly kind: "match" | "mismatch";
  /** What a `$name` pattern stood for (the consumer's value; null when absent); the pattern itself otherwise. */
  readonly resolved: string | null;
  /** For a 3.x `a~b` pattern: how the range compared. */
  readonly range?: RangeOutcome;
}

/** One key of one side, evaluated. */
export interface KeyExplanation {
  readonly key: string;
  /** The value compared: null when the key is missing or (2.7) unreadable. */
  readonly value: string | null;
  readonly valueKind: KeyValue["kind"];
  readonly origin: ValueOrigin | InvocationOrigin | null;
  /** Why an argument/attachment could not be read (`unavailable`/`placeholder` values). */
  readonly unavailable: UnavailableWhy | null;
  readonly matches: readonly string[];
  readonly mismatches: readonly string[];
  readonly verdict: KeyVerdict;
  readonly decidedBy: PatternHit | null;
  readonly matched: boolean;
  /** The same in words, e.g. `host 127.0.0.2 matches "127.0.0.*"`. */
  readonly text: string;
}

/** One side (when, or then for one provider). */
export interface ConditionExplanation {
  /**
   * The when side is evaluated unless the route is disabled (Java never parses its rule),
   * even when there is no provider. A provider's then side is evaluated only when the
   * router got to it: not for a disabled route, no providers, a when not matched, a blacklist.
   */
  readonly evaluated: boolean;
  readonly matched: boolean;
  /** The side has no conditions: a when that matches every consumer, or a then that matches no provider. */
  readonly empty: boolean;
  readonly keys: readonly KeyExplanation[];
}

/** A key's facts, before they are put in words. */
export type KeyFacts = Omit<KeyExplanation, "text">;
