import { ConsoleError } from "../errors";
import type { RuleScope } from "./config-rule-key";
import { dumpSnakeYaml, JavaDouble, javaStringOf, loadSnakeYaml } from "./snake-yaml";

/**
 * A `.condition-router` rule of the config center, read as Dubbo 3.3 reads it
 * (ConditionRuleParser, AbstractRouterRule.parseFromMap0, ConditionRouterRule,
 * MultiDestConditionRouterRule, and the routers ListenableStateRouter builds from them),
 * and our routes written so that Dubbo 3.3 (and 2.7.3+) read them back unchanged.
 *
 * ```yaml
 * configVersion: v3.0
 * scope: service
 * key: "io.dubboconsole.demo.api.GreetingService::"
 * enabled: true
 * force: false
 * runtime: true
 * priority: 0
 * conditions:
 *   - "=> host = 127.0.0.2"
 * ```
 *
 * Facts of 3.3 this file encodes:
 * - `configVersion` starting with `v3.1` (case-insensitive) selects the multi-destination
 *   format; one that sorts after `v3.1` is refused; anything else, or none, is v3.0.
 * - Flags are `Boolean.parseBoolean(value.toString())`: only text equal to `true` in any
 *   case, or a YAML boolean true, is true. Defaults: enabled true, force false, runtime
 *   true, valid true, priority 0.
 * - Neither `priority` nor `runtime` changes routing: the state routers run in their
 *   factories' order (service 140, provider-app 145, app 150), whatever the rule says.
 * - `scope` and `key` are read but not used: the node's name decides whom a rule is for.
 * - v3.0 `conditions` entries become text with String.valueOf; a rule whose conditions are
 *   missing, not a list or empty is not valid, and then Dubbo keeps applying the
 *   conditions it had before (ListenableStateRouter.generateConditions returns early).
 * - A rule Dubbo fails to read (see {@link RuleYamlProblemCode}) is logged and ignored,
 *   and Dubbo keeps the rule it had before, if any.
 */

/** Fields every condition rule carries (AbstractRouterRule). */
export interface RuleFlags {
  /** As written; null when absent. */
  readonly configVersion: string | null;
  /** As written; not used by Dubbo. */
  readonly scope: string | null;
  /** As written; not used by Dubbo. */
  readonly key: string | null;
  readonly enabled: boolean;
  readonly force: boolean;
  /** Not used by Dubbo 3.x routers, kept for display. */
  readonly runtime: boolean;
  /** Not used by Dubbo to order config-center rules, kept for display. */
  readonly priority: number;
  /** False when the conditions are missing or empty, or `valid: false` is written: Dubbo applies none of them. */
  readonly valid: boolean;
}

/** One condition of a `configVersion: v3.1` rule: a when-match, and weighted then-matches. */
export interface MultiDestinationCondition {
  /** `from.match`; "" when absent (matches every consumer). */
  readonly from: string;
  /** An empty list makes the condition a blacklist: matching consumers get no provider. */
  readonly to: readonly { readonly match: string; readonly weight: number }[];
}

/** A rule as Dubbo 3.3 reads it. */
export type ConditionRouterRule =
  | (RuleFlags & { readonly format: "v3.0"; readonly conditions: readonly string[] })
  | (RuleFlags & { readonly format: "v3.1"; readonly conditions: readonly MultiDestinationCondition[] });

/** Why Dubbo 3.3 fails to read a rule (it logs "Failed to parse the raw condition rule" and keeps its old one). */
export type RuleYamlProblemCode =
  /** Not YAML SnakeYAML loads: a syntax error, two documents, an unknown `!tag`. */
  | "yaml_syntax"
  /** The document is empty, or not a mapping. */
  | "not_a_map"
  /** `configVersion`, `scope`, `key` or `rawRule` is not text (a ClassCastException in Java). */
  | "field_type"
  /** `priority` is not a whole number Integer.parseInt reads (`1.5`, `"high"`, beyond 32 bits). */
  | "priority_not_int"
  /** `configVersion` sorts after `v3.1`: the release reads only v3.1 and below. */
  | "unsupported_version"
  /** v3.1 `conditions` is not a list of mappings with a mapping `from` and a list of mappings `to`. */
  | "conditions_shape"
  /** A v3.1 `weight` that Integer.valueOf does not read. */
  | "weight_not_int"
  /** A condition Dubbo's condition parser refuses (blank in an enabled v3.0 rule, or refused by the rule engine). */
  | "condition_syntax";

