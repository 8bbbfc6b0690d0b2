import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { TagCase } from "@/lib/tag/tag-case";
import { type SeededRandom, seededRandom } from "./seeded-random";

/**
 * Tag-routing cases for the tag-router differential test (tag-differential.test.ts):
 * - {@link tagScenarios}: the 48 scenarios of docs/tag-routing.md §8 (and the three
 *   notification cases it lists after them) as named cases, each with the doc's expected
 *   providers per release and, where the real Java routers do otherwise, what they do;
 * - {@link generateTagCases}: random rule texts (every field in YAML's many spellings, broken
 *   ones too), provider lists, consumers and attachments, drawn from small pools so that
 *   rules, request tags and providers often meet. The same (seed, index) always gives the
 *   same case.
 * Provider hosts are IP literals and no address pattern is a four-part non-IP name: Java's
 * NetUtils.matchIpExpression would look such names up in DNS.
 */

const IFACE = "org.demo.Greeting";
const PROVIDER_APP = "greeting-app";

/** docs §8's providers, all on port 20880 with the provider application {@link PROVIDER_APP}. */
const A = provider("10.0.0.1", 20880, "&env=prod");
const B = provider("10.0.0.2", 20880, "&dubbo.tag=gray");
const C = provider("10.0.0.3", 20880, "&env=gray");
const D = provider("10.0.0.4", 20880, "&dubbo.tag=blue");
const SCENARIO_PROVIDERS = [A, B, C, D];
const LETTERS = "ABCD";

function provider(host: string, port: number, extra: string, app = PROVIDER_APP): string {
  return `dubbo://${host}:${port}/${IFACE}?anyhost=true&application=${app}&deprecated=false&dubbo=2.0.2&dynamic=true&generic=false&interface=${IFACE}&methods=sayHello,sayHi&pid=3131&release=3.3.6&service-name-mapping=true&side=provider&timestamp=1700000000000${extra}`;
}

function consumer(release: DubboRelease, extra = ""): string {
  const version = release === "2.7" ? "2.7.23" : "3.3.6";
  return `consumer://10.0.0.99/${IFACE}?application=shop&category=consumers&check=false&dubbo=2.0.2&interface=${IFACE}&methods=sayHello,sayHi&pid=4242&release=${version}&side=consumer&sticky=false&timestamp=1700000000001${extra}`;
}

/** A named scenario of docs/tag-routing.md §8. */
export interface TagScenario {
  /** `#6 R1, no tag`: the doc's row number and what it is about. */
  readonly name: string;
  readonly case: TagCase;
  /** The providers the doc expects kept, per release, as letters of A–D (`A,C`, `∅` for none). */
  readonly doc: Readonly<Record<DubboRelease, string>>;
  /**
   * What the real Java router keeps where it does not do what the doc says (same letters);
   * absent: Java agrees with the doc. Found by running the oracle.
   */
  readonly java?: Partial<Readonly<Record<DubboRelease, string>>>;
  /** Why Java does what `java` says. */
  readonly why?: string;
  /** Whether the router holds a rule after the notifications, per release (the doc's "rule rejected" is false). */
  readonly ruleLoaded: Readonly<Record<DubboRelease, boolean>>;
}

/** The providers a scenario's Java router keeps, as positions: the `java` correction if any, else the doc's. */
export function scenarioKept(s: TagScenario, release: DubboRelease): number[] {
  return letters(s.java?.[release] ?? s.doc[release]);
}

/** `A,C` → [0, 2]; `∅` → []. */
export function letters(text: string): number[] {
  if (text === "∅") return [];
  return text.split(",").map((l) => {
    const i = LETTERS.indexOf(l.trim());
    if (i < 0 || l.trim().length !== 1) throw new RangeError(`not a provider letter: ${JSON.stringify(l)} in ${JSON.stringify(text)}`);
    return i;
  });
}

/** Positions back to letters, for messages: [0, 2] → `A,C`. */
export function lettersOf(kept: readonly number[]): string {
  return kept.length === 0 ? "∅" : kept.map((i) => LETTERS[i] ?? `#${i}`).join(",");
}

