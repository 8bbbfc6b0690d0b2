import type { ConditionRule } from "./condition-rule";
import { type ConsumerReads, recordReads } from "./consumer-reads";
import type { ParsedProvider, ProviderIndexes, RoutingContext } from "./routing-context";
import { buildThenTable, type ThenTable } from "./then-table";

/**
 * Then tables (then-table.ts) of one provider list, kept for reuse: by rule, and per rule by
 * the consumer reads the table's making recorded (consumer-reads.ts). A consumer whose URL
 * answers those reads alike gets the same table, so the routes of a service judge the
 * providers once for a whole fleet of consumers, and again only when a consumer differs in
 * what the rule reads of it (its application, say, under 2.7's merged URL).
 *
 * The provider list must not change while its tables are kept (hold one per list, such as
 * the catalog's providers of a service, which are replaced, never changed).
 */
export class ThenTables {
  /** `{semantics}\n{rule as read}` → the tables made for it, the most recent first. Map order: least recently used first. */
  private readonly byRule = new Map<string, { readonly reads: ConsumerReads; table: ThenTable }[]>();

  /** Every position of the list: the input of a chain's first route. */
  readonly all: ProviderIndexes;

  constructor(
    readonly providers: readonly ParsedProvider[],
    /**
     * How many rules, and how many tables per rule, are kept; and how many tables keep their
     * explanations (a megabyte or two each for 10,000 providers): the least recently used
     * lose theirs first, and are explained again when asked.
     */
    private readonly limits: { readonly rules: number; readonly perRule: number; readonly explained: number } = { rules: 32, perRule: 8, explained: 4 },
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
    const key = `${rule.semantics}\n${rule.readAs}`;
    const entries = this.byRule.get(key) ?? [];
    this.byRule.delete(key);
    this.byRule.set(key, entries);
    const at = entries.findIndex((e) => e.reads.agree(ctx.consumer));
    if (at >= 0) {
      const found = entries[at]!;
      if (!explain || found.table.explanations !== null) return found.table;
      entries.splice(at, 1);
    }
    const recorded = recordReads(ctx.consumer);
    const table = buildThenTable(rule.then ?? [], { ...ctx, consumer: recorded.url }, this.providers, explain);
    entries.unshift({ reads: recorded.reads, table });
    if (entries.length > this.limits.perRule) entries.length = this.limits.perRule;
    if (this.byRule.size > this.limits.rules) this.byRule.delete(this.byRule.keys().next().value!);
    if (explain) this.forgetExplanations();
    return table;
  }

  /** Past the limit, the least recently used tables keep their verdicts alone. */
  private forgetExplanations(): void {
    const explained = [...this.byRule.values()].flatMap((entries) => entries.filter((e) => e.table.explanations !== null));
    for (const e of explained.slice(0, Math.max(0, explained.length - this.limits.explained))) {
      e.table = { matched: e.table.matched, explanations: null, sides: null };
    }
  }
}