export interface RuleYamlProblem {
  readonly code: RuleYamlProblemCode;
  readonly message: string;
  /** The field at fault (`priority`, `conditions[1].to[0].weight`); null for the whole document. */
  readonly field: string | null;
  /** 1-based line of a YAML syntax error; null otherwise. */
  readonly line: number | null;
}

/** The outcome of reading a rule's YAML. `notes` say where Dubbo reads it differently from how it looks. */
export type RuleYamlRead =
  | { readonly type: "rule"; readonly rule: ConditionRouterRule; readonly notes: readonly string[] }
  | { readonly type: "rejected"; readonly problem: RuleYamlProblem };

/**
 * Checks one condition (`when => then`) as Dubbo 3.x's parser would; returns why it is
 * refused, or null. The rule engine (lib/routing) provides the real one; without it only
 * blank conditions are refused.
 */
export type ConditionCheck = (condition: string) => string | null;

/** A rule the console reads with {@link readConditionRouterYaml} and finds Dubbo would refuse. */
export class RuleYamlError extends ConsoleError {
  constructor(readonly problem: RuleYamlProblem) {
    super("validation_failed", `condition rule YAML: ${problem.message}`, { issues: [{ path: problem.field ?? "(yaml)", message: problem.message }] });
    this.name = "RuleYamlError";
  }
}

/** The highest configVersion 3.3 reads (Constants.RULE_VERSION_V31). */
const V31 = "v3.1";
/** ConditionSubSet's weight when none or a non-positive one is given (Constants.DefaultRouteConditionSubSetWeight). */
export const DEFAULT_DESTINATION_WEIGHT = 100;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** A failure to read, carried out of the field readers. */
class Refusal {
  constructor(readonly problem: RuleYamlProblem) {}
}
const refuse = (code: RuleYamlProblemCode, message: string, field: string | null = null): never => {
  throw new Refusal({ code, message, field, line: null });
};

/** Reads a rule's YAML as Dubbo 3.3 does; never throws. */
export function parseConditionRouterYaml(text: string, checkCondition?: ConditionCheck): RuleYamlRead {
  const loaded = loadSnakeYaml(text);
  if (!loaded.ok) return { type: "rejected", problem: { code: "yaml_syntax", message: loaded.message, field: null, line: loaded.line } };
  try {
    return readRule(loaded.value, checkCondition ?? blankCheck);
  } catch (e) {
    if (e instanceof Refusal) return { type: "rejected", problem: e.problem };
    throw e;
  }
}

/** Like {@link parseConditionRouterYaml}, throwing a RuleYamlError for a rule Dubbo would refuse. */
export function readConditionRouterYaml(text: string, checkCondition?: ConditionCheck): { rule: ConditionRouterRule; notes: readonly string[] } {
  const read = parseConditionRouterYaml(text, checkCondition);
  if (read.type === "rejected") throw new RuleYamlError(read.problem);
  return read;
}

