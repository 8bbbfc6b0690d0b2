import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConditionRouteResult, parseProviders, routeCondition, type RouteInvocation, routingContext } from "@/lib/routing/evaluate/condition-route";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { routeIndexes } from "@/lib/routing/evaluate/consumer-sight";
import { ThenTables } from "@/lib/routing/evaluate/then-tables";
import { isConsoleError } from "@/lib/errors";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { normalizeRuleText } from "@/lib/routing/parse/rule-text";
import { REGISTRY_READ_CASES } from "../unit/lib/routing/registry-read-cases";
import { SEMANTIC_CASES } from "../unit/lib/routing/semantic-cases";
import { describeCase, generateRouteCases, routeCasesSeed } from "../support/route-cases";
import { type OracleAnswer, type OracleLine, type RouteCase, type RouteOracle, startRouteOracle } from "../support/route-oracle";
import { javaTrim } from "@/lib/routing/parse/java-text";

/**
 * The rule engine against the real Java routers, case by case: many generated rules,
 * consumers, invocations and providers (test/support/route-cases.ts) through
 * ConditionRouter 2.7.23 and ConditionStateRouter 3.3.6 (test/support/route-oracle.ts) and
 * through lib/routing, with zero differences allowed in what is kept, in which order,
 * whether the when side matched, whether the rule is refused at all and, when it is, where
 * (Java's offset mapped into the rule as written); what is kept is also checked through the
 * unexplained routing a preview runs for many consumers. The hand-picked cases the unit tests
 * hold as "checked against the real jars" are checked here again.
 *
 * ROUTE_CASES (default 4000 per line) sets how many; ROUTE_CASES_SEED replays a run.
 */
const COUNT = Number(process.env.ROUTE_CASES ?? 4000);
const SEED = routeCasesSeed();

/** What one side concluded about one case, in a form both sides can give. */
type Verdict = { refused: true; offset: number | null } | { refused: false; result: string[]; whenMatched: boolean | null };

function javaVerdict(c: RouteCase, answer: OracleAnswer): Verdict {
  if (!answer.ok) return { refused: true, offset: offsetInRule(c.rule, answer.error, answer.offset) };
  return { refused: false, result: answer.result.map((i) => c.providers[i]!), whenMatched: answer.whenMatched };
}

function invocationOf(c: RouteCase): RouteInvocation | undefined {
  if (!c.invocation) return undefined;
  return {
    ...(c.invocation.method !== undefined ? { method: c.invocation.method } : {}),
    ...(c.invocation.arguments ? { arguments: c.invocation.arguments } : {}),
    ...(c.invocation.attachments ? { attachments: c.invocation.attachments } : {}),
  };
}

function engineVerdict(c: RouteCase, semantics: DubboRelease): Verdict {
  let routed: ConditionRouteResult;
  const invocation = invocationOf(c);
  try {
    routed = routeCondition({ rule: c.rule, force: c.force, enabled: c.enabled, semantics, consumer: c.consumer, ...(invocation ? { invocation } : {}), providers: c.providers });
  } catch (e) {
    if (e instanceof RuleSyntaxError) return { refused: true, offset: e.offset };
    throw e;
  }
  return { refused: false, result: routed.result, whenMatched: routed.whenMatched };
}

/**
 * The same case routed the way a preview routes many consumers: the answer alone, the then
 * side judged without explanations (lib/routing/evaluate/consumer-sight.ts). Null when the case is
 * refused (the explained verdict says how).
 */
function quickResult(c: RouteCase, semantics: DubboRelease): string[] | null {
  try {
    const rule = c.enabled ? parseConditionRule(c.rule, semantics) : null;
    const tables = new ThenTables(parseProviders(c.providers, semantics));
    const routed = routeIndexes(rule, c.force, routingContext(semantics, c.consumer, invocationOf(c)), tables, tables.all);
    return routed.result.map((i) => tables.providers[i]!.url);
  } catch (e) {
    if (isConsoleError(e)) return null;
    throw e;
  }
}

