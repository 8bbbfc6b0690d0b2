import type { ProviderDecision } from "../evaluate/judged-route";
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
 * {@link groupReason}, largest group first (ties: first seen first).
 *
 * Fast at 10,000 providers, where nearly every provider has an explanation of its own (its
 * host is in it): a provider is counted through numbers, not text. Each key's verdict in
 * words depends only on the clause (its key and patterns), the verdict and the pattern
 * that decided, so one shared {@link VerdictWords} numbers them by those, without building
 * or hashing text per provider, and a group is found by the numbers of the keys that
 * decided; the words of a group are built once, for its first provider.
 */
export function countReasons(count: number, decision: (k: number) => ProviderDecision, outcome: RouteOutcome): ReasonCount[] {
  type Group = { kept: boolean; reason: string; count: number; first: number };
  const words = new VerdictWords();
  // Groups by their signature (kept, and the numbers of the keys that decided), and the worded ones by their words (two signatures can read alike).
  const bySignature = new Map<string | number, Group>();
  const byWords = new Map<string, Group>();
  const all: Group[] = [];
  for (let k = 0; k < count; k++) {
    const d = decision(k);
    const c = d.conditions;
    // Not evaluated: the reason names no provider value, and is one shared string. Else a number while it fits in one.
    let signature: string | number = d.kept ? 1 : 0;
    if (!c.evaluated) signature = `${signature}${d.reason}`;
    else if (c.keys.length === 0) signature += c.empty ? 2 : 4;
    else {
      let deciding = 0;
      for (const key of c.keys) if (key.matched === c.matched && deciding++ < 2) signature = signature * NUMBERED + 8 + words.id(key);
      if (deciding > 2) signature = `${d.kept ? 1 : 0}${c.keys.filter((key) => key.matched === c.matched).map((key) => words.id(key)).join(",")}`;
    }
    let group = bySignature.get(signature);
    if (group === undefined) {
      const reason = groupReason(d, outcome);
      const worded = `${d.kept ? 1 : 0}${reason}`;
      group = byWords.get(worded);
      if (group === undefined) {
        group = { kept: d.kept, reason, count: 0, first: k };
        byWords.set(worded, group);
        all.push(group);
      }
      bySignature.set(signature, group);
    }
    group.count++;
  }
  return all.sort((a, b) => b.count - a.count || a.first - b.first);
}

/** Past this many distinct verdicts a signature of two keys could be ambiguous as a number: fewer are made (a few per clause). */
const NUMBERED = 1 << 20;

/**
 * Numbers keys' verdicts by what {@link keyVerdictWords} reads of them: the key, its
 * patterns (one array per clause, shared by every provider), the verdict and the pattern
 * that decided, looked up by identity (no text built); each explanation is looked up once.
 */
class VerdictWords {
  private readonly byClause = new Map<string, Map<readonly string[], Map<readonly string[], Map<string, Map<string | null, number>>>>>();
  private made = 0;

  id(k: KeyExplanation): number {
    const byMatches = step(this.byClause, k.key, () => new Map());
    const byMismatches = step(byMatches, k.matches, () => new Map());
    const byVerdict = step(byMismatches, k.mismatches, () => new Map());
    const byPattern = step(byVerdict, k.verdict, () => new Map<string | null, number>());
    const pattern = k.decidedBy?.pattern ?? null;
    let id = byPattern.get(pattern);
    if (id === undefined) byPattern.set(pattern, (id = this.made++));
    return id;
  }
}

function step<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let next = map.get(key);
  if (next === undefined) map.set(key, (next = make()));
  return next;
}
