import { ConsoleError } from "../../errors";
import type { RuleScope } from "./config-rule-key";
import { type MultiDestinationCondition, readMultiDestination } from "./multi-destination-rule";
import { type ConditionCheck, describe, flag, integer, isMap, Refusal, refuse, type RuleYamlProblem, text } from "./rule-yaml-fields";
import { dumpSnakeYaml, javaStringOf, loadSnakeYaml, RecursiveYamlValueError } from "./snake-yaml";

export type { MultiDestinationCondition } from "./multi-destination-rule";
export type { ConditionCheck, RuleYamlProblem, RuleYamlProblemCode } from "./rule-yaml-fields";

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

/** A rule as Dubbo 3.3 reads it. */
export type ConditionRouterRule =
  | (RuleFlags & { readonly format: "v3.0"; readonly conditions: readonly string[] })
  | (RuleFlags & { readonly format: "v3.1"; readonly conditions: readonly MultiDestinationCondition[] });

/** The outcome of reading a rule's YAML. `notes` say where Dubbo reads it differently from how it looks. */
export type RuleYamlRead =
  | { readonly type: "rule"; readonly rule: ConditionRouterRule; readonly notes: readonly string[] }
  | { readonly type: "rejected"; readonly problem: RuleYamlProblem };

/** A rule the console reads with {@link readConditionRouterYaml} and finds Dubbo would refuse. */
export class RuleYamlError extends ConsoleError {
  constructor(readonly problem: RuleYamlProblem) {
    super("validation_failed", `condition rule YAML: ${problem.message}`, { issues: [{ path: problem.field ?? "(yaml)", message: problem.message }] });
    this.name = "RuleYamlError";
  }
}

/** The highest configVersion 3.3 reads (Constants.RULE_VERSION_V31). */
const V31 = "v3.1";

/** Reads a rule's YAML as Dubbo 3.3 does; never throws. */
export function parseConditionRouterYaml(yaml: string, checkCondition?: ConditionCheck): RuleYamlRead {
  const loaded = loadSnakeYaml(yaml);
  if (!loaded.ok) return { type: "rejected", problem: { code: "yaml_syntax", message: loaded.message, field: null, line: loaded.line } };
  try {
    return readRule(loaded.value, checkCondition ?? blankCheck);
  } catch (e) {
    if (e instanceof Refusal) return { type: "rejected", problem: e.problem };
    if (e instanceof RecursiveYamlValueError) return { type: "rejected", problem: { code: "recursive_value", message: e.message, field: null, line: null } };
    throw e;
  }
}

/** Like {@link parseConditionRouterYaml}, throwing a RuleYamlError for a rule Dubbo would refuse. */
export function readConditionRouterYaml(yaml: string, checkCondition?: ConditionCheck): { rule: ConditionRouterRule; notes: readonly string[] } {
  const read = parseConditionRouterYaml(yaml, checkCondition);
  if (read.type === "rejected") throw new RuleYamlError(read.problem);
  return read;
}

function readRule(value: unknown, check: ConditionCheck): RuleYamlRead {
  if (!isMap(value)) return refuse("not_a_map", value === null ? "the document is empty" : `the document is ${describe(value)}, not a mapping`);
  const map = value;
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
    const conditions = readMultiDestination(map.conditions, (count) => (valid = validFlag && count > 0), check);
    if (!valid) notes.push(invalidNote(validFlag));
    return { type: "rule", rule: { ...flags, valid, format: "v3.1", conditions }, notes };
  }
  const conditions = Array.isArray(map.conditions) ? map.conditions.map((c) => javaStringOf(c)) : null;
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
