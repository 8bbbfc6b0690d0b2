import type { RouteCase, RouteInvocation } from "./route-oracle";
import { type SeededRandom, seededRandom } from "./seeded-random";

/**
 * Generated condition-route cases for the differential test (the console's engine against
 * the Java route oracle). Deterministic: case `i` of seed `s` is always the same, and can be
 * made alone with {@link generateRouteCase}, so a failure reproduces from the two numbers
 * that {@link describeCase} prints.
 *
 * The cases aim at the corners of the semantics (../shared/reference/dubbo-protocol.md §6):
 * keys of the URL structure and parameters, missing keys, `arguments[N]`, `attachments[k]`,
 * `=` `!=` `,` `&`, repeated keys, globs, `$param`, ranges, blank/`true` when, blank/`false`
 * then, no `=>`, `consumer.`/`provider.` prefixes, tabs, newlines and no-break spaces,
 * malformed rules, generic calls (a null first argument too), odd provider parameters (the
 * ones each registry parser reads its own way: valueless, starting with '=', `timestamp=` and
 * `pid=` anywhere, `;`), provider URLs without parameters or port, consumer parameters that
 * override provider ones or choose the protocol, duplicate providers.
 * Values are drawn from one small world so that conditions often match.
 */

const SERVICES = ["com.foo.BarService", "io.dubboconsole.demo.api.GreetingService"];
const HOSTS = ["10.20.3.3", "10.20.3.4", "10.20.4.3", "127.0.0.1", "192.168.0.12"];
const PORTS = ["20880", "20881", "8080"];
const APPS = ["shop", "shop-api", "billing", "demo-consumer-27"];
const ENVS = ["prod", "test", "dev", "prod-eu"];
const ZONES = ["hz", "sh", "bj"];
const GROUPS = ["a", "b", "books"];
const VERSIONS = ["1.0.0", "2.0.0", "2.1.0"];
const METHODS = ["getFoo", "setFoo", "refund", "refundOrder", "greet"];
const WEIGHTS = ["1", "50", "100", "150", "abc", "-5"];
const ARGUMENTS = ["a", "b", "1", "80", "101", "hz", "getFoo"];

/** Keys a condition may test, with the world's values for each (empty: a key nothing carries). */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  host: HOSTS,
  address: HOSTS.flatMap((h) => PORTS.map((p) => `${h}:${p}`)),
  port: [...PORTS, "0"],
  protocol: ["dubbo", "tri", "rest", "consumer"],
  application: APPS,
  "remote.application": APPS,
  method: METHODS,
  methods: METHODS,
  path: SERVICES,
  interface: SERVICES,
  side: ["provider", "consumer"],
  category: ["providers", "consumers"],
  check: ["false", "true"],
  group: GROUPS,
  version: VERSIONS,
  env: ENVS,
  zone: ZONES,
  weight: WEIGHTS,
  timeout: ["1000", "3000"],
  timestamp: ["1700000000000", "17*"],
  pid: ["42"],
  serialization: ["fastjson", "hessian2"],
  username: ["admin"],
  canary: ["canary", ""],
  "default.zone": ZONES,
  mock: ["return null"],
  region: [],
  nokey: [],
  "arguments[0]": ARGUMENTS,
  "arguments[1]": ARGUMENTS,
  "arguments[3]": ARGUMENTS,
  arguments: ARGUMENTS,
  "arguments[0].inner": ARGUMENTS,
  "arguments[2147483648]": ARGUMENTS,
  "attachments[user_id]": ["80", "101", "1"],
  "attachments[zone]": ZONES,
  "attachments[]": ["x"],
  "attachments[a.b]": ["x"],
  "attachments[zone].x": ZONES,
  "attachments[a]b]": ["x"],
  cana: ["cana", ""],
  rax: ["2"],
  "ext.protocol": ["tri,rest", "REST"],
  "preferred.protocol": ["tri"],
  rule: ["rule", "x"],
  "consumer.host": HOSTS,
  "provider.env": ENVS,
  "consumer.application": APPS,
  true: ["x"],
  false: ["x"],
};
const KEY_NAMES = Object.keys(KEYS);