function readRule(value: unknown, check: ConditionCheck): RuleYamlRead {
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof Date || value instanceof Uint8Array || value instanceof JavaDouble) {
    return refuse("not_a_map", value === null ? "the document is empty" : `the document is ${describe(value)}, not a mapping`);
  }
  const map = value as Record<string, unknown>;
  const notes: string[] = [];
  const configVersion = text(map, "configVersion");
  const multi = configVersion !== null && configVersion.toLowerCase().startsWith(V31);
  if (!multi && configVersion !== null && compareIgnoreCase(configVersion, V31) > 0) {
    refuse("unsupported_version", `configVersion ${JSON.stringify(configVersion)} is newer than ${V31}, the highest Dubbo 3.3 reads`, "configVersion");
  }
  text(map, "rawRule");
  const runtime = flag(map, "runtime", true, notes);
  const force = flag(map, "force", false, notes);
  const validFlag = flag(map, "valid", true, notes);
  const enabled = flag(map, "enabled", true, notes);
  const priority = integer(map, "priority");
  flag(map, "dynamic", false, notes);
  const flags = { configVersion, scope: text(map, "scope"), key: text(map, "key"), enabled, force, runtime, priority };
  if (multi) {
    let valid = false;
    const conditions = multiDestination(map.conditions, (count) => (valid = validFlag && count > 0), check);
    if (!valid) notes.push(invalidNote(validFlag));
    return { type: "rule", rule: { ...flags, valid, format: "v3.1", conditions }, notes };
  }
  const conditions = Array.isArray(map.conditions) ? map.conditions.map(javaStringOf) : null;
  if (map.conditions !== undefined && map.conditions !== null && conditions === null) notes.push(`conditions is ${describe(map.conditions)}, not a list: Dubbo reads no conditions`);
  if (Array.isArray(map.conditions)) {
    map.conditions.forEach((c, i) => {
      if (typeof c !== "string") notes.push(`conditions[${i}] is ${describe(c)}: Dubbo reads it as the text ${JSON.stringify(javaStringOf(c))}`);
    });
  }
  const valid = validFlag && conditions !== null && conditions.length > 0;
  // Routers are built only for a valid rule, and a disabled ConditionStateRouter never parses its rule.
  if (valid && enabled) {
    conditions.forEach((c, i) => {
      const problem = check(c);
      if (problem !== null) refuse("condition_syntax", problem, `conditions[${i}]`);
    });
  }
  if (!valid) notes.push(invalidNote(validFlag));
  return { type: "rule", rule: { ...flags, valid, format: "v3.0", conditions: conditions ?? [] }, notes };
}

function invalidNote(validFlag: boolean): string {
  const why = validFlag ? "it has no conditions" : "it says valid: false";
  return `Dubbo takes this rule as not valid (${why}): it applies none of it, and keeps the conditions it had before, if any`;
}

/** ConditionStateRouter.init: a blank rule is "Illegal route rule!". */
const blankCheck: ConditionCheck = (c) => (c.trim() === "" ? "a blank condition is an illegal route rule" : null);

/** `(String) map.get(name)`: null when absent, a ClassCastException for anything but text. */
function text(map: Record<string, unknown>, name: string): string | null {
  const v = map[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") refuse("field_type", `${name} is ${describe(v)}; Dubbo reads it as text and fails`, name);
  return v as string;
}

/** `Boolean.parseBoolean(value.toString())`, the default when absent. */
function flag(map: Record<string, unknown>, name: string, fallback: boolean, notes: string[]): boolean {
  const v = map[name];
  if (v === undefined || v === null) return fallback;
  const value = javaStringOf(v).toLowerCase() === "true";
  if (typeof v !== "boolean") notes.push(`${name} is ${describe(v)}: Dubbo reads it as ${value}`);
  return value;
}

/** `Integer.parseInt(value.toString())`; 0 when absent. */
function integer(map: Record<string, unknown>, name: string): number {
  const v = map[name];
  if (v === undefined || v === null) return 0;
  const s = javaStringOf(v);
  const n = /^[+-]?[0-9]+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < INT_MIN || n > INT_MAX) {
    refuse("priority_not_int", `${name} ${JSON.stringify(s)} is not a 32-bit whole number; Dubbo fails to read the rule`, name);
  }
  return n;
}

/**
 * MultiDestConditionRouterRule.parseFromMap (the shape), then, when `build` (the rule is
 * valid, so ListenableStateRouter builds a MultiDestConditionRouter per condition, enabled
 * or not), the matches and weights those routers parse.
 */
