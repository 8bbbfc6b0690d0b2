import { buildClauseTable, type ClauseTable } from "./clause-table";
import type { ConditionClause, ConditionRule } from "../parse/condition-rule";
import { ConsumerReads, recordReads } from "./consumer-reads";
import type { ParsedProvider, ProviderIndexes, RoutingContext } from "./routing-context";
import { combineThenTable, thenContext, type ThenTable } from "./then-table";

/**
 * Then tables (then-table.ts) of one provider list, kept for reuse, and the tables of their
 * keys (clause-table.ts) they are made of: by rule (by key), and per rule (key) by the
 * consumer reads their making recorded (consumer-reads.ts). A consumer whose URL answers
 * those reads alike gets the same table, so the routes of a service judge the providers
 * once for a whole fleet of consumers, and again only for a consumer that differs in what
 * the rule reads of it (its application, say, under 2.7's merged URL); and a rule being
 * typed re-judges only the key being edited.
 *
 * The provider list must not change while its tables are kept (hold one per list, such as
 * the catalog's providers of a service, which are replaced, never changed).
 */

/** A table and what its making read of the consumer. */
interface Kept<T> {
  readonly reads: ConsumerReads;
  table: T;
}

/** How many tables are kept; explained ones (a megabyte or two each for 10,000 providers) lose their explanations first. */
export interface TableLimits {
  /** Rules, and tables per rule. */
  readonly rules: number;
  readonly perRule: number;
  /** Then tables that keep their explanations (the least recently used lose them, and are explained again when asked). */
  readonly explained: number;
  /** Keys, and tables per key; key tables that keep their explanations. */
  readonly clauses: number;
  readonly perClause: number;
  readonly explainedClauses: number;
}

const LIMITS: TableLimits = { rules: 32, perRule: 8, explained: 4, clauses: 64, perClause: 8, explainedClauses: 12 };

export class ThenTables {
  /** Every position of the list: the input of a chain's first route. */
  readonly all: ProviderIndexes;
  /** `{semantics}\n{rule as read}` → its tables, the most recent first. Map order: least recently used first. */
  private readonly byRule = new Map<string, Kept<ThenTable>[]>();
  /** The same for keys, by semantics, key and patterns. */
  private readonly byClause = new Map<string, Kept<ClauseTable>[]>();

  constructor(
    readonly providers: readonly ParsedProvider[],
    private readonly limits: TableLimits = LIMITS,
  ) {
    this.all = Array.from({ length: providers.length }, (_, i) => i);
  }

  /**
   * The table of `rule`'s then side for the consumer of `ctx`, made unless one made for a
   * consumer that answers alike is kept (a table without explanations is made again when
   * `explain` asks for them). A blacklist (null then) matches no provider, as an empty then.
   * The rule, `ctx` and the providers must be of one semantics.
   */
  table(rule: ConditionRule, ctx: RoutingContext, explain: boolean): ThenTable {
    const kept = this.find(this.byRule, `${rule.semantics}\n${rule.readAs}`, ctx, explain, (t) => t.explanations !== null, this.limits.perRule);
    if (kept.found !== null) return kept.found;
    const clauses = (rule.then ?? []).map((c) => this.clause(c, ctx, explain));
    const table = combineThenTable(
      clauses.map((c) => c.table),
      this.providers.length,
      explain,
    );
    kept.add({ reads: ConsumerReads.union(clauses.map((c) => c.reads)), table });
    this.trim(this.byRule, this.limits.rules, this.limits.explained, (t) => t.explanations !== null, (t) => ({ matched: t.matched, explanations: null, sides: null }));
    return table;
  }

  /** The table of one key of a then side for the consumer of `ctx`, kept or made as {@link table}'s. */
  private clause(clause: ConditionClause, ctx: RoutingContext, explain: boolean): Kept<ClauseTable> {
    const explained = (t: ClauseTable) => t.ids !== null;
    const kept = this.find(this.byClause, JSON.stringify([ctx.semantics, clause.key, clause.matches, clause.mismatches]), ctx, explain, explained, this.limits.perClause);
    if (kept.entry !== null) return kept.entry;
    const recorded = recordReads(ctx.consumer);
    const entry = { reads: recorded.reads, table: buildClauseTable(clause, thenContext({ ...ctx, consumer: recorded.url }), this.providers, explain) };
    kept.add(entry);
    this.trim(this.byClause, this.limits.clauses, this.limits.explainedClauses, explained, (t) => ({ passes: t.passes, ids: null, keys: null }));
    return entry;
  }

  /**
   * The kept table under `key` for the consumer of `ctx` (with explanations when `explain`),
   * or how to add one; marks `key` as the most recently used.
   */
  private find<T>(map: Map<string, Kept<T>[]>, key: string, ctx: RoutingContext, explain: boolean, explained: (t: T) => boolean, perKey: number) {
    const entries = map.get(key) ?? [];
    map.delete(key);
    map.set(key, entries);
    const at = entries.findIndex((e) => e.reads.agree(ctx.consumer));
    const entry = at >= 0 && (!explain || explained(entries[at]!.table)) ? entries[at]! : null;
    if (entry === null && at >= 0) entries.splice(at, 1);
    const add = (e: Kept<T>) => {
      entries.unshift(e);
      if (entries.length > perKey) entries.length = perKey;
    };
    return { entry, found: entry?.table ?? null, add };
  }

  /** Drops the least recently used keys past `most`, and the explanations of the least recently used tables past `explainedMost`. */
  private trim<T>(map: Map<string, Kept<T>[]>, most: number, explainedMost: number, explained: (t: T) => boolean, plain: (t: T) => T): void {
    while (map.size > most) map.delete(map.keys().next().value!);
    const withExplanations = [...map.values()].flatMap((entries) => entries.filter((e) => explained(e.table)));
    for (const e of withExplanations.slice(0, Math.max(0, withExplanations.length - explainedMost))) e.table = plain(e.table);
  }
}