/** Rules Java refuses (or that look as if it should), each aimed at one separator rule of ConditionRouter.parseRule. */
const MALFORMED = [
  "host = ,a => host = 10.20.3.3",
  ", host = 10.20.3.3 => host = 10.20.3.4",
  "= 10.20.3.3 => host = 10.20.3.4",
  "!= 10.20.3.3 => host = 10.20.3.4",
  "host == 10.20.3.3 => host = 10.20.3.4",
  "host =! 10.20.3.3 => env = prod",
  "host = 10.20.3.3,,10.20.3.4 => env = prod",
  "=> ,env = prod",
  "=> env != , prod",
  "host &= 10.20.3.3 => env = prod",
  "host = 10.20.3.3 => env = prod & = test",
  "host = a => b = c => d = e",
  "host = a | b => env = prod",
  "host = a; b => env = prod",
  "host => env",
  "",
  "   ",
  "=>",
  " => ",
  "true",
  "false",
  "true => false",
  "false => true",
  "=> false",
  "true =>",
];

export function generateRouteCases(seed: number, count: number): RouteCase[] {
  return Array.from({ length: count }, (_, i) => generateRouteCase(seed, i));
}

/** Case `index` of `seed`, made on its own (the same case generateRouteCases gives at that index). */
export function generateRouteCase(seed: number, index: number): RouteCase {
  const r = seededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + index * 0x27d4eb2d);
  const service = r.pick(SERVICES);
  const providers = Array.from({ length: r.pick([0, 1, 2, 3, 3, 4, 5, 6, 8]) }, () => providerUrl(r, service));
  if (providers.length > 0 && r.chance(0.15)) providers.splice(r.int(providers.length + 1), 0, r.pick(providers));
  const consumer = consumerUrl(r, service);
  const call = invocation(r);
  const facts: Facts = { when: [urlFacts(consumer), callFacts(call)], then: providers.map(urlFacts) };
  return { rule: rule(r, facts), force: r.chance(0.4), enabled: !r.chance(0.06), consumer, invocation: call, providers };
}

/** ROUTE_CASES_SEED when set (to replay a failure), else a fresh seed. */
export function routeCasesSeed(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const given = env.ROUTE_CASES_SEED;
  if (given !== undefined && /^\d+$/.test(given)) return Number(given) >>> 0;
  return (Date.now() ^ (process.pid << 16)) >>> 0;
}

/** One line naming a case so that it can be replayed: seed, index, and the case itself. */
export function describeCase(seed: number, index: number, c: RouteCase): string {
  return `ROUTE_CASES_SEED=${seed} case #${index} (generateRouteCase(${seed}, ${index})): ${JSON.stringify(c)}`;
}

/** Values each side can see, so that conditions often hit: the consumer and its call for when, the providers for then. */
interface Facts {
  readonly when: readonly ReadonlyMap<string, string>[];
  readonly then: readonly ReadonlyMap<string, string>[];
}

function rule(r: SeededRandom, facts: Facts): string {
  if (r.chance(0.08)) return r.pick(MALFORMED);
  const then = side(r, "then", facts);
  if (r.chance(0.08)) return then;
  return `${side(r, "when", facts)}${r.pick([" => ", "=>", " =>", "=> ", "  =>  ", ...(r.chance(0.05) ? ["\t=>\n", "\u00a0=> "] : [])])}${then}`;
}

