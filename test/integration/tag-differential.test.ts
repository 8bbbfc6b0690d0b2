import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { routeTagCase, type TagCase, type TagCaseAnswer } from "@/lib/tag/tag-case";
import { generateTagCases, lettersOf, scenarioKept, tagCasesSeed, tagScenarios } from "../support/tag-cases";
import { startTagOracle, type TagOracle } from "../support/tag-oracle";

/**
 * The console's tag router (lib/tag, `routeTagCase`) against the real tag routers of Dubbo
 * 2.7.23 (`TagRouter`) and 3.3.6 (`TagStateRouter`) through test/support/tag-oracle.ts: the
 * scenarios of docs/tag-routing.md §8 (test/support/tag-cases.ts; Java is also held to the
 * doc's expectations, as corrected where real Java does otherwise) and generated cases (rule
 * texts notified in order, providers, consumer, attachments), with zero differences allowed in
 * which providers are kept, whether a rule is held, and whether route() throws. TAG_CASES
 * (default 2000 per release) sets how many, TAG_CASES_SEED replays a run.
 */
const COUNT = Number(process.env.TAG_CASES ?? 2000);
const SEED = tagCasesSeed();
const SHOWN = 10;

/** What the console answers; a throw from routeTagCase is reported as a difference, not a crash. */
function engineAnswer(c: TagCase, release: DubboRelease): TagCaseAnswer | { readonly engineError: string } {
  try {
    return routeTagCase(c, release);
  } catch (e) {
    return { engineError: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** The fields compared, in a fixed order: `thrown` only when set. */
function comparable(a: TagCaseAnswer | { readonly engineError: string }): string {
  if ("engineError" in a) return JSON.stringify(a);
  return JSON.stringify(a.thrown === undefined ? { kept: a.kept, ruleLoaded: a.ruleLoaded } : { kept: a.kept, ruleLoaded: a.ruleLoaded, thrown: a.thrown });
}

for (const release of ["2.7", "3.x"] as const) {
  const java = release === "2.7" ? "2.7.23 TagRouter" : "3.3.6 TagStateRouter";
  describe(`tag routing as Dubbo ${java} does it`, () => {
    let oracle: TagOracle;
    beforeAll(async () => {
      oracle = await startTagOracle(release);
    }, 180_000);
    afterAll(async () => {
      await oracle?.stop();
    });

    const scenarios = tagScenarios(release);

    it(`Java keeps what docs/tag-routing.md §8 expects in its ${scenarios.length} scenarios (as corrected where Java differs)`, async () => {
      const answers = await oracle.ask(scenarios.map((s) => s.case));
      const wrong: string[] = [];
      for (const [i, s] of scenarios.entries()) {
        const a = answers[i]!;
        const expected = { kept: lettersOf(scenarioKept(s, release)), ruleLoaded: s.ruleLoaded[release], thrown: undefined };
        const got = { kept: lettersOf(a.kept), ruleLoaded: a.ruleLoaded, thrown: a.thrown };
        if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${s.name}: expected ${JSON.stringify(expected)}, Java ${JSON.stringify(got)}`);
      }
      expect(wrong.join("\n"), `${wrong.length} of ${scenarios.length} scenarios`).toBe("");
    });

    it(`the console's router answers as Java in the ${scenarios.length} scenarios`, async () => {
      const answers = await oracle.ask(scenarios.map((s) => s.case));
      const differences: string[] = [];
      for (const [i, s] of scenarios.entries()) {
        const j = answers[i]!;
        const ours = engineAnswer(s.case, release);
        if (comparable(j) !== comparable(ours)) differences.push(`${s.name}: ${JSON.stringify(s.case)}\n  java:   ${comparable(j)}\n  engine: ${comparable(ours)}`);
      }
      expect(differences.slice(0, SHOWN).join("\n\n"), `${differences.length} of ${scenarios.length} scenarios differ`).toBe("");
    });

    it(`the console's router answers as Java for ${COUNT} generated cases (TAG_CASES_SEED=${SEED})`, async () => {
      const cases = generateTagCases(COUNT, SEED);
      const answers = await oracle.ask(cases);
      const differences: string[] = [];
      const seen = { loaded: 0, unloaded: 0, none: 0, some: 0, all: 0 };
      for (const [i, c] of cases.entries()) {
        const j = answers[i]!;
        if (j.ruleLoaded) seen.loaded++;
        else seen.unloaded++;
        if (j.kept.length === 0) seen.none++;
        else if (j.kept.length === c.providers.length) seen.all++;
        else seen.some++;
        const ours = engineAnswer(c, release);
        if (comparable(j) !== comparable(ours)) differences.push(`TAG_CASES_SEED=${SEED} case #${i}: ${JSON.stringify(c)}\n  java:   ${comparable(j)}\n  engine: ${comparable(ours)}`);
      }
      expect(differences.slice(0, SHOWN).join("\n\n"), `${differences.length} of ${COUNT} cases differ`).toBe("");
      // The cases must exercise every outcome: rules held and refused, nothing, some and all providers kept.
      for (const [outcome, n] of Object.entries(seen)) expect(n, `${outcome} in ${JSON.stringify(seen)}`).toBeGreaterThan(COUNT / 20);
    }, 300_000);
  });
}
