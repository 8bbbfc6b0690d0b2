import type { DubboRelease } from "../dubbo/dubbo-release";
import { isMap } from "../dubbo/rules/rule-yaml-fields";
import { JavaDouble, javaStringOf, loadSnakeYaml } from "../dubbo/rules/snake-yaml";
import type { StringMatch } from "../override/condition-match";

/**
 * A `{provider application}.tag-router` rule as each Dubbo release reads it: 2.7.23
 * `TagRuleParser` (SnakeYAML, then `PojoUtils.mapToPojo` onto TagRouterRule's fields) and
 * 3.3 `TagRuleParser` (`TagRouterRule.parseFromMap`, `Tag.parseFromMap`). What Java refuses
 * throws {@link TagRuleError}; the router then keeps the rule it had.
 *
 * Where the two differ (docs/tag-routing.md §7): 2.7 has no `match` and no `configVersion`
 * (ignored keys), sets booleans and `priority` only from YAML booleans and ints (`"true"`
 * quoted refuses the rule), turns numbers into strings for `name`, `key` and `scope`, and
 * honours keys named like TagRouterRule's private fields (`tagnameToAddresses`). 3.3 reads
 * booleans with `Boolean.parseBoolean(value.toString())`, casts `name`, `key`, `scope` and
 * `configVersion` to String (a number refuses the rule), and reads `match` only when
 * `configVersion` starts with `v3.0`.
 */

/** One `tags[]` entry. */
export interface TagDefinition {
  /** Null when the YAML has no (or, in 2.7, an unconvertible) name. */
  readonly name: string | null;
  /** Null when absent or not a list; an entry null where 2.7 could not make it a String. */
  readonly addresses: readonly (string | null)[] | null;
  /** 3.3 with configVersion v3.0* only; null otherwise. */
  readonly match: readonly TagParamMatch[] | null;
}

/** A `match` entry: `ParamMatch` (`value` null when it was not a map). */
export interface TagParamMatch {
  readonly key: string | null;
  readonly value: StringMatch | null;
}

export interface TagRule {
  readonly release: DubboRelease;
  readonly raw: string;
  readonly force: boolean;
  readonly enabled: boolean;
  /** False when `tags` is missing or empty, or the YAML said so. */
  readonly valid: boolean;
  readonly runtime: boolean;
  readonly priority: number;
  readonly key: string | null;
  readonly scope: string | null;
  /** 3.3 only (2.7 has no such field). */
  readonly configVersion: string | null;
  readonly tags: readonly TagDefinition[] | null;
  /**
   * 2.7: a YAML `tagnameToAddresses` map set the field before `init` added to it
   * (undefined: not given; null: given but not a map, so `init` or the route throws).
   */
  readonly injectedTagAddresses?: ReadonlyMap<string, readonly (string | null)[] | null> | null;
  /** 2.7: a YAML `addressToTagnames` that was not a map (the field is then null, and `init` throws on any tag with addresses). */
  readonly addressToTagnamesNull?: boolean;
}