/** R1 of the doc: gray → 10.0.0.1:20880, no configVersion. */
const R1_TAGS = 'tags:\n  - name: gray\n    addresses: ["10.0.0.1:20880"]\n';
const R1 = `force: false\nenabled: true\nruntime: true\nkey: ${PROVIDER_APP}\n${R1_TAGS}`;
const GRAY_TO = (address: string, head = "") => `${head}key: ${PROVIDER_APP}\ntags:\n  - name: gray\n    addresses: ["${address}"]\n`;
const V30 = (tags: string, version = "v3.0") => `configVersion: ${version}\nforce: false\nenabled: true\nkey: ${PROVIDER_APP}\ntags:\n${tags}`;
const GRAY_ENV_GRAY = "  - name: gray\n    match:\n      - key: env\n        value:\n          exact: gray\n";

interface Row {
  readonly n: string;
  readonly what: string;
  readonly rules: readonly (string | null)[];
  readonly tag?: string;
  readonly attachments?: Readonly<Record<string, string>>;
  readonly consumerExtra?: string;
  readonly doc: readonly [string, string];
  readonly java?: Partial<Readonly<Record<DubboRelease, string>>>;
  /** Why Java does what `java` says. */
  readonly why?: string;
  /** The router of this release (or both) holds no rule at the end: the doc says the text is refused, or it was deleted. */
  readonly noRule?: DubboRelease | "both";
}

const FT = { "dubbo.force.tag": "true" };

