import { isMap as isYamlMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from "yaml";
import { javaStringOf, loadSnakeYaml } from "../dubbo/rules/snake-yaml";
import { parseConfigRule } from "./config-rule";
import { OverrideRuleError } from "./override-rule-error";

/**
 * The draft of one override (one `configs[]` item of a config-center configurator rule,
 * with the service or application it belongs to), as the console's form and API edit it,
 * and its config-center text. Pure: used by the browser (the form's YAML mode) and the
 * server (the store renders and reads the copies with it). The registry copy is
 * override-url.ts; reading other writers' copies is override-reading.ts.
 *
 * Semantics are Dubbo's ConfigParser (config-rule.ts): every YAML this renders is parsed
 * by both 2.7.23 and 3.3.6 into the configurator URLs the draft means.
 */
export interface OverrideDraft {
  /** `service`: a rule of `{interface}:{version}:{group}.configurators`; `application`: of `{application}.configurators`. */
  readonly scope: "service" | "application";
  /** Service scope: the interface. */
  readonly service?: string;
  /** Service scope: '' or absent for none. */
  readonly group?: string;
  /** Service scope: '' or absent for none. */
  readonly version?: string;
  /** Application scope: the application whose rule this is. */
  readonly application?: string;
  /** Whose URLs it changes: the consumer's view of its providers, or the providers' own. */
  readonly side: "consumer" | "provider";
  /** The hosts (consumer side: consumer IPs; provider side: provider `host:port`) it applies on; none: `0.0.0.0` (all). */
  readonly addresses?: readonly string[];
  /** The providers (`host:port`) whose URLs it changes; none: all. */
  readonly providerAddresses?: readonly string[];
  /** Service scope: the consumer (or provider) applications it applies to; none: all. */
  readonly applications?: readonly string[];
  /** Application scope: the services (`group/interface:version`) it applies to; none: `*`. */
  readonly services?: readonly string[];
  /** The parameters it sets (`timeout`, `weight`, `disabled`, `{method}.timeout`, ...). */
  readonly parameters: Readonly<Record<string, string>>;
  readonly enabled: boolean;
}

/** The service a service-scope draft names. */
export interface OverrideService {
  readonly service: string;
  readonly group: string;
  readonly version: string;
}

/** The config-center YAML's `configVersion` the console writes (2.7.23 ignores it; 3.3.6 reads v3.0 with `match`). */
export const CONFIG_VERSION = "v3.0";

/** The config-center node suffix of configurator rules (ConfigurationUtils / RegistryProtocol CONFIGURATORS_SUFFIX). */
export const CONFIGURATORS_SUFFIX = ".configurators";

/** The registry category of configurator (override) URLs (RegistryConstants.CONFIGURATORS_CATEGORY). */
export const CONFIGURATORS_CATEGORY = "configurators";

/**
 * The item `type` the console writes on an item whose `enabled` differs from its rule's:
 * ConfigParser.parseEnabled reads an item's own `enabled` only when its type is set and not
 * `general` (else the rule's), so a disabled item beside enabled ones needs one. No Dubbo
 * release reads the type for anything else (3.3.6 drops a `type` parameter, not this field).
 */
export const ITEM_OWN_ENABLED_TYPE = "console";

/**
 * The config-center key of a draft's rule: `{interface}:{version}:{group}` (URL.getColonSeparatedKey,
 * a blank part left empty but its colon kept: `com.foo.Svc::`, `com.foo.Svc:1.0.0:`), or the application.
 */
export function overrideKey(draft: Pick<OverrideDraft, "scope" | "service" | "group" | "version" | "application">): string {
  if (draft.scope === "application") return draft.application ?? "";
  return `${draft.service ?? ""}:${draft.version ?? ""}:${draft.group ?? ""}`;
}

/**
 * The YAML `key` of a service rule: `{group}/{interface}:{version}` (group and version only
 * when set), which ConfigParser.appendService reads back into interface, group and version.
 * Not the node's colon key: Dubbo reads the node by the colon key and the service from this.
 */
export function yamlServiceKey(s: { readonly service?: string; readonly group?: string; readonly version?: string }): string {
  return `${s.group ? `${s.group}/` : ""}${s.service ?? ""}${s.version ? `:${s.version}` : ""}`;
}

/** Reads a YAML service `key` (`group/interface:version`) as ConfigParser.appendService does. */
export function parseYamlServiceKey(key: string): OverrideService {
  let name = key;
  let group = "";
  let version = "";
  const i = name.indexOf("/");
  if (i > 0) {
    group = name.slice(0, i);
    name = name.slice(i + 1);
  }
  const j = name.indexOf(":");
  if (j > 0) {
    version = name.slice(j + 1);
    name = name.slice(0, j);
  }
  return { service: name, group, version };
}

/**
 * A YAML scalar that every YAML 1.1 reader takes as exactly this string: a JSON string
 * (YAML's double-quoted style is a superset), with the characters YAML reads as line breaks
 * escaped too. Never a plain scalar, so `1.0`, `yes`, `1.2.3.4:20880` are never retyped,
 * and SnakeYAML 1.20's flow-colon failure (flow-colon.ts) cannot happen.
 */
export function yamlString(s: string): string {
  return JSON.stringify(s).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function flowList(values: readonly string[]): string {
  return `[${values.map(yamlString).join(", ")}]`;
}

/**
 * The config-center rule holding `drafts` (all of one scope and key), as the console writes it:
 * ```yaml
 * configVersion: v3.0
 * scope: service
 * key: "g/com.foo.Svc:1.0.0"
 * enabled: true
 * configs:
 *   - side: consumer
 *     addresses: ["0.0.0.0"]
 *     providerAddresses: ["1.2.3.4:20880"]
 *     parameters:
 *       "timeout": "3000"
 *     enabled: true
 * ```
 * The rule's `enabled` is true when any item is; an item whose `enabled` differs from the
 * rule's carries `type: console` ({@link ITEM_OWN_ENABLED_TYPE}) so Dubbo reads its own.
 * @throws OverrideRuleError when the drafts do not share one scope and key, or there are none.
 */
export function renderOverrideRule(drafts: readonly OverrideDraft[]): string {
  const first = drafts[0];
  if (!first) throw new OverrideRuleError("a configurator rule needs at least one item");
  const key = overrideKey(first);
  for (const d of drafts) {
    if (d.scope !== first.scope || overrideKey(d) !== key) throw new OverrideRuleError(`every item of one rule has the same scope and key: ${JSON.stringify(key)} and ${JSON.stringify(overrideKey(d))}`);
  }
  const ruleEnabled = drafts.some((d) => d.enabled);
  const yamlKey = first.scope === "service" ? yamlServiceKey(first) : key;
  const lines = [`configVersion: ${CONFIG_VERSION}`, `scope: ${first.scope}`, `key: ${yamlString(yamlKey)}`, `enabled: ${ruleEnabled}`, "configs:"];
  for (const d of drafts) {
    lines.push(`  - side: ${d.side}`);
    if (d.addresses && d.addresses.length > 0) lines.push(`    addresses: ${flowList(d.addresses)}`);
    if (d.providerAddresses && d.providerAddresses.length > 0) lines.push(`    providerAddresses: ${flowList(d.providerAddresses)}`);
    if (d.scope === "service" && d.applications && d.applications.length > 0) lines.push(`    applications: ${flowList(d.applications)}`);
    if (d.scope === "application" && d.services && d.services.length > 0) lines.push(`    services: ${flowList(d.services)}`);
    lines.push("    parameters:");
    for (const [k, v] of Object.entries(d.parameters)) lines.push(`      ${yamlString(k)}: ${yamlString(v)}`);
    if (d.enabled !== ruleEnabled) lines.push(`    type: ${ITEM_OWN_ENABLED_TYPE}`);
    lines.push(`    enabled: ${d.enabled}`);
  }
  return `${lines.join("\n")}\n`;
}

/** A rule read back: its head and its items as drafts. */
export interface ParsedOverrideRule {
  readonly scope: "service" | "application";
  /** The node key (colon key for a service, the name for an application). */
  readonly key: string;
  readonly configVersion: string | undefined;
  readonly enabled: boolean;
  readonly drafts: OverrideDraft[];
}

const ITEM_FIELDS = new Set(["side", "addresses", "providerAddresses", "applications", "services", "parameters", "enabled", "type", "match"]);
const RULE_FIELDS = new Set(["configVersion", "scope", "key", "enabled", "configs"]);

/**
 * Reads config-center YAML (the form's YAML mode) into drafts. The text must be a rule that
 * both Dubbo 2.7.23 and 3.3.6 parse (parseConfigRule), in the shape the form edits: a
 * mapping with `scope`, `key` and `configs`, each item with `side` and `parameters` whose
 * values are scalars. An item's `enabled` is what Dubbo obeys (the rule's, unless the item
 * has a non-`general` type).
 * @throws OverrideRuleError with the 1-based line and column of the fault.
 */
export function parseOverrideYaml(text: string): ParsedOverrideRule {
  const lines = new LineCounter();
  const doc = parseDocument(text, { version: "1.1", lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  const err = doc.errors[0];
  if (err) {
    const pos = lines.linePos(err.pos[0]);
    throw new OverrideRuleError(`the YAML does not load: ${err.message.split("\n")[0]}`, pos.line, pos.col);
  }
  const loaded = loadSnakeYaml(text);
  if (!loaded.ok) throw new OverrideRuleError(`the YAML does not load: ${loaded.message}`, loaded.line);
  const values = loaded.value as { configs?: { parameters?: Record<string, unknown> }[] };
  const at = (node: Node | null | undefined, message: string): OverrideRuleError => {
    const offset = node?.range?.[0];
    if (offset === undefined) return new OverrideRuleError(message);
    const pos = lines.linePos(offset);
    return new OverrideRuleError(message, pos.line, pos.col);
  };
  const root = doc.contents;
  if (!isYamlMap(root)) throw at(root, root === null ? "the rule is empty" : "the rule is not a YAML mapping");
  const field = (map: YAMLMap, name: string): Node | undefined => {
    const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === name);
    return (pair?.value ?? undefined) as Node | undefined;
  };
  for (const p of root.items) {
    const name = isScalar(p.key) ? String(p.key.value) : "";
    if (!RULE_FIELDS.has(name)) throw at(p.key as Node, `unknown field ${JSON.stringify(name)}: a rule has ${[...RULE_FIELDS].join(", ")}`);
  }
  const scalar = (node: Node | undefined, name: string, required: boolean): string | undefined => {
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) throw at(root, `the rule has no \`${name}\``);
      return undefined;
    }
    if (!isScalar(node)) throw at(node, `\`${name}\` is not a scalar`);
    return String(node.value);
  };
  const scope = scalar(field(root, "scope"), "scope", true)!;
  if (scope !== "service" && scope !== "application") throw at(field(root, "scope"), `\`scope\` is service or application, got ${JSON.stringify(scope)}`);
  const yamlKey = scalar(field(root, "key"), "key", true)!;
  if (yamlKey.trim() === "") throw at(field(root, "key"), "`key` is empty");
  const configVersion = scalar(field(root, "configVersion"), "configVersion", false);
  const enabledNode = field(root, "enabled");
  const ruleEnabled = enabledNode === undefined ? true : booleanOf(enabledNode);
  const configs = field(root, "configs");
  if (!isSeq(configs) || configs.items.length === 0) throw at(configs ?? root, "the rule has no `configs` list with at least one item");
  const target = scope === "service" ? parseYamlServiceKey(yamlKey) : { application: yamlKey };
  const drafts: OverrideDraft[] = [];
  for (const [index, raw] of configs.items.entries()) {
    const item = raw as Node;
    const loadedParameters = values.configs?.[index]?.parameters ?? {};
    if (!isYamlMap(item)) throw at(item, "an entry of `configs` is not a mapping");
    for (const p of item.items) {
      const name = isScalar(p.key) ? String(p.key.value) : "";
      if (!ITEM_FIELDS.has(name)) throw at(p.key as Node, `unknown field ${JSON.stringify(name)} in a config: an item has ${[...ITEM_FIELDS].join(", ")}`);
    }
    const side = scalar(field(item, "side"), "side", false);
    if (side !== "consumer" && side !== "provider") throw at(field(item, "side") ?? item, `\`side\` is consumer or provider, got ${side === undefined ? "none" : JSON.stringify(side)}`);
    const list = (name: string): string[] | undefined => {
      const node = field(item, name);
      if (node === undefined || (isScalar(node) && node.value === null)) return undefined;
      if (!isSeq(node)) throw at(node, `\`${name}\` is not a list`);
      return node.items.map((e) => {
        if (!isScalar(e) || e.value === null) throw at(e as Node, `an entry of \`${name}\` is not a scalar`);
        return String(e.value);
      });
    };
    const paramsNode = field(item, "parameters");
    if (!isYamlMap(paramsNode) || paramsNode.items.length === 0) throw at(paramsNode ?? item, "a config needs `parameters` with at least one parameter");
    const parameters: Record<string, string> = {};
    for (const p of paramsNode.items) {
      if (!isScalar(p.key) || p.key.value === null) throw at(p.key as Node, "a parameter name is not a scalar");
      if (!isScalar(p.value) || p.value.value === null) throw at((p.value ?? p.key) as Node, `parameter ${JSON.stringify(String(p.key.value))} has no scalar value`);
      Object.defineProperty(parameters, String(p.key.value), { value: javaStringOf(loadedParameters[String(p.key.value)]), enumerable: true, writable: true, configurable: true });
    }
    const type = scalar(field(item, "type"), "type", false);
    const ownEnabled = field(item, "enabled");
    const enabled = type === undefined || type === "general" ? ruleEnabled : ownEnabled !== undefined && booleanOf(ownEnabled);
    const addresses = list("addresses");
    const providerAddresses = list("providerAddresses");
    const applications = list("applications");
    const services = list("services");
    if (scope === "service" && services) throw at(field(item, "services"), "`services` belongs to an application-scope rule; a service rule names its service in `key`");
    if (scope === "application" && applications) throw at(field(item, "applications"), "`applications` belongs to a service-scope rule; an application rule names its application in `key`");
    drafts.push({
      scope,
      ...target,
      side,
      ...(addresses ? { addresses } : {}),
      ...(providerAddresses ? { providerAddresses } : {}),
      ...(applications ? { applications } : {}),
      ...(services ? { services } : {}),
      parameters,
      enabled,
    });
  }
  for (const release of ["2.7", "3.x"] as const) {
    try {
      parseConfigRule(text, release);
    } catch (e) {
      if (e instanceof OverrideRuleError) throw new OverrideRuleError(`Dubbo ${release === "2.7" ? "2.7.23" : "3.3.6"} refuses the rule: ${e.message}`, e.line, e.column);
      throw e;
    }
  }
  const key = scope === "service" ? overrideKey({ scope, ...(target as OverrideService) }) : yamlKey;
  return { scope, key, configVersion, enabled: ruleEnabled, drafts };
}

/** `Boolean.parseBoolean(o.toString())` of a scalar: only a YAML true (or the string "true"). */
function booleanOf(node: Node): boolean {
  if (!isScalar(node)) return false;
  return String(node.value).toLowerCase() === "true";
}