/** Why Java refuses a rule text (it logs this and keeps its previous rule). */
export class TagRuleError extends Error {
  override readonly name = "TagRuleError";
  constructor(
    message: string,
    /** The YAML line (1-based) of a syntax fault, when known. */
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

const INT_MIN = -2147483648n;
const INT_MAX = 2147483647n;
const LONG_MIN = -9223372036854775808n;
const LONG_MAX = 9223372036854775807n;

/** Parses `text` as `release`'s TagRuleParser does. Throws TagRuleError where Java throws. */
export function parseTagRule(text: string, release: DubboRelease): TagRule {
  const loaded = loadSnakeYaml(text);
  if (!loaded.ok) throw new TagRuleError(`the YAML does not load: ${loaded.message}`, loaded.line);
  const root = loaded.value;
  if (root === null || root === undefined) throw new TagRuleError("the rule is empty (Java: NullPointerException)");
  if (!isMap(root)) throw new TagRuleError(`the rule must be a map of fields, not ${kind(root)} (Java: ClassCastException)`);
  return release === "2.7" ? parse27(root, text) : parse33(root, text);
}

function kind(v: unknown): string {
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return "a string";
  return "a scalar";
}

// ---- 2.7.23: PojoUtils.mapToPojo -------------------------------------------------------

/** A boolean field set from the raw YAML object (Field.set): only a YAML boolean fits. */
function bool27(map: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = map[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v === "boolean") return v;
  throw new TagRuleError(`${name}: ${JSON.stringify(javaStringOf(v))} is not a YAML boolean; Dubbo 2.7 refuses the rule (IllegalArgumentException)`);
}

/** The int field `priority`: only a YAML integer that SnakeYAML makes an Integer fits. */
function int27(map: Record<string, unknown>, name: string): number {
  const v = map[name];
  if (v === undefined || v === null) return 0;
  if (typeof v === "bigint" && v >= INT_MIN && v <= INT_MAX) return Number(v);
  throw new TagRuleError(`${name}: ${JSON.stringify(javaStringOf(v))} is not an int; Dubbo 2.7 refuses the rule (IllegalArgumentException)`);
}

/**
 * convertClassType to String: a String as is; Integer, Long, Double, Boolean by toString;
 * anything else (a BigInteger, a list, a date) null. A map would be made a String bean,
 * which Java cannot build on a modern JDK: refused.
 */
function string27(v: unknown, what: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return String(v);
  if (typeof v === "bigint") return v >= LONG_MIN && v <= LONG_MAX ? v.toString() : null;
  if (v instanceof JavaDouble) return javaStringOf(v);
  if (isMap(v)) throw new TagRuleError(`${what}: a map where a string belongs; Dubbo 2.7 refuses the rule`);
  return null;
}

/** A `List<String>` field: a list, each element converted (a null element throws); anything else null. */
function stringList27(v: unknown, what: string): (string | null)[] | null {
  if (!Array.isArray(v)) return null;
  return v.map((e, i) => {
    if (e === null || e === undefined) throw new TagRuleError(`${what}[${i}] is null (Java: NullPointerException)`);
    return string27(e, `${what}[${i}]`);
  });
}

function parse27(map: Record<string, unknown>, raw: string): TagRule {
  string27(map.rawRule, "rawRule");
  const scope = string27(map.scope, "scope");
  const key = string27(map.key, "key");
  let tags: TagDefinition[] | null = null;
  if (Array.isArray(map.tags)) {
    tags = map.tags.map((t, i) => {
      if (t === null || t === undefined) throw new TagRuleError(`tags[${i}] is null (Java: NullPointerException)`);
      if (!isMap(t)) return null as unknown as TagDefinition;
      return { name: t.name === null || t.name === undefined ? null : string27(t.name, `tags[${i}].name`), addresses: t.addresses === null || t.addresses === undefined ? null : stringList27(t.addresses, `tags[${i}].addresses`), match: null };
    });
  }
  let injected: Map<string, (string | null)[] | null> | null | undefined;
  if (map.tagnameToAddresses !== undefined && map.tagnameToAddresses !== null) {
    if (!isMap(map.tagnameToAddresses)) injected = null;
    else {
      injected = new Map();
      for (const [k, v] of Object.entries(map.tagnameToAddresses)) injected.set(k, v === null || v === undefined ? null : stringList27(v, `tagnameToAddresses.${k}`));
    }
  }
  bool27(map, "dynamic", false);
  const a2t = map.addressToTagnames;
  const addressToTagnamesNull = a2t !== undefined && a2t !== null && !isMap(a2t);
  const rule: TagRule = {
    release: "2.7",
    raw,
    force: bool27(map, "force", false),
    enabled: bool27(map, "enabled", true),
    valid: bool27(map, "valid", true) && tags !== null && tags.length > 0,
    runtime: bool27(map, "runtime", true),
    priority: int27(map, "priority"),
    key,
    scope,
    configVersion: null,
    tags,
    ...(injected !== undefined ? { injectedTagAddresses: injected } : {}),
    ...(addressToTagnamesNull ? { addressToTagnamesNull } : {}),
  };
  if (rule.valid && tags!.some((t) => t === null)) throw new TagRuleError("a tags entry is not a map (Java: NullPointerException in init)");
  return rule;
}

// ---- 3.3: parseFromMap ------------------------------------------------------------------

/** `(String) map.get(name)`: a non-string value refuses the rule. */
function castString(v: unknown, what: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return v;
  throw new TagRuleError(`${what}: ${JSON.stringify(javaStringOf(v))} is not a string; Dubbo 3 refuses the rule (ClassCastException)`);
}

function bool33(map: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = map[name];
  if (v === undefined || v === null) return fallback;
  return javaStringOf(v).toLowerCase() === "true";
}

function int33(map: Record<string, unknown>, name: string): number {
  const v = map[name];
  if (v === undefined || v === null) return 0;
  const s = javaStringOf(v);
  if (/^[+-]?\d+$/.test(s)) {
    const n = BigInt(s);
    if (n >= INT_MIN && n <= INT_MAX) return Number(n);
  }
  throw new TagRuleError(`${name}: ${JSON.stringify(s)} is not an int; Dubbo 3 refuses the rule (NumberFormatException)`);
}

/** mapToPojo onto ParamMatch { key: String, value: StringMatch }. */
function paramMatch33(m: Record<string, unknown>, what: string): TagParamMatch {
  const key = string27(m.key, `${what}.key`);
  let value: StringMatch | null = null;
  if (isMap(m.value)) {
    const v = m.value;
    const field = (f: string) => string27(v[f], `${what}.value.${f}`);
    const out: Record<string, string> = {};
    for (const f of ["exact", "prefix", "regex", "noempty", "empty", "wildcard"]) {
      const s = field(f);
      if (s !== null) out[f] = s;
    }
    value = out as StringMatch;
  }
  return { key, value };
}

function parse33(map: Record<string, unknown>, raw: string): TagRule {
  castString(map.rawRule, "rawRule");
  const runtime = bool33(map, "runtime", true);
  const force = bool33(map, "force", false);
  const valid = bool33(map, "valid", true);
  const enabled = bool33(map, "enabled", true);
  const priority = int33(map, "priority");
  bool33(map, "dynamic", false);
  const scope = castString(map.scope, "scope");
  const key = castString(map.key, "key");
  const configVersion = castString(map.configVersion, "configVersion");
  const v30 = configVersion !== null && configVersion.startsWith("v3.0");
  let tags: TagDefinition[] | null = null;
  if (Array.isArray(map.tags)) {
    tags = map.tags.map((t, i) => {
      if (t === null || t === undefined) throw new TagRuleError(`tags[${i}] is null (Java: NullPointerException)`);
      if (!isMap(t)) throw new TagRuleError(`tags[${i}] is not a map (Java: ClassCastException)`);
      const name = castString(t.name, `tags[${i}].name`);
      let match: TagParamMatch[] | null = null;
      if (v30 && t.match !== undefined && t.match !== null) {
        if (!Array.isArray(t.match)) throw new TagRuleError(`tags[${i}].match is not a list (Java: ClassCastException)`);
        match = t.match.map((m, j) => {
          if (m === null || m === undefined) throw new TagRuleError(`tags[${i}].match[${j}] is null (Java: NullPointerException)`);
          if (!isMap(m)) throw new TagRuleError(`tags[${i}].match[${j}] is not a map (Java: ClassCastException)`);
          return paramMatch33(m, `tags[${i}].match[${j}]`);
        });
      }
      const addresses = Array.isArray(t.addresses) ? t.addresses.map((a) => javaStringOf(a)) : null;
      return { name, addresses, match };
    });
  }
  return { release: "3.x", raw, force, enabled, valid: valid && tags !== null && tags.length > 0, runtime, priority, key, scope, configVersion, tags };
}
