import type { ProviderDecision } from "./judged-route";
import type { KeyExplanation } from "./key-explanation";
import type { RouteOutcome } from "./route-reason";

/**
 * The providers of a preview counted by reason, so that 10,000 providers read as a few
 * lines: a provider's reason names its own values (`host 10.0.0.7 is not in …`), so it is
 * grouped by what decided it instead: kept or dropped, how the route ended, and per key
 * that decided, its verdict and the patterns (`host matches none of 10.16.1*, 10.16.3*`).
 */

/** One reason and the providers that share it. */
export interface ReasonCount {
  readonly kept: boolean;
  /** The reason without any provider's own value. */
  readonly reason: string;
  readonly count: number;
  /** The place (in input order) of the first provider with it. */
  readonly first: number;
}

/** What an outcome other than `filtered` adds to the reason of every provider. */
const OUTCOME_WORDS: Partial<Record<RouteOutcome, string>> = {
  "empty-forced": "no provider matched and force=true",
  "empty-fallback": "no provider matched and force=false, so Dubbo falls back to all",
  "error-fallback": "no provider matched; Dubbo's router failed while logging and returned all",
};

function patterns(list: readonly string[]): string {
  return list.join(", ");
}

/** One key's verdict in words, without its value. */
export function keyVerdictWords(k: Pick<KeyExplanation, "key" | "verdict" | "matches" | "mismatches" | "decidedBy">): string {
  switch (k.verdict) {
    case "matched":
      return `${k.key} matches ${k.decidedBy?.pattern ?? patterns(k.matches)}`;
    case "not-matched":
      return `${k.key} matches none of ${patterns(k.matches)}`;
    case "excluded":
      return `${k.key} is excluded by != ${k.decidedBy?.pattern ?? patterns(k.mismatches)}`;
    case "not-excluded":
      return `${k.key} is none of != ${patterns(k.mismatches)}`;
    case "missing-fails":
      return `${k.key} is missing`;
    case "missing-passes":
      return `${k.key} is missing, which passes`;
    case "no-patterns":
      return `${k.key} has no pattern to match`;
    case "unavailable":
      return `${k.key} cannot be read`;
  }
}

/** The reason of `d` without its own values: for a then side evaluated, the keys that decided, else the reason itself (it names no provider value). */
export function groupReason(d: ProviderDecision, outcome: RouteOutcome): string {
  if (!d.conditions.evaluated) return d.reason;
  const matched = d.conditions.matched;
  // A provider matching the then side is kept by every key; one that does not, by the keys that failed.
  const keys = d.conditions.keys.filter((k) => k.matched === matched);
  const words = keys.length === 0 ? (d.conditions.empty ? "the then side has no condition" : "") : keys.map(keyVerdictWords).join("; ");
  const extra = OUTCOME_WORDS[outcome];
  return `${d.kept ? "kept" : "dropped"}: ${words}${extra ? ` (${extra})` : ""}`;
}

/**
 * The decisions of `count` providers (`decision(k)` for k in 0..count-1) grouped by
 * {@link groupReason}, largest group first (ties: first seen first). Reasons are shared
 * between providers with the same explanation, so each distinct one is worded once.
 */
export function countReasons(count: number, decision: (k: number) => ProviderDecision, outcome: RouteOutcome): ReasonCount[] {
  const worded = new Map<string, string>();
  const groups = new Map<string, { kept: boolean; reason: string; count: number; first: number }>();
  for (let k = 0; k < count; k++) {
    const d = decision(k);
    const cacheKey = `${d.kept ? 1 : 0}${d.reason}`;
    let reason = worded.get(cacheKey);
    if (reason === undefined) worded.set(cacheKey, (reason = groupReason(d, outcome)));
    const key = `${d.kept ? 1 : 0}${reason}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { kept: d.kept, reason, count: 1, first: k });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first);
}