/**
 * Java's ParseException offset indexes the trimmed when or then text after the
 * `consumer.`/`provider.` removal (the error quotes that text, and when is parsed first);
 * this is the same place in the rule as written. Null when Java gives no offset (a blank rule).
 */
function offsetInRule(rule: string, error: string, offset: number | null): number | null {
  if (offset === null) return null;
  const normalized = normalizeRuleText(rule);
  const arrow = normalized.text.indexOf("=>");
  const whenRaw = arrow < 0 ? null : normalized.text.slice(0, arrow);
  const thenRaw = arrow < 0 ? normalized.text : normalized.text.slice(arrow + 2);
  const lead = (s: string) => s.length - s.replace(/^[\u0000-\u0020]+/, "").length;
  const quoted = /^[\w.]+: Illegal route rule "([\s\S]*)", The error char/.exec(error)?.[1];
  const inWhen = whenRaw !== null && quoted === javaTrim(whenRaw);
  const base = inWhen ? lead(whenRaw) : (arrow < 0 ? 0 : arrow + 2) + lead(thenRaw);
  return normalized.toOriginal(base + offset);
}

/** Java's whenMatched is null when its matchWhen threw; then only the result is compared. */
function sameVerdict(java: Verdict, engine: Verdict): boolean {
  if (java.refused && engine.refused) return java.offset === null || java.offset === engine.offset;
  if (java.refused || engine.refused) return false;
  if (java.result.length !== engine.result.length || java.result.some((u, i) => u !== engine.result[i])) return false;
  return java.whenMatched === null || java.whenMatched === engine.whenMatched;
}

describe.each<[OracleLine, DubboRelease]>([
  ["2.7", "2.7"],
  ["3.x", "3.x"],
])("the engine's %s semantics against the real Java router", (line, semantics) => {
  let oracle: RouteOracle;
  beforeAll(async () => {
    oracle = await startRouteOracle(line);
  });
  afterAll(async () => {
    await oracle?.stop();
  });

  it(`decides ${COUNT} generated cases exactly as Java does (seed ${SEED})`, async () => {
    const cases = generateRouteCases(SEED, COUNT);
    const answers = await oracle.ask(cases);
    const differences: string[] = [];
    let refused = 0;
    let partial = 0;
    cases.forEach((c, i) => {
      const java = javaVerdict(c, answers[i]!);
      const engine = engineVerdict(c, semantics);
      if (java.refused) refused++;
      else if (java.result.length > 0 && java.result.length < c.providers.length) partial++;
      if (!sameVerdict(java, engine)) differences.push(`${describeCase(SEED, i, c)}\n  java:   ${JSON.stringify(java)}\n  engine: ${JSON.stringify(engine)}`);
      const quick = quickResult(c, semantics);
      if (!java.refused && JSON.stringify(quick) !== JSON.stringify(java.result)) {
        differences.push(`${describeCase(SEED, i, c)}\n  java:   ${JSON.stringify(java)}\n  unexplained engine: ${JSON.stringify(quick)}`);
      }
    });
    // The cases reach both kinds of outcome that matter, or the comparison proves little.
    expect(refused).toBeGreaterThan(0);
    expect(partial).toBeGreaterThan(COUNT / 50);
    expect(differences.length === 0 ? [] : [`${differences.length} of ${COUNT} differ; the first:`, ...differences.slice(0, 8)]).toEqual([]);
  });

  it("gives the answers the unit tests' hand-picked cases expect of it (semantic-cases.ts, registry-read-cases.ts)", async () => {
    const picked = [...SEMANTIC_CASES, ...REGISTRY_READ_CASES];
    const cases: RouteCase[] = picked.map((c) => ({ rule: c.rule, force: c.force ?? false, enabled: true, consumer: c.consumer, invocation: c.invocation ?? null, providers: c.providers }));
    const answers = await oracle.ask(cases);
    const got = answers.map((a, i) => [picked[i]!.name, a.ok ? a.result : a.error]);
    expect(got).toEqual(picked.map((c) => [c.name, line === "2.7" ? c.v27 : c.v3]));
  });
});