function side(r: SeededRandom, which: "when" | "then", facts: Facts): string {
  if (r.chance(which === "when" ? 0.2 : 0.1)) return "";
  if (r.chance(0.05)) return which === "when" ? "true" : "false";
  const present = [...new Set(facts[which].flatMap((f) => [...f.keys()]))];
  const keys: string[] = [];
  for (let n = r.pick([1, 1, 1, 2, 2, 3]); n > 0; n--) {
    keys.push(keys.length > 0 && r.chance(0.2) ? r.pick(keys) : present.length > 0 && r.chance(0.5) ? r.pick(present) : r.pick(KEY_NAMES));
  }
  return keys.map((k) => condition(r, k, which, facts)).join(r.pick([" & ", "&", " &", "& ", ...(r.chance(0.05) ? [" \t& ", "\n&"] : [])]));
}

function condition(r: SeededRandom, key: string, which: "when" | "then", facts: Facts): string {
  const op = r.chance(0.7) ? "=" : "!=";
  const values = Array.from({ length: 1 + (r.chance(0.3) ? r.int(3) : 0) }, () => value(r, key, which, facts));
  // Java's \s is ASCII only: a no-break space is part of a key or value.
  const gap = r.pick(["", " ", "  ", ...(r.chance(0.05) ? ["\t", "\n", "\u00a0"] : [])]);
  return `${key}${gap}${op}${r.pick(["", " "])}${values.join(r.pick([",", ", ", " ,"]))}`;
}

function value(r: SeededRandom, key: string, which: "when" | "then", facts: Facts): string {
  const seen = facts[which].flatMap((f) => (f.has(key) ? [f.get(key)!] : []));
  const known = seen.length > 0 && r.chance(0.7) ? seen : (KEYS[key] ?? []);
  const exact = known.length > 0 ? r.pick(known) : r.pick(["x", "prod"]);
  const roll = r.next();
  if (roll < 0.5) return exact;
  if (roll < 0.72) return glob(r, exact);
  if (roll < 0.84) return `$${r.pick(which === "then" ? ["host", "application", "env", "zone", "port", "protocol", "path", "interface", "side", "nokey", key] : ["host", key])}`;
  if (roll < 0.94) return r.pick(["1~100", "50~150", "~100", "100~", "~", "a~b", "0~0", "-10~10"]);
  return r.pick(["consumer.x", "provider.hz", "true", "false", "x*y*z", "**"]);
}

/** The keys a generated URL answers to, with their values (a valueless parameter: its name). */
function urlFacts(url: string): ReadonlyMap<string, string> {
  const m = /^([^:]+):\/\/(?:[^@/]*@)?([^:/]*)(?::(\d+))?\/([^?]*)(?:\?(.*))?$/.exec(url);
  const facts = new Map<string, string>();
  if (m === null) return facts;
  facts.set("protocol", m[1]!).set("host", m[2]!).set("port", m[3] ?? "0").set("address", m[3] ? `${m[2]}:${m[3]}` : m[2]!).set("path", m[4]!);
  for (const param of (m[5] ?? "").split("&").filter(Boolean)) {
    const eq = param.indexOf("=");
    facts.set(eq < 0 ? param : param.slice(0, eq), eq < 0 ? param : param.slice(eq + 1));
  }
  return facts;
}

/** The call's method, arguments and attachments under the keys conditions name them by. */
function callFacts(call: RouteInvocation | null): ReadonlyMap<string, string> {
  const facts = new Map<string, string>();
  if (call?.method !== undefined) facts.set("method", call.method).set("methods", call.method);
  call?.arguments?.forEach((a, i) => a !== null && facts.set(`arguments[${i}]`, a));
  for (const [k, v] of Object.entries(call?.attachments ?? {})) facts.set(`attachments[${k}]`, v);
  return facts;
}

/** `*`, `pre*`, `*suf`, `pre*suf` made from a real value, or the empty pattern. */
function glob(r: SeededRandom, exact: string): string {
  const cut = r.int(exact.length + 1);
  switch (r.int(5)) {
    case 0:
      return "*";
    case 1:
      return `${exact.slice(0, cut)}*`;
    case 2:
      return `*${exact.slice(cut)}`;
    case 3:
      return `${exact.slice(0, cut)}*${exact.slice(Math.min(exact.length, cut + 1))}`;
    default:
      return r.chance(0.5) ? "" : `${exact}x*`;
  }
}