const ROWS: readonly Row[] = [
  { n: "1", what: "no rule, no tag: static only", rules: [], doc: ["A,C", "A,C"] },
  { n: "2", what: "no rule, tag=gray", rules: [], tag: "gray", doc: ["B", "B"] },
  { n: "3", what: "no rule, tag=red: untagged fallback", rules: [], tag: "red", doc: ["A,C", "A,C"] },
  { n: "4", what: "no rule, tag=red, force.tag", rules: [], tag: "red", attachments: FT, doc: ["∅", "∅"] },
  { n: "5", what: "R1, tag=gray: dynamic beats static", rules: [R1], tag: "gray", doc: ["A", "A"] },
  { n: "6", what: "R1, no tag: D's tag is not a rule tag name (2.7)", rules: [R1], doc: ["C,D", "C"] },
  { n: "7", what: "R1, tag=blue: not in the rule, static", rules: [R1], tag: "blue", doc: ["D", "D"] },
  { n: "8", what: "R1, tag=red: failover excludes A and tagged B, D", rules: [R1], tag: "red", doc: ["C", "C"] },
  { n: "9", what: "gray→10.0.0.9:20880, force=false, tag=gray: failover, static B not used", rules: [GRAY_TO("10.0.0.9:20880", "force: false\n")], tag: "gray", doc: ["A,C", "A,C"] },
  { n: "10", what: "as #9 with force=true", rules: [GRAY_TO("10.0.0.9:20880", "force: true\n")], tag: "gray", doc: ["∅", "∅"] },
  { n: "11", what: "as #9, tag=gray with force.tag", rules: [GRAY_TO("10.0.0.9:20880", "force: false\n")], tag: "gray", attachments: FT, doc: ["∅", "∅"] },
  { n: "12", what: "R1 with enabled: false: static path", rules: [`enabled: false\n${R1_TAGS}`], tag: "gray", doc: ["B", "B"] },
  { n: "13", what: "R1 with valid: false: static path", rules: [`valid: false\n${R1_TAGS}`], tag: "gray", doc: ["B", "B"] },
  { n: "14", what: "tags: [] (invalid), no tag: static", rules: ["force: true\ntags: []\n"], doc: ["A,C", "A,C"] },
  { n: "15", what: 'gray→["*"], no tag: every address tagged', rules: [GRAY_TO("*")], doc: ["∅", "∅"] },
  { n: "16", what: 'gray→["*"], tag=gray', rules: [GRAY_TO("*")], tag: "gray", doc: ["A,B,C,D", "A,B,C,D"] },
  { n: "17", what: "gray→0.0.0.0:20880 (anyhost:port)", rules: [GRAY_TO("0.0.0.0:20880")], tag: "gray", doc: ["A,B,C,D", "A,B,C,D"] },
  { n: "18", what: "gray→0.0.0.0:20881: no match, failover", rules: [GRAY_TO("0.0.0.0:20881")], tag: "gray", doc: ["A,C", "A,C"] },
  { n: "19", what: "gray→10.0.0.1 (no port): any port", rules: [GRAY_TO("10.0.0.1")], tag: "gray", doc: ["A", "A"] },
  { n: "20", what: "gray→10.0.0.1:20881: port mismatch, failover", rules: [GRAY_TO("10.0.0.1:20881")], tag: "gray", doc: ["A,C", "A,C"] },
  { n: "21", what: "gray→10.0.0.0/30: CIDR, port ignored", rules: [GRAY_TO("10.0.0.0/30")], tag: "gray", doc: ["A,B,C", "A,B,C"] },
  { n: "22", what: "gray→10.0.0.1-2:20880: range", rules: [GRAY_TO("10.0.0.1-2:20880")], tag: "gray", doc: ["A,B", "A,B"] },
  { n: "23", what: "gray→provider-a.local:20880: a host name never matches, failover", rules: [GRAY_TO("provider-a.local:20880")], tag: "gray", doc: ["A,C", "A,C"] },
  { n: "24", what: "v3.0, gray match env exact gray, tag=gray", rules: [V30(GRAY_ENV_GRAY)], tag: "gray", doc: ["B", "C"] },
  { n: "25", what: "as #24, no tag", rules: [V30(GRAY_ENV_GRAY)], doc: ["A,C,D", "A"] },
  { n: "26", what: "as #24 without configVersion: match ignored", rules: [`force: false\nkey: ${PROVIDER_APP}\ntags:\n${GRAY_ENV_GRAY}`], tag: "gray", doc: ["B", "B"] },
  { n: "27a", what: "as #24 with configVersion V3.0", rules: [V30(GRAY_ENV_GRAY, "V3.0")], tag: "gray", doc: ["B", "B"] },
  { n: "27b", what: "as #24 with configVersion v3.1", rules: [V30(GRAY_ENV_GRAY, "v3.1")], tag: "gray", doc: ["B", "B"] },
  { n: "28", what: "v3.0, gray match env exact nope: empty set not stored, static", rules: [V30("  - name: gray\n    match:\n      - key: env\n        value:\n          exact: nope\n")], tag: "gray", doc: ["B", "B"] },
  { n: "29", what: "v3.0, gray with addresses [A] and match env=gray: addresses win", rules: [V30('  - name: gray\n    addresses: ["10.0.0.1:20880"]\n    match:\n      - key: env\n        value:\n          exact: gray\n')], tag: "gray", doc: ["A", "A"] },
  { n: "30", what: "v3.0, gray match: [] matches every provider", rules: [V30("  - name: gray\n    match: []\n")], tag: "gray", doc: ["B", "A,B,C,D"] },
  { n: "31", what: "as #30, no tag", rules: [V30("  - name: gray\n    match: []\n")], doc: ["A,C,D", "∅"] },
  { n: "32", what: "v3.0, gray match env regex gr.* (full match)", rules: [V30('  - name: gray\n    match:\n      - key: env\n        value:\n          regex: "gr.*"\n')], tag: "gray", doc: ["B", "C"] },
  {
    n: "33",
    what: "v3.0, gray match env prefix gr AND application exact the provider app",
    rules: [V30(`  - name: gray\n    match:\n      - key: env\n        value:\n          prefix: gr\n      - key: application\n        value:\n          exact: ${PROVIDER_APP}\n`)],
    tag: "gray",
    doc: ["B", "C"],
  },
  { n: "34", what: 'v3.0, gray match zone empty "" (no provider has zone)', rules: [V30('  - name: gray\n    match:\n      - key: zone\n        value:\n          empty: ""\n')], tag: "gray", doc: ["B", "A,B,C,D"] },
  { n: "35", what: "v3.0, gray match with a scalar value: nothing matches, static", rules: [V30("  - name: gray\n    match:\n      - key: env\n        value: gray\n")], tag: "gray", doc: ["B", "B"] },
  { n: "36", what: "v3.0, gray with neither addresses nor match (3.3: NPE in init, rule refused)", rules: [V30("  - name: gray\n")], tag: "gray", doc: ["B", "B"], noRule: "3.x" },
  { n: "37", what: 'force: "true" (quoted), gray→10.0.0.9:20880 (2.7: refused)', rules: [GRAY_TO("10.0.0.9:20880", 'force: "true"\n')], tag: "gray", doc: ["B", "∅"], noRule: "2.7" },
  { n: "38", what: "beta→[A], tag=beta|team1: 3.3 falls back by level", rules: [`key: ${PROVIDER_APP}\ntags:\n  - name: beta\n    addresses: ["10.0.0.1:20880"]\n`], tag: "beta|team1", doc: ["C", "A"] },
  { n: "39", what: "as #38 with force.tag: no level fallback", rules: [`key: ${PROVIDER_APP}\ntags:\n  - name: beta\n    addresses: ["10.0.0.1:20880"]\n`], tag: "beta|team1", attachments: FT, doc: ["∅", "∅"] },
  { n: "40", what: "duplicate names gray→[A], gray→[B], tag=gray: last wins", rules: [`key: ${PROVIDER_APP}\ntags:\n  - name: gray\n    addresses: ["10.0.0.1:20880"]\n  - name: gray\n    addresses: ["10.0.0.2:20880"]\n`], tag: "gray", doc: ["B", "B"] },
  { n: "41", what: "as #40, no tag", rules: [`key: ${PROVIDER_APP}\ntags:\n  - name: gray\n    addresses: ["10.0.0.1:20880"]\n  - name: gray\n    addresses: ["10.0.0.2:20880"]\n`], doc: ["C,D", "A,C"] },
  { n: "42", what: 'R1, attachment dubbo.tag="" and consumer dubbo.tag=gray: empty attachment does not clear', rules: [R1], attachments: { "dubbo.tag": "" }, consumerExtra: "&dubbo.tag=gray", doc: ["A", "A"] },
  { n: "43", what: "R1, attachment gray, consumer dubbo.tag=blue: attachment wins", rules: [R1], tag: "gray", consumerExtra: "&dubbo.tag=blue", doc: ["A", "A"] },
  {
    n: "44",
    what: "no rule, consumer dubbo.force.tag=true, tag=red",
    rules: [],
    tag: "red",
    consumerExtra: "&dubbo.force.tag=true",
    doc: ["∅", "∅"],
    java: { "2.7": "A,C" },
    why: "2.7.23 RpcInvocation.getAttachment(key, default) answers null, not the default, for a key missing from a non-null attachment map (a real call always has one), so the router URL's dubbo.force.tag is read only when the attachment is present and empty (#44c)",
  },
  { n: "44b", what: "no rule, no attachment, consumer dubbo.tag=red and dubbo.force.tag=true (§3)", rules: [], consumerExtra: "&dubbo.tag=red&dubbo.force.tag=true", doc: ["∅", "∅"], java: { "2.7": "A,C" }, why: "as #44" },
  { n: "44c", what: 'no rule, tag=red, attachment dubbo.force.tag="", consumer dubbo.force.tag=true (§3)', rules: [], tag: "red", attachments: { "dubbo.force.tag": "" }, consumerExtra: "&dubbo.force.tag=true", doc: ["∅", "∅"] },
  { n: "45", what: "no rule, tag=red, dubbo.force.tag=yes (not true)", rules: [], tag: "red", attachments: { "dubbo.force.tag": "yes" }, doc: ["A,C", "A,C"] },
  { n: "46", what: "R1 with runtime: false, priority: 5: no effect", rules: [`runtime: false\npriority: 5\n${R1_TAGS}`], tag: "gray", doc: ["A", "A"] },
  { n: "47", what: "name: 123 with addresses [A], tag=123 (3.3: refused)", rules: [`key: ${PROVIDER_APP}\ntags:\n  - name: 123\n    addresses: ["10.0.0.1:20880"]\n`], tag: "123", doc: ["A", "A,C"], noRule: "3.x" },
  { n: "48", what: "configVersion: 3.0 unquoted with R1's tags (3.3: refused)", rules: [`configVersion: 3.0\n${R1_TAGS}`], tag: "gray", doc: ["A", "B"], noRule: "3.x" },
  { n: "49", what: "R1, then broken YAML: both keep R1", rules: [R1, "tags: [name: gray"], tag: "gray", doc: ["A", "A"] },
  { n: "50", what: "R1, then DELETED: static path", rules: [R1, null], tag: "gray", doc: ["B", "B"], noRule: "both" },
  { n: "51", what: "R1, then #48's text: 3.3 keeps R1", rules: [R1, `configVersion: 3.0\n${R1_TAGS}`], tag: "gray", doc: ["A", "A"] },
];

