import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConditionRouteResult, routeCondition } from "@/lib/routing/condition-route";
import type { RouteSemantics } from "@/lib/routing/route-semantics";
import { isConsoleError } from "@/lib/errors";
import { describeCase, generateRouteCases, routeCasesSeed } from "../support/route-cases";
import { type OracleAnswer, type OracleLine, type RouteCase, type RouteOracle, startRouteOracle } from "../support/route-oracle";

/**
 * The rule engine against the real Java routers, case by case: many generated rules,
 * consumers, invocations and providers (test/support/route-cases.ts) through
 * ConditionRouter 2.7.23 and ConditionStateRouter 3.3.6 (test/support/route-oracle.ts) and
 * through lib/routing, with zero differences allowed in what is kept, in which order,
 * whether the when side matched, and whether the rule is refused at all.
 *
 * ROUTE_CASES (default 4000 per line) sets how many; ROUTE_CASES_SEED replays a run.
 */
const COUNT = Number(process.env.ROUTE_CASES ?? 4000);
const SEED = routeCasesSeed();

/** What one side concluded about one case, in a form both sides can give. */
type Verdict = { refused: true } | { refused: false; result: string[]; whenMatched: boolean | null };

function javaVerdict(c: RouteCase, answer: OracleAnswer): Verdict {
  if (!answer.ok) return { refused: true };
  return { refused: false, result: answer.result.map((i) => c.providers[i]!), whenMatched: answer.whenMatched };
}

function engineVerdict(c: RouteCase, semantics: RouteSemantics): Verdict {
  let routed: ConditionRouteResult;
  try {
    routed = routeCondition({
      rule: c.rule,
      force: c.force,
      enabled: c.enabled,
      semantics,
      consumer: c.consumer,
      ...(c.invocation
        ? {
            invocation: {
              ...(c.invocation.method !== undefined ? { method: c.invocation.method } : {}),
              // String.valueOf(null) is "null", which is what a matcher sees of a null argument.
              ...(c.invocation.arguments ? { arguments: c.invocation.arguments.map((a) => a ?? "null") } : {}),
              ...(c.invocation.attachments ? { attachments: c.invocation.attachments } : {}),
            },
          }
        : {}),
      providers: c.providers,
    });
  } catch (e) {
    if (isConsoleError(e) && e.code === "invalid_rule") return { refused: true };
    throw e;
  }
  return { refused: false, result: routed.result, whenMatched: routed.whenMatched };
}

/** Java's whenMatched is null when its matchWhen threw; then only the result is compared. */
function sameVerdict(java: Verdict, engine: Verdict): boolean {
  if (java.refused || engine.refused) return java.refused === engine.refused;
  if (java.result.length !== engine.result.length || java.result.some((u, i) => u !== engine.result[i])) return false;
  return java.whenMatched === null || java.whenMatched === engine.whenMatched;
}

describe.each<[OracleLine, RouteSemantics]>([
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
    });
    // The cases reach both kinds of outcome that matter, or the comparison proves little.
    expect(refused).toBeGreaterThan(0);
    expect(partial).toBeGreaterThan(COUNT / 50);
    expect(differences.length === 0 ? [] : [`${differences.length} of ${COUNT} differ; the first:`, ...differences.slice(0, 8)]).toEqual([]);
  });
});
