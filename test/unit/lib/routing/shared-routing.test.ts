import { describe, expect, it } from "vitest";
import { explainRoute, type RouteInvocation } from "@/lib/routing/evaluate/condition-route";
import { type ConditionRule, parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { recordReads } from "@/lib/routing/evaluate/consumer-reads";
import { routeIndexes } from "@/lib/routing/evaluate/consumer-sight";
import { chainIndexes, explainChain, FleetChain, prepareChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { parseConsumerUrl } from "@/lib/routing/url/consumer-url";
import { parseProviders, type RoutingContext, routingContext } from "@/lib/routing/evaluate/routing-context";
import { ThenTables } from "@/lib/routing/evaluate/then-tables";
import { generateRouteCases } from "../../../support/route-cases";
import type { RouteCase } from "../../../support/route-oracle";

/**
 * The ways of routing that share work (verdicts without explanations, then tables shared by
 * consumers that answer a rule's reads alike, one chain run for a fleet of consumers) give
 * exactly what routing each consumer alone, explained, gives: the answer the differential
 * test holds against the real Java routers. Checked on the differential test's generated cases.
 */
const SEED = 20_251_130;
const CASES = generateRouteCases(SEED, 1500);
const SEMANTICS: readonly DubboRelease[] = ["2.7", "3.x"];

function invocationOf(c: RouteCase): RouteInvocation | undefined {
  if (c.invocation === null) return undefined;
  const { method, arguments: args, attachments } = c.invocation;
  return { ...(method !== undefined ? { method } : {}), ...(args ? { arguments: args } : {}), ...(attachments ? { attachments } : {}) };
}

/** The case's rule as `semantics` parses it (null: disabled), or undefined when Java rejects it. */
function ruleOf(c: RouteCase, semantics: DubboRelease): ConditionRule | null | undefined {
  if (!c.enabled) return null;
  try {
    return parseConditionRule(c.rule, semantics);
  } catch {
    return undefined;
  }
}

/** The consumer of `c` (with the invocation of `call`), or undefined when `semantics` cannot read its URL. */
function contextOf(c: RouteCase, semantics: DubboRelease, call: RouteCase = c): RoutingContext | undefined {
  try {
    return routingContext(semantics, c.consumer, invocationOf(call));
  } catch {
    return undefined;
  }
}

function tablesOf(providers: readonly string[], semantics: DubboRelease): ThenTables | undefined {
  try {
    return new ThenTables(parseProviders(providers, semantics));
  } catch {
    return undefined;
  }
}

/** What routing alone, explained, returns: provider strings. */
function alone(rule: ConditionRule | null, force: boolean, ctx: RoutingContext, providers: readonly string[], semantics: DubboRelease): string[] {
  const tables = tablesOf(providers, semantics)!;
  return explainRoute(rule, force, ctx, tables, tables.all).result;
}

describe.each(SEMANTICS)("routing that shares work (%s)", (semantics) => {
  it("returns without explaining what it returns explained, case by case", () => {
    let routed = 0;
    for (const c of CASES) {
      const rule = ruleOf(c, semantics);
      const ctx = contextOf(c, semantics);
      const tables = tablesOf(c.providers, semantics);
      if (rule === undefined || ctx === undefined || tables === undefined) continue;
      const explained = explainRoute(rule, c.force, ctx, tables, tables.all);
      const quick = routeIndexes(rule, c.force, ctx, new ThenTables(tables.providers), tables.all);
      expect([quick.outcome, quick.result.map((i) => tables.providers[i]!.url)]).toEqual([explained.outcome, explained.result]);
      routed++;
    }
    expect(routed).toBeGreaterThan(CASES.length / 2);
  });

  it("gives every consumer of one shared set of tables what it gets alone, whatever the rule reads of it", () => {
    // Each case's rule and providers, for the consumers of the next 24 cases (and their calls).
    let shared = 0;
    CASES.forEach((c, n) => {
      const rule = ruleOf(c, semantics);
      const tables = tablesOf(c.providers, semantics);
      if (!rule || tables === undefined) return;
      const made = new Set<object>();
      for (const other of CASES.slice(n + 1, n + 25)) {
        const ctx = contextOf(other, semantics, c);
        if (ctx === undefined) continue;
        const quick = routeIndexes(rule, c.force, ctx, tables, tables.all).result.map((i) => tables.providers[i]!.url);
        expect(quick).toEqual(alone(rule, c.force, ctx, c.providers, semantics));
        if (rule.then !== null) made.add(tables.table(rule, ctx, false));
      }
      if (made.size > 0 && made.size < 24) shared++;
    });
    // Consumers alike in what a rule reads share its table often; the rest get tables of their own.
    expect(shared).toBeGreaterThan(100);
  });

  it("routes a fleet of consumers through a chain as each would be routed alone", () => {
    for (let n = 0; n + 3 <= 600; n += 3) {
      const [a, b, c] = [CASES[n]!, CASES[n + 1]!, CASES[n + 2]!];
      const routes = [a, b, c].map((x, i) => ({ rule: x.rule, force: x.force, enabled: x.enabled, priority: i % 2 }));
      const tables = tablesOf(a.providers, semantics);
      if (tables === undefined) continue;
      const chain = prepareChain(routes, semantics);
      const fleet = new FleetChain(chain, tables);
      for (const other of CASES.slice(n, n + 20)) {
        const ctx = contextOf(other, semantics, a);
        if (ctx === undefined) continue;
        const explained = explainChain(chain, ctx, tablesOf(a.providers, semantics)!).result;
        const urls = (list: readonly number[]) => list.map((i) => tables.providers[i]!.url);
        expect([urls(fleet.route(ctx)), urls(chainIndexes(chain, ctx, tables))]).toEqual([explained, explained]);
      }
    }
  });
});

describe("ThenTables", () => {
  const providers = ["dubbo://10.0.0.1:20880/com.foo.Bar?zone=a&application=p", "dubbo://10.0.0.2:20880/com.foo.Bar?zone=b&application=p"];
  // 2.7 merges a consumer's parameters over its providers': this one sets no zone.
  const consumer = (app: string) => routingContext("2.7", `consumer://1.1.1.1/com.foo.Bar?application=${app}`);

  it("shares a table between consumers that differ only in what the rule does not read", () => {
    const tables = new ThenTables(parseProviders(providers, "3.x"));
    const rule = parseConditionRule("=> zone = $zone", "3.x");
    const ctx = (app: string, zone: string) => routingContext("3.x", `consumer://1.1.1.1/com.foo.Bar?application=${app}&zone=${zone}`);
    const first = tables.table(rule, ctx("shop", "a"), false);
    expect(tables.table(rule, ctx("billing", "a"), false)).toBe(first);
    const other = tables.table(rule, ctx("shop", "b"), false);
    expect(other).not.toBe(first);
    expect([[...first.matched], [...other.matched]]).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it("judges again only the key of a rule that changed", () => {
    const tables = new ThenTables(parseProviders(providers, "2.7"));
    const ctx = consumer("shop");
    const first = tables.table(parseConditionRule("=> zone = a & host = 10.0.0.1", "2.7"), ctx, true);
    const edited = tables.table(parseConditionRule("=> zone = a & host = 10.0.0.2", "2.7"), ctx, true);
    // The zone key's explanations are the very objects made for the first rule.
    expect(edited.explanations!.map((e) => e.keys[0])).toEqual(first.explanations!.map((e) => e.keys[0]));
    expect(edited.explanations![0]!.keys[0]).toBe(first.explanations![0]!.keys[0]);
    expect([[...first.matched], [...edited.matched]]).toEqual([
      [1, 0],
      [0, 0],
    ]);
  });

  it("makes a table again, explained, when the one kept has no explanations, and forgets explanations past its limit", () => {
    const tables = new ThenTables(parseProviders(providers, "2.7"), { rules: 8, perRule: 2, explained: 1, clauses: 8, perClause: 2, explainedClauses: 1 });
    const zone = parseConditionRule("=> zone = a", "2.7");
    const host = parseConditionRule("=> host = 10.0.0.2", "2.7");
    expect(tables.table(zone, consumer("shop"), false).explanations).toBeNull();
    const explained = tables.table(zone, consumer("shop"), true);
    expect(explained.explanations?.map((e) => e.matched)).toEqual([true, false]);
    expect(tables.table(zone, consumer("shop"), false)).toBe(explained);
    tables.table(host, consumer("shop"), true);
    const again = tables.table(zone, consumer("shop"), false);
    expect([again.explanations, [...again.matched]]).toEqual([null, [1, 0]]);
  });
});

describe("recordReads", () => {
  const url = parseConsumerUrl("consumer://1.1.1.1:0/com.foo.Bar?application=shop&zone=a", "2.7");

  it("answers as the URL does and notes each read, so that another URL can be checked against them", () => {
    const { url: stand, reads } = recordReads(url);
    expect([stand.param("zone"), stand.param("env"), stand.host, stand.hasParameters()]).toEqual(["a", null, "1.1.1.1", true]);
    const same = parseConsumerUrl("consumer://1.1.1.1/com.foo.Bar?application=billing&zone=a", "2.7");
    const otherZone = parseConsumerUrl("consumer://1.1.1.1/com.foo.Bar?application=shop&zone=b", "2.7");
    const otherHost = parseConsumerUrl("consumer://2.2.2.2/com.foo.Bar?application=shop&zone=a", "2.7");
    const withEnv = parseConsumerUrl("consumer://1.1.1.1/com.foo.Bar?zone=a&env=prod", "2.7");
    expect([same, otherZone, otherHost, withEnv].map((u) => reads.agree(u))).toEqual([true, false, false, false]);
  });

  it("takes a read of every parameter at once as a read of the whole URL", () => {
    const { url: stand, reads } = recordReads(url);
    expect(stand.parameters()).toEqual({ application: "shop", zone: "a" });
    expect(reads.agree(parseConsumerUrl("consumer://1.1.1.1:0/com.foo.Bar?application=shop&zone=a", "2.7"))).toBe(true);
    expect(reads.agree(parseConsumerUrl("consumer://1.1.1.1:0/com.foo.Bar?zone=a&application=shop", "2.7"))).toBe(false);
  });
});