/** docs §8's scenarios (and its three notification cases, #49–#51) for a consumer of `release`. */
export function tagScenarios(release: DubboRelease): TagScenario[] {
  return ROWS.map((row) => {
    const attachments: Record<string, string> = { ...(row.tag === undefined ? {} : { "dubbo.tag": row.tag }), ...row.attachments };
    const loaded = (r: DubboRelease) => row.rules.length > 0 && row.noRule !== r && row.noRule !== "both";
    return {
      name: `#${row.n} ${row.what}`,
      case: { rules: row.rules, consumer: consumer(release, row.consumerExtra), providers: SCENARIO_PROVIDERS, attachments },
      doc: { "2.7": row.doc[0], "3.x": row.doc[1] },
      ...(row.java === undefined ? {} : { java: row.java, why: row.why ?? "" }),
      ruleLoaded: { "2.7": loaded("2.7"), "3.x": loaded("3.x") },
    };
  });
}

/** The case seed: TAG_CASES_SEED when given, else a fresh one (printed by the test). */
export function tagCasesSeed(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const given = env.TAG_CASES_SEED;
  if (given !== undefined && /^\d+$/.test(given)) return Number(given) >>> 0;
  return (Date.now() ^ (process.pid << 16)) >>> 0;
}

export function generateTagCases(count: number, seed: number): TagCase[] {
  return Array.from({ length: count }, (_, i) => generateTagCase(seed, i));
}

