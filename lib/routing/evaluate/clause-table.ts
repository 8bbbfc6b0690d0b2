import { ClauseMatcher, type MatchContext } from "./condition-match";
import type { ConditionClause } from "../parse/condition-rule";
import type { KeyExplanation } from "../explain/key-explanation";
import type { ParsedProvider } from "./routing-context";

/**
 * One key (clause) of a then side judged on every provider of a list, for one consumer. A
 * key's judgement does not depend on the rest of the rule, so a rule being typed re-judges
 * only the key being edited (then-tables.ts keeps the others').
 */
export interface ClauseTable {
  /** Per provider of the list: 1 when the key passes, else 0. */
  readonly passes: Uint8Array;
  /** Per provider, the number of its key's explanation (null for a table made without explanations)… */
  readonly ids: Int32Array | null;
  /** …and the explanations, by number. */
  readonly keys: readonly KeyExplanation[] | null;
}

/** Judges `clause` on every provider in `ctx` (the then side's: the consumer's sample and `$name` values); `explain` keeps each explanation. */
export function buildClauseTable(clause: ConditionClause, ctx: MatchContext, providers: readonly ParsedProvider[], explain: boolean): ClauseTable {
  const n = providers.length;
  const passes = new Uint8Array(n);
  const matcher = new ClauseMatcher(clause, ctx);
  if (!explain) {
    for (let i = 0; i < n; i++) passes[i] = matcher.passes(providers[i]!.parsed) ? 1 : 0;
    return { passes, ids: null, keys: null };
  }
  const ids = new Int32Array(n);
  const keys: KeyExplanation[] = [];
  for (let i = 0; i < n; i++) {
    const e = matcher.entry(providers[i]!.parsed);
    ids[i] = e.id;
    keys[e.id] = e.k;
    passes[i] = e.k.matched ? 1 : 0;
  }
  return { passes, ids, keys };
}
