import { describe, expect, it } from "vitest";
import type { TagCase } from "@/lib/tag/tag-case";
import { generateTagCase, generateTagCases, letters, lettersOf, scenarioKept, tagCasesSeed, tagScenarios } from "../../support/tag-cases";

const texts = (c: TagCase) => c.rules.filter((t): t is string => t !== null);
const anyRule = (c: TagCase, re: RegExp) => texts(c).some((t) => re.test(t));
const host = (url: string) => url.slice(url.indexOf("://") + 3, url.indexOf("/", url.indexOf("://") + 3));

/** The corners the brief names, each as a test on one case. */
const CORNERS: Record<string, (c: TagCase) => boolean> = {
  "no rule text": (c) => c.rules.length === 0,
  "one text": (c) => c.rules.length === 1,
  "three texts": (c) => c.rules.length === 3,
  "a DELETED (null) text": (c) => c.rules.includes(null),
  "force: true": (c) => anyRule(c, /^force: true$/m),
  'force: "true" (quoted)': (c) => anyRule(c, /^force: "true"$/m),
  "force: 1 (int)": (c) => anyRule(c, /^force: 1$/m),
  "force: 1.0 (float)": (c) => anyRule(c, /^force: 1\.0$/m),
  "enabled: false": (c) => anyRule(c, /^enabled: false$/m),
  "valid set": (c) => anyRule(c, /^valid: /m),
  "runtime set": (c) => anyRule(c, /^runtime: /m),
  "priority int": (c) => anyRule(c, /^priority: 5$/m),
  "priority quoted": (c) => anyRule(c, /^priority: "3"$/m),
  "priority float": (c) => anyRule(c, /^priority: 1\.5$/m),
  "no configVersion": (c) => texts(c).some((t) => t.includes("tags") && !t.includes("configVersion")),
  "configVersion v3.0": (c) => anyRule(c, /^configVersion: v3\.0$/m),
  "configVersion v3.0.1": (c) => anyRule(c, /^configVersion: v3\.0\.1$/m),
  "configVersion V3.0": (c) => anyRule(c, /^configVersion: V3\.0$/m),
  "configVersion v3.1": (c) => anyRule(c, /^configVersion: v3\.1$/m),
  "configVersion 3.0 unquoted": (c) => anyRule(c, /^configVersion: 3\.0$/m),
  "tag name with |": (c) => anyRule(c, /name: "?\w+\|/),
  "tag name a number": (c) => anyRule(c, /name: 123$/m),
  "duplicate tag names": (c) => texts(c).some((t) => new Set(t.match(/name: .*/g)).size < (t.match(/name: .*/g) ?? []).length),
  "address ip": (c) => anyRule(c, /"10\.0\.0\.[12]"/),
  "address ip:port": (c) => anyRule(c, /10\.0\.0\.\d:20880/),
  "address ip:other port": (c) => anyRule(c, /10\.0\.0\.\d:20881/),
  "address CIDR": (c) => anyRule(c, /\/(30|24|16)/),
  "address range": (c) => anyRule(c, /10\.0\.0\.\d-\d/),
  'address "*"': (c) => anyRule(c, /"\*"/),
  "address 0.0.0.0:port": (c) => anyRule(c, /0\.0\.0\.0:2088/),
  "address 0.0.0.0": (c) => anyRule(c, /"0\.0\.0\.0"/),
  "address a host name": (c) => anyRule(c, /localhost|provider-a|gray\.local/),
  "address IPv6": (c) => anyRule(c, /::1/),
  "addresses a scalar": (c) => anyRule(c, /addresses: ("10|10|"\*")/),
  "addresses []": (c) => anyRule(c, /addresses: \[\]/),
  "addresses null": (c) => anyRule(c, /addresses:( null| ~)?$/m),
  "a null address": (c) => anyRule(c, /(\[|, |- )(~|null)(,|\]|$)/m),
  "match: []": (c) => anyRule(c, /match: \[\]/),
  "match scalar value": (c) => anyRule(c, /value: (gray|null|"")$/m),
  ...Object.fromEntries(["env", "zone", "version", "application", "group", "side", "dubbo.tag"].map((k) => [`match key ${k}`, (c: TagCase) => anyRule(c, new RegExp(`- key: ${k.replace(".", "\\.")}$`, "m"))])),
  ...Object.fromEntries(["exact", "prefix", "regex", "wildcard", "empty", "noempty"].map((f) => [`StringMatch ${f}`, (c: TagCase) => anyRule(c, new RegExp(`^ +${f}: `, "m"))])),
  "two StringMatch fields": (c) => anyRule(c, /value:\n( +)(exact|prefix|regex|wildcard|empty|noempty): .*\n\1(exact|prefix|regex|wildcard|empty|noempty): /),
  "malformed YAML": (c) => texts(c).some((t) => t === "tags: [name: gray" || t === ": : :"),
  "empty text": (c) => texts(c).some((t) => t.trim() === ""),
  "a list root": (c) => texts(c).some((t) => t.startsWith("- ") || t === "[]"),
  "one provider": (c) => c.providers.length === 1,
  "eight providers": (c) => c.providers.length === 8,
  "a static provider tag": (c) => c.providers.some((p) => /dubbo\.tag=gray/.test(p)),
  "provider env and zone": (c) => c.providers.some((p) => p.includes("&env=") && p.includes("&zone=")),
  "provider port 20881": (c) => c.providers.some((p) => p.includes(":20881/")),
  "an IPv6 provider": (c) => c.providers.some((p) => host(p).startsWith("[")),
  "another provider application": (c) => c.providers.some((p) => p.includes("application=other-app")),
  "consumer dubbo.tag": (c) => c.consumer.includes("&dubbo.tag="),
  "consumer dubbo.force.tag": (c) => c.consumer.includes("&dubbo.force.tag="),
  "no request tag": (c) => !("dubbo.tag" in c.attachments),
  'request tag ""': (c) => c.attachments["dubbo.tag"] === "",
  "request tag a|b|c": (c) => c.attachments["dubbo.tag"] === "a|b|c",
  ...Object.fromEntries(["true", "TRUE", "yes", "false"].map((v) => [`dubbo.force.tag=${v}`, (c: TagCase) => c.attachments["dubbo.force.tag"] === v])),
};

describe("generated tag cases", () => {
  const cases = generateTagCases(2000, 17);

  it("are the same for the same seed and index, and others for another seed", () => {
    expect(generateTagCases(50, 17)).toEqual(cases.slice(0, 50));
    expect(generateTagCase(17, 1234)).toEqual(cases[1234]);
    expect(generateTagCases(50, 18)).not.toEqual(cases.slice(0, 50));
  });

  it("reach every corner the brief names", () => {
    const missing = Object.entries(CORNERS)
      .filter(([, test]) => !cases.some(test))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it("never make Java do DNS: provider hosts are IP literals, no four-part name is a pattern", () => {
    for (const c of cases) {
      for (const p of c.providers) expect(host(p)).toMatch(/^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\]):\d+$/);
      for (const t of texts(c)) expect(t).not.toMatch(/[A-Za-z_][\w-]*\.[\w-]+\.[\w-]+\.[\w-]+/);
    }
  });

  it("read the seed from TAG_CASES_SEED, else make one", () => {
    expect(tagCasesSeed({ TAG_CASES_SEED: "42" })).toBe(42);
    expect(Number.isInteger(tagCasesSeed({}))).toBe(true);
  });
});

describe("the scenarios of docs/tag-routing.md §8", () => {
  for (const release of ["2.7", "3.x"] as const) {
    const scenarios = tagScenarios(release);

    it(`cover rows 1–48 once each for ${release}, on providers A–D, with unique names`, () => {
      const rows = scenarios.map((s) => /^#(\d+)/.exec(s.name)![1]!).map(Number);
      for (let n = 1; n <= 48; n++) expect(rows, `row ${n}`).toContain(n);
      expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
      for (const s of scenarios) {
        expect(s.case.providers).toHaveLength(4);
        expect(s.case.consumer).toContain(`release=${release === "2.7" ? "2.7.23" : "3.3.6"}`);
        expect(lettersOf(scenarioKept(s, release))).toBe(s.java?.[release] ?? s.doc[release]);
      }
    });
  }

  it("say which providers by letter", () => {
    expect(letters("A,C")).toEqual([0, 2]);
    expect(letters("∅")).toEqual([]);
    expect(() => letters("A,E")).toThrow(RangeError);
    expect(lettersOf([1, 3])).toBe("B,D");
  });

  it("tell where Java differs from the doc and why", () => {
    const corrected = tagScenarios("2.7").filter((s) => s.java !== undefined);
    expect(corrected.map((s) => s.name.split(" ")[0])).toEqual(["#44", "#44b"]);
    for (const s of corrected) expect(s.why).toMatch(/\w/);
  });
});