/** Names rules give their tags and requests ask for: levels (`a|b`), numbers, a space. */
const TAG_NAMES = ["gray", "blue", "beta", "beta|team1", "a|b", "a", "red", "123"];
const REQUEST_TAGS = ["gray", "blue", "red", "beta", "beta|team1", "beta|team1|p1", "a|b|c", "a|b", "a", "123", "beta|", "|beta", " gray"];
const HOSTS = ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5", "192.168.1.7"];
const IPV6_HOSTS = ["[::1]", "[2001:db8::5]"];
const PORTS = [20880, 20881];
/** Address patterns: literals, ports, CIDR, ranges, wildcards, anyhost, and names without four dot-separated parts. */
const ADDRESSES = [
  "10.0.0.1",
  "10.0.0.2",
  "10.0.0.1:20880",
  "10.0.0.2:20880",
  "10.0.0.3:20881",
  "10.0.0.4:20881",
  "10.0.0.5:20880",
  "10.0.0.9:20880",
  "192.168.1.7",
  "10.0.0.0/30",
  "10.0.0.0/24",
  "192.168.0.0/16",
  "10.0.0.1-3",
  "10.0.0.2-4:20880",
  "10.0.0.*",
  "10.0.*.*:20881",
  "*",
  "*.*.*.*",
  "0.0.0.0:20880",
  "0.0.0.0:20881",
  "0.0.0.0",
  "localhost",
  "provider-a",
  "gray.local:20880",
  "[::1]:20880",
  "[::1]",
  "::1",
  "[2001:db8::5]:20881",
  "2001:db8::*",
  "10.0.0.1:*",
  " 10.0.0.1",
];
const MATCH_KEYS = ["env", "zone", "version", "application", "group", "side", "dubbo.tag", "env", "env"];
const MATCH_VALUES: Readonly<Record<string, readonly string[]>> = {
  env: ["gray", "prod", "canary", "gr", ""],
  zone: ["z1", "z2", "z"],
  version: ["1.0.0", "2.0.0", "1."],
  application: [PROVIDER_APP, "other-app", "greeting"],
  group: ["g1", "g"],
  side: ["provider", "consumer"],
  "dubbo.tag": ["gray", "blue", "g"],
};
const REGEXES = ["gr.*", "pro.*", "g[a-z]+y", "1\\.0\\..*", ".*", "z[0-9]", "(gray|blue)", "prod|canary"];