function providerUrl(r: SeededRandom, service: string): string {
  const protocol = r.pick(["dubbo", "dubbo", "dubbo", "tri", "rest"]);
  const user = r.chance(0.03) ? "admin:secret@" : "";
  // An IPv6 address with a scope id: its last ':' is not a port.
  const host = r.chance(0.01) ? "fe80:0:0:0:894:aeec:f37d:23e1%en0" : r.pick(HOSTS);
  const port = r.chance(0.04) ? "" : `:${r.pick(PORTS)}`;
  const path = r.chance(0.04) ? "" : r.chance(0.02) ? `${service}#frag` : service;
  const body = `${protocol}://${user}${host}${port}/${path}`;
  // No parameters at all, or only those 3.3's registry strips (it then adds no check=false either).
  if (r.chance(0.03)) return body;
  if (r.chance(0.02)) return `${body}?timestamp=1700000000000${r.chance(0.5) ? "&pid=42" : ""}`;
  const params: string[] = [];
  const maybe = (p: number, param: string) => r.chance(p) && params.push(param);
  maybe(0.4, "anyhost=true");
  maybe(0.8, `application=${r.pick(APPS)}`);
  maybe(0.2, "category=providers");
  maybe(0.4, "dubbo=2.0.2");
  maybe(0.6, `env=${r.pick(ENVS)}`);
  maybe(0.3, `group=${r.pick(GROUPS)}`);
  maybe(0.7, `interface=${service}`);
  maybe(0.8, `methods=${[...new Set(r.some(METHODS, 1 + r.int(3)))].join(",")}`);
  maybe(0.3, `pid=${r.pick(["42", "1234"])}`);
  maybe(0.3, `release=${r.pick(["2.7.23", "3.3.6"])}`);
  maybe(0.2, `serialization=${r.pick(["fastjson", "hessian2"])}`);
  maybe(0.8, r.chance(0.03) ? "side=PROVIDER" : "side=provider");
  maybe(0.3, `timeout=${r.pick(["1000", "3000"])}`);
  maybe(0.5, `timestamp=${r.pick(["1700000000000", "1700000000123"])}`);
  maybe(0.4, `version=${r.pick(VERSIONS)}`);
  maybe(0.4, `weight=${r.pick(WEIGHTS)}`);
  maybe(0.5, `zone=${r.pick(ZONES)}`);
  // Odd parameters: valueless (names the encoded-name parser cuts short), empty, starting
  // with '=', default.-prefixed, '=' in a value, names and values that contain "pid=" or
  // "timestamp=" (3.3 strips the first of each, wherever it is), a second timestamp, a
  // duplicate, and those the directories treat specially.
  maybe(0.05, "canary");
  maybe(0.02, "ab");
  maybe(0.05, "empty=");
  maybe(0.02, "=x");
  maybe(0.05, `default.zone=${r.pick(ZONES)}`);
  maybe(0.04, "expr=a=b");
  maybe(0.04, "rapid=1");
  maybe(0.02, "note=pid=3");
  maybe(0.02, "xtimestamp=9");
  maybe(0.02, "timestamp=1700000000999");
  maybe(0.04, `env=${r.pick(ENVS)}`);
  maybe(0.04, "mock=return null");
  maybe(0.02, `${r.pick(METHODS)}.mock=${r.pick(["return null", "", "force:return 1"])}`);
  maybe(0.03, "preferred.protocol=tri");
  maybe(0.03, `ext.protocol=${r.pick(["tri,rest", "REST", "dubbo"])}`);
  maybe(0.03, "enabled=false");
  maybe(0.03, "threads=200");
  maybe(0.03, "tag=gray");
  maybe(0.02, "rule=x");
  // A ';' separates parameters too, but 3.3's stripping only stops at '&'.
  const joined = params.map((p, i) => (i === 0 ? p : `${r.chance(0.01) ? ";" : "&"}${p}`)).join("");
  return `${body}${params.length > 0 ? `?${joined}` : ""}`;
}