function multiDestination(value: unknown, build: (count: number) => boolean, check: ConditionCheck): MultiDestinationCondition[] {
  if (!Array.isArray(value)) return refuse("conditions_shape", `a v3.1 rule needs conditions as a list, got ${describe(value)}`, "conditions");
  const shaped = value.map((c: unknown, i) => {
    const at = `conditions[${i}]`;
    if (!isMap(c)) return refuse("conditions_shape", `${at} is ${describe(c)}, not a mapping`, at);
    const from = c.from === undefined ? {} : c.from;
    const to = c.to === undefined ? [] : c.to;
    if (!isMap(from)) return refuse("conditions_shape", `${at}.from is ${describe(from)}, not a mapping`, `${at}.from`);
    if (!Array.isArray(to)) return refuse("conditions_shape", `${at}.to is ${describe(to)}, not a list`, `${at}.to`);
    const destinations = to.map((d: unknown, j) => {
      const field = `${at}.to[${j}]`;
      if (!isMap(d)) return refuse("conditions_shape", `${field} is ${describe(d)}, not a mapping`, field);
      return { match: matchText(d.match, `${field}.match`), weight: d.weight, field };
    });
    return { from: matchText(from.match, `${at}.from.match`), to: destinations, at };
  });
  const built = build(shaped.length);
  return shaped.map(({ from, to, at }) => {
    if (built && from.trim() !== "" && from !== "true") checkMatch(check, `${from} =>`, `${at}.from.match`);
    return {
      from,
      to: to.map(({ match, weight: w, field }) => {
        if (built && match.trim() !== "" && match !== "false") checkMatch(check, `=> ${match}`, `${field}.match`);
        return { match, weight: weight(w, `${field}.weight`, built) };
      }),
    };
  });
}

/** A match is one side of a condition: checked as the rule Dubbo parses it into. */
function checkMatch(check: ConditionCheck, condition: string, field: string): void {
  const problem = check(condition);
  if (problem !== null) refuse("condition_syntax", problem, field);
}

function matchText(v: unknown, field: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "object" && !(v instanceof JavaDouble)) return refuse("conditions_shape", `${field} is ${describe(v)}, not text`, field);
  return javaStringOf(v);
}

/**
 * `Integer.valueOf(weight)`, then ConditionSubSet: a weight of 0 or less counts as 100.
 * Only a router being built reads it; otherwise a bad weight shows as the default.
 */
function weight(v: unknown, field: string, built: boolean): number {
  if (v === undefined || v === null) return DEFAULT_DESTINATION_WEIGHT;
  const s = javaStringOf(v);
  const n = /^[+-]?[0-9]+$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(n) || n < INT_MIN || n > INT_MAX) {
    return built ? refuse("weight_not_int", `${field} ${JSON.stringify(s)} is not a 32-bit whole number`, field) : DEFAULT_DESTINATION_WEIGHT;
  }
  return n <= 0 ? DEFAULT_DESTINATION_WEIGHT : n;
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array) && !(v instanceof JavaDouble);
}

/** `a list`, `the number 1.5`, `the text "x"`: a loaded value in words. */
function describe(v: unknown): string {
  if (v === null || v === undefined) return "empty";
  if (typeof v === "string") return `the text ${JSON.stringify(v)}`;
  if (typeof v === "boolean") return `the boolean ${v}`;
  if (typeof v === "bigint" || typeof v === "number" || v instanceof JavaDouble) return `the number ${javaStringOf(v)}`;
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a timestamp";
  if (v instanceof Uint8Array) return "binary data";
  return "a mapping";
}

/** String.compareToIgnoreCase's sign for the texts compared here. */
function compareIgnoreCase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A route as the console writes it to the config center: always `configVersion: v3.0`. */
export interface ConditionRuleDraft {
  readonly scope: RuleScope;
  /** The node's rule key (`interface:version:group`, or an application name). */
  readonly key: string;
  readonly enabled: boolean;
  readonly force: boolean;
  readonly runtime: boolean;
  readonly priority: number;
  /** `when => then` each; one router per condition, applied in this order. */
  readonly conditions: readonly string[];
}

/**
 * The YAML of `draft`, in the field order of Dubbo's documentation: configVersion v3.0,
 * scope, key, enabled, force, runtime, priority, conditions. Text that YAML 1.1 would read
 * as something else (`yes`, `1`, `~`, a leading `!`) is quoted, so Dubbo reads it back as
 * written: `parseConditionRouterYaml(formatConditionRouterYaml(d))` gives `d`'s fields.
 */
export function formatConditionRouterYaml(draft: ConditionRuleDraft): string {
  return dumpSnakeYaml({
    configVersion: "v3.0",
    scope: draft.scope,
    key: draft.key,
    enabled: draft.enabled,
    force: draft.force,
    runtime: draft.runtime,
    priority: draft.priority,
    conditions: [...draft.conditions],
  });
}
