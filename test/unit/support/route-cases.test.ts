import { describe, expect, it } from "vitest";
import { describeCase, generateRouteCase, generateRouteCases, routeCasesSeed } from "../../support/route-cases";
import type { RouteCase } from "../../support/route-oracle";
import { seededRandom } from "../../support/seeded-random";

describe("the seeded random source", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed).next);
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it("draws integers within range, every value of a small range", () => {
    const r = seededRandom(3);
    const seen = new Set(Array.from({ length: 1_000 }, () => r.int(6)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

const [whenOf, thenOf] = [(c: RouteCase) => (c.rule.includes("=>") ? c.rule.slice(0, c.rule.indexOf("=>")).trim() : null), (c: RouteCase) => c.rule.slice(c.rule.indexOf("=>") + 2).trim()];
const params = (url: string) => new Map((url.split("?")[1] ?? "").split("&").filter(Boolean).map((p) => [p.split("=")[0]!, p.slice(p.indexOf("=") + 1)] as const));

/** The corners the brief names, each as a test on one case. */
const CORNERS: Record<string, (c: RouteCase) => boolean> = {
  "key host": (c) => /(^|[\s&>])host\s*!?=/.test(c.rule),
  "key address": (c) => /address\s*!?=/.test(c.rule),
  "key port": (c) => /port\s*!?=/.test(c.rule),
  "key protocol": (c) => /protocol\s*!?=/.test(c.rule),
  "key application": (c) => /(^|[\s&>])application\s*!?=/.test(c.rule),
  "key method": (c) => /method\s*!?=/.test(c.rule),
  "key path": (c) => /path\s*!?=/.test(c.rule),
  "a parameter key": (c) => /(env|zone|weight|version|group)\s*!?=/.test(c.rule),
  "arguments[N]": (c) => /arguments\[\d+\]/.test(c.rule),
  "attachments[k]": (c) => /attachments\[\w+\]/.test(c.rule),
  "a key no URL has": (c) => /(nokey|region)\s*!?=/.test(c.rule),
  "!=": (c) => c.rule.includes("!="),
  "value list": (c) => /=\s*[^\s&=>,]+\s*,\s*[^\s&=>,]+/.test(c.rule),
  "&": (c) => c.rule.includes("&"),
  "repeated key": (c) => [whenOf(c), thenOf(c)].some((side) => side !== null && new Set(side.match(/[\w.[\]]+(?=\s*!?=)/g)).size < (side.match(/[\w.[\]]+(?=\s*!?=)/g) ?? []).length),
  "glob *": (c) => /=\s*\*(\s|$|&|,)/.test(c.rule),
  "glob pre*": (c) => /\w\*(\s|$|&|,)/.test(c.rule),
  "glob *suf": (c) => /[=,\s]\*\w/.test(c.rule),
  "glob pre*suf": (c) => /\w\*\w/.test(c.rule),
  "$param": (c) => c.rule.includes("$"),
  "range a~b": (c) => /\d~\d/.test(c.rule),
  "open range": (c) => /(~\d|\d~)(\s|$|&|,)/.test(c.rule),
  "blank when": (c) => whenOf(c) === "",
  "true when": (c) => whenOf(c) === "true",
  "blank then": (c) => c.rule.includes("=>") && thenOf(c) === "",
  "false then": (c) => c.rule.includes("=>") && thenOf(c) === "false",
  "no =>": (c) => !c.rule.includes("=>") && c.rule.trim() !== "",
  "consumer. prefix": (c) => c.rule.includes("consumer."),
  "provider. prefix": (c) => c.rule.includes("provider."),
  "leading comma": (c) => /(^|=|=>)\s*,/.test(c.rule),
  "blank rule": (c) => c.rule.trim() === "",
  "force on": (c) => c.force,
  "force off": (c) => !c.force,
  "disabled": (c) => !c.enabled,
  "no invocation": (c) => c.invocation === null,
  "generic $invoke": (c) => c.invocation?.method === "$invoke",
  "attachments": (c) => Object.keys(c.invocation?.attachments ?? {}).length > 0,
  "a null argument": (c) => c.invocation?.arguments?.includes(null) ?? false,
  "no providers": (c) => c.providers.length === 0,
  "duplicate providers": (c) => new Set(c.providers).size < c.providers.length,
  "provider with group and version": (c) => c.providers.some((p) => params(p).has("group") && params(p).has("version")),
  "provider without application": (c) => c.providers.some((p) => !params(p).has("application")),
  "provider with a value-less parameter": (c) => c.providers.some((p) => params(p).get("canary") === "canary"),
  "provider without a path": (c) => c.providers.some((p) => /:\/\/[^/]+\/(\?|$)/.test(p)),
  "rule whitespace Java's \\s does not know": (c) => c.rule.includes("\u00a0"),
  "tab or newline in the rule": (c) => /[\t\n]/.test(c.rule),
  "generic call with a null first argument": (c) => /^\$invoke/.test(c.invocation?.method ?? "") && c.invocation?.arguments?.[0] === null,
  "argument index past int range": (c) => c.rule.includes("arguments[2147483648]"),
  "provider parameter without '='": (c) => c.providers.some((p) => /[?&;](canary|ab)(&|;|$)/.test(p)),
  "provider parameter starting with '='": (c) => c.providers.some((p) => /[?&;]=x(&|;|$)/.test(p)),
  "provider with pid= inside another parameter": (c) => c.providers.some((p) => /rapid=|note=pid=/.test(p)),
  "provider with timestamp= inside a name or twice": (c) => c.providers.some((p) => p.includes("xtimestamp=") || (p.match(/[?&;]timestamp=/g) ?? []).length > 1),
  "provider with ';' between parameters": (c) => c.providers.some((p) => /\?[^#]*;/.test(p)),
  "provider without parameters": (c) => c.providers.some((p) => !p.includes("?")),
  "provider with only timestamp and pid": (c) => c.providers.some((p) => /\?timestamp=\d+(&pid=\d+)?$/.test(p)),
  "provider without a port": (c) => c.providers.some((p) => /:\/\/(\w+:\w+@)?[\d.]+\//.test(p)),
  "provider with preferred.protocol": (c) => c.providers.some((p) => p.includes("preferred.protocol=")),
  "provider with a method-level mock": (c) => c.providers.some((p) => /\w\.mock=/.test(p)),
  "consumer asking for protocols": (c) => /protocol=\w+,/.test(c.consumer),
  "consumer with k= or =x": (c) => /[?&;](empty=|=x)(&|;|$)/.test(c.consumer),
  "consumer rule that does not decode": (c) => /rule=(a%zz|100%)/.test(c.consumer),
  "consumer parameter overriding the provider's": (c) =>
    c.providers.some((p) => [...params(c.consumer)].some(([k, v]) => ["env", "zone", "timeout"].includes(k) && params(p).has(k) && params(p).get(k) !== v)),
};

describe("the route case generator", () => {
  it("makes the same cases from the same seed, and case i alone equals the batch's i-th", () => {
    const batch = generateRouteCases(42, 40);
    expect(generateRouteCases(42, 40)).toEqual(batch);
    expect(generateRouteCase(42, 17)).toEqual(batch[17]);
    expect(generateRouteCases(43, 40)).not.toEqual(batch);
  });

  it("makes plain JSON, exactly what the oracle reads", () => {
    const batch = generateRouteCases(5, 200);
    expect(JSON.parse(JSON.stringify(batch))).toEqual(batch);
    for (const c of batch) expect(Object.keys(c).sort()).toEqual(["consumer", "enabled", "force", "invocation", "providers", "rule"]);
  });

  it("reaches every corner the differential test needs within 3,000 cases", () => {
    const batch = generateRouteCases(1, 3_000);
    const missed = Object.entries(CORNERS).flatMap(([name, hit]) => (batch.some(hit) ? [] : [name]));
    expect(missed).toEqual([]);
  });

  it("replays a seed given in ROUTE_CASES_SEED and names it when describing a case", () => {
    expect(routeCasesSeed({ ROUTE_CASES_SEED: "1234" })).toBe(1234);
    expect(Number.isInteger(routeCasesSeed({}))).toBe(true);
    const c = generateRouteCase(1234, 9);
    expect(describeCase(1234, 9, c)).toBe(`ROUTE_CASES_SEED=1234 case #9 (generateRouteCase(1234, 9)): ${JSON.stringify(c)}`);
  });
});