function consumerUrl(r: SeededRandom, service: string): string {
  const params: string[] = [];
  const maybe = (p: number, param: string) => r.chance(p) && params.push(param);
  maybe(0.9, `application=${r.pick(APPS)}`);
  maybe(0.5, "category=consumers");
  maybe(0.5, "check=false");
  maybe(0.3, "dubbo=2.0.2");
  maybe(0.5, `env=${r.pick(ENVS)}`);
  maybe(0.2, `group=${r.pick(GROUPS)}`);
  maybe(0.9, `interface=${service}`);
  maybe(0.6, `methods=${[...new Set(r.some(METHODS, 1 + r.int(3)))].join(",")}`);
  maybe(0.3, `pid=${r.pick(["7", "99"])}`);
  maybe(0.3, `release=${r.pick(["2.7.23", "3.3.6"])}`);
  maybe(0.8, "side=consumer");
  maybe(0.3, `timeout=${r.pick(["500", "3000"])}`);
  maybe(0.3, `timestamp=${r.pick(["1700000000999"])}`);
  maybe(0.2, `version=${r.pick(VERSIONS)}`);
  maybe(0.4, `zone=${r.pick(ZONES)}`);
  maybe(0.05, `protocol=${r.pick(["dubbo", "tri", "rest,dubbo", "tri,rest"])}`);
  maybe(0.05, "weight=150");
  maybe(0.03, "mock=true");
  maybe(0.02, `${r.pick(METHODS)}.mock=true`);
  maybe(0.03, "tag=gray");
  // 3.3 routes on the consumer's preferred.protocol and ext.protocol before the provider's.
  maybe(0.02, "preferred.protocol=rest");
  maybe(0.02, "ext.protocol=rest");
  // Logged with getParameterAndDecoded("rule") when a forced route comes out empty.
  maybe(0.03, `rule=${r.pick(["a%zz", "100%", "x%2Fy", "plain"])}`);
  // Odd parameters, as URL.valueOf reads them: empty, valueless, starting with '='.
  maybe(0.02, "empty=");
  maybe(0.02, "canary");
  maybe(0.01, "=x");
  const path = r.chance(0.05) ? "" : service;
  const joined = params.map((p, i) => (i === 0 ? p : `${r.chance(0.02) ? ";" : "&"}${p}`)).join("");
  return `consumer://${r.pick(HOSTS)}/${path}${params.length > 0 ? `?${joined}` : ""}`;
}

function invocation(r: SeededRandom): RouteInvocation | null {
  const roll = r.next();
  if (roll < 0.25) return null;
  if (roll < 0.3) return {};
  const args = r.chance(0.5) ? r.some([...ARGUMENTS, null], r.int(4)) : undefined;
  const attachments = r.chance(0.3) ? Object.fromEntries(r.some([["user_id", r.pick(["80", "101", "x"])], ["zone", r.pick(ZONES)], ["a.b", "x"]] as const, 1 + r.int(2))) : undefined;
  const generic = r.chance(0.15);
  const method = generic ? r.pick(["$invoke", "$invoke", "$invokeAsync"]) : r.chance(0.95) ? r.pick(METHODS) : undefined;
  return {
    ...(method === undefined ? {} : { method }),
    // A generic call's method is its first argument only when that is a String (not null).
    ...(generic && r.chance(0.9) ? { arguments: [r.chance(0.1) ? null : r.pick(METHODS), ...(args ?? [])] } : args === undefined ? {} : { arguments: args }),
    ...(attachments === undefined ? {} : { attachments }),
  };
}