export function generateTagCase(seed: number, index: number): TagCase {
  const r = seededRandom((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const providers = Array.from({ length: 1 + r.int(8) }, () => randomProvider(r));
  const rules = r.chance(0.1) ? [] : Array.from({ length: 1 + r.int(3) }, (_, i) => (i > 0 && r.chance(0.15) ? null : ruleText(r)));
  return { rules, consumer: randomConsumer(r), providers, attachments: randomAttachments(r) };
}

function randomProvider(r: SeededRandom): string {
  const host = r.chance(0.05) ? r.pick(IPV6_HOSTS) : r.pick(HOSTS);
  const port = r.pick(PORTS);
  let extra = "";
  if (r.chance(0.3)) extra += `&dubbo.tag=${r.pick(["gray", "blue", "beta", "beta|team1", "a", "123", ""])}`;
  if (r.chance(0.5)) extra += `&env=${r.pick(["prod", "gray", "canary", ""])}`;
  if (r.chance(0.3)) extra += `&zone=${r.pick(["z1", "z2"])}`;
  if (r.chance(0.25)) extra += `&version=${r.pick(["1.0.0", "2.0.0"])}`;
  if (r.chance(0.15)) extra += "&group=g1";
  if (r.chance(0.1)) extra += "&dubbo.force.tag=true";
  return provider(host, port, extra, r.chance(0.1) ? "other-app" : PROVIDER_APP);
}

function randomConsumer(r: SeededRandom): string {
  let extra = "";
  if (r.chance(0.2)) extra += `&dubbo.tag=${r.pick(["gray", "blue", "beta|team1", "red", ""])}`;
  if (r.chance(0.15)) extra += `&dubbo.force.tag=${r.pick(["true", "false", "TRUE"])}`;
  if (r.chance(0.1)) extra += `&env=${r.pick(["gray", "prod"])}`;
  if (r.chance(0.1)) extra += "&version=1.0.0";
  return consumer(r.chance(0.5) ? "2.7" : "3.x", extra);
}

function randomAttachments(r: SeededRandom): Record<string, string> {
  const out: Record<string, string> = {};
  if (r.chance(0.65)) out["dubbo.tag"] = r.chance(0.1) ? "" : r.pick(REQUEST_TAGS);
  if (r.chance(0.35)) out["dubbo.force.tag"] = r.pick(["true", "TRUE", "yes", "false", "True"]);
  if (r.chance(0.1)) out.timeout = "3000";
  return out;
}

/** One config-center text of `{application}.tag-router`: mostly a rule map, sometimes broken. */
function ruleText(r: SeededRandom): string {
  if (r.chance(0.03)) return r.pick(["tags: [name: gray", "tags:\n  - name: gray\n   addresses: [10.0.0.1]\n", "force: true\ntags:\n- name: gray\n  addresses: ['10.0.0.1'", ": : :", "tags: {name: gray, addresses: [\"10.0.0.1\"]"]);
  if (r.chance(0.02)) return r.pick(["", "   \n", "# only a comment\n"]);
  if (r.chance(0.02)) return r.pick(['- name: gray\n  addresses: ["10.0.0.1"]\n', "gray", "42", "[]"]);
  const lines: string[] = [];
  const head: (() => void)[] = [
    () => maybe(r, 0.7, () => lines.push(`configVersion: ${r.pick(["v3.0", "v3.0", "v3.0", "v3.0.1", "V3.0", "v3.1", "3.0", '"v3.0"', "v2.7"])}`)),
    () => maybe(r, 0.6, () => lines.push(`force: ${booleanValue(r)}`)),
    () => maybe(r, 0.5, () => lines.push(`enabled: ${r.chance(0.8) ? "true" : booleanValue(r)}`)),
    () => maybe(r, 0.1, () => lines.push(`valid: ${booleanValue(r)}`)),
    () => maybe(r, 0.4, () => lines.push(`runtime: ${booleanValue(r)}`)),
    () => maybe(r, 0.3, () => lines.push(`priority: ${r.pick(["0", "1", "5", "-1", '"3"', "1.5", "x"])}`)),
    () => maybe(r, 0.6, () => lines.push(`key: ${r.pick([PROVIDER_APP, PROVIDER_APP, "other-app", "123"])}`)),
    () => maybe(r, 0.15, () => lines.push(`scope: ${r.pick(["application", "service"])}`)),
    () => maybe(r, 0.05, () => lines.push(`dynamic: ${booleanValue(r)}`)),
  ];
  for (const add of shuffled(r, head)) add();
  const tags = tagsLines(r);
  if (r.chance(0.5)) lines.push(...tags);
  else lines.unshift(...tags);
  return `${lines.join("\n")}\n`;
}

function maybe(r: SeededRandom, p: number, then: () => void): void {
  if (r.chance(p)) then();
}

function shuffled<T>(r: SeededRandom, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** YAML's booleans and what looks like one: quoted strings, YAML 1.1 words, numbers, null. */
function booleanValue(r: SeededRandom): string {
  if (r.chance(0.6)) return r.pick(["true", "false"]);
  return r.pick(['"true"', '"false"', "'TRUE'", "True", "FALSE", "yes", "no", "on", "1", "0", "1.0", "null", '""']);
}

function tagsLines(r: SeededRandom): string[] {
  const roll = r.next();
  if (roll < 0.04) return [];
  if (roll < 0.08) return ["tags: []"];
  if (roll < 0.1) return [`tags: ${r.pick(["gray", "null", "~", "{}"])}`];
  const out = ["tags:"];
  const count = 1 + r.int(4);
  for (let i = 0; i < count; i++) {
    if (r.chance(0.02)) {
      out.push(`  - ${r.pick(["gray", "null", "[]", "123"])}`);
      continue;
    }
    out.push(...tagLines(r));
  }
  return out;
}

/** One tag in block style (sometimes flow style): a name, addresses, match, in any order. */
function tagLines(r: SeededRandom): string[] {
  const parts: string[][] = [];
  if (r.chance(0.96)) parts.push([`name: ${tagName(r)}`]);
  const addresses = addressesLines(r);
  if (addresses.length > 0) parts.push(addresses);
  const match = matchLines(r);
  if (match.length > 0) parts.push(match);
  if (parts.length === 0) parts.push(["name: gray"]);
  const body = shuffled(r, parts).flat();
  return body.map((line, i) => `${i === 0 ? "  - " : "    "}${line}`);
}

function tagName(r: SeededRandom): string {
  const name = r.pick(TAG_NAMES);
  if (name === "123") return r.pick(["123", '"123"']);
  if (name.includes("|")) return r.chance(0.5) ? `"${name}"` : name;
  return r.chance(0.2) ? `'${name}'` : name;
}

function addressesLines(r: SeededRandom): string[] {
  const roll = r.next();
  if (roll < 0.3) return [];
  if (roll < 0.35) return ["addresses: []"];
  if (roll < 0.39) return [r.pick(["addresses:", "addresses: null", "addresses: ~"])];
  if (roll < 0.43) return [`addresses: ${r.pick(['"10.0.0.1:20880"', "10.0.0.1", '"*"'])}`];
  // A YAML null among them now and then (2.7.23 refuses the rule, 3.3 reads "null").
  const list = Array.from({ length: 1 + r.int(3) }, () => (r.chance(0.03) ? null : r.pick(ADDRESSES)));
  const item = (a: string | null, plain: boolean) => (a === null ? r.pick(["~", "null"]) : plain ? a : `"${a}"`);
  if (r.chance(0.6)) return [`addresses: [${list.map((a) => item(a, false)).join(", ")}]`];
  // Block style; plain scalars where YAML reads them as strings.
  return ["addresses:", ...list.map((a) => `  - ${item(a, a !== null && /^[0-9]/.test(a) && !a.includes("::") && r.chance(0.5))}`)];
}

function matchLines(r: SeededRandom): string[] {
  const roll = r.next();
  if (roll < 0.45) return [];
  if (roll < 0.5) return ["match: []"];
  if (roll < 0.52) return [r.pick(["match:", "match: gray", "match: {key: env}"])];
  const out = ["match:"];
  for (let i = 0, n = 1 + r.int(2); i < n; i++) out.push(...paramMatch(r));
  return out;
}

/** One ParamMatch: `key` and a StringMatch `value` (one field, two, a scalar, or none). */
function paramMatch(r: SeededRandom): string[] {
  const key = r.pick(MATCH_KEYS);
  const keyLine = r.chance(0.02) ? "  - value:" : `  - key: ${key}`;
  const out = [keyLine];
  if (keyLine === "  - value:") {
    out.push(`      exact: ${r.pick(MATCH_VALUES.env!)}`);
    return out;
  }
  const roll = r.next();
  if (roll < 0.05) return [...out, `    value: ${r.pick(["gray", "null", '""'])}`];
  if (roll < 0.08) return out;
  out.push("    value:");
  const fields = shuffled(r, ["exact", "prefix", "regex", "wildcard", "empty", "noempty"]).slice(0, r.chance(0.85) ? 1 : 2);
  for (const field of fields) out.push(`      ${field}: ${stringMatchValue(r, field, key)}`);
  return out;
}

function stringMatchValue(r: SeededRandom, field: string, key: string): string {
  const values = MATCH_VALUES[key] ?? ["x"];
  switch (field) {
    case "regex":
      return `"${r.pick(REGEXES).replaceAll("\\", "\\\\")}"`;
    case "wildcard":
      return r.chance(0.7) ? '"*"' : r.pick(values) || '""';
    case "empty":
    case "noempty":
      return r.pick(['""', "x", "true", ""]);
    default: {
      const v = r.pick(values);
      return v === "" ? '""' : r.chance(0.2) ? `"${v}"` : v;
    }
  }
}
