import { javaStringOf, loadSnakeYaml } from "../dubbo/rules/snake-yaml";
import { javaUrlDecode, parseDubboUrl } from "../dubbo/url";
import { CONDITION_KEYS } from "./configure";
import { type OverrideDraft, parseYamlServiceKey, renderOverrideRule } from "./override-draft";
import { overrideNodeNames } from "./override-url";

/**
 * Existing configurator copies, whoever wrote them, read back as drafts to list and edit:
 * registry `override://` URLs (the console's, Dubbo Admin's, Dubbo's own, zkCli's) and
 * config-center YAML (v3.0 and v3.1 with `match`, Dubbo Admin 0.x's v2.7, JSON arrays).
 * Pure; what Dubbo makes of them is config-rule.ts and configure.ts, not this.
 */

/**
 * Who wrote a copy, as far as its shape tells:
 * - `console`: exactly what the console renders for the draft read from it;
 * - `dubbo-admin`: Dubbo Admin 0.x (`configVersion: v2.7`, registry URLs with `compatible_config`)
 *   or Dubbo Admin Go (`configVersion: v3.1`, items with `match`);
 * - `dubbo`: the legacy `override://` of Dubbo's own docs and 2.x admin (no `side`);
 * - `unknown`: anything else (zkCli by hand, other tools).
 */
export type OverrideOrigin = "console" | "dubbo-admin" | "dubbo" | "unknown";

/** One configurator copy read back. */
export interface ReadOverride {
  readonly draft: OverrideDraft;
  readonly origin: OverrideOrigin;
  /**
   * Null when the console can rewrite it without losing anything; else why not (a v3.1
   * `match`, an `absent://` URL, a JSON array rule): such a copy is listed, not edited.
   */
  readonly readOnly: string | null;
}

/** The keys of an `override://` URL that are not parameters it sets: Dubbo's condition keys and `providerAddresses`. */
const NOT_PARAMETERS = new Set([...CONDITION_KEYS, "providerAddresses"]);

/**
 * Reads a child of a service's `configurators` directory (its name as ZooKeeper lists it);
 * null when it is no configurator URL Dubbo reads (`empty://`, not a URL).
 */
export function readRegistryOverride(node: string, dirService: string): ReadOverride | null {
  let url;
  try {
    url = parseDubboUrl(javaUrlDecode(node), "2.7");
  } catch {
    return null;
  }
  if (url.protocol !== "override" && url.protocol !== "absent") return null;
  const p = url.parameters;
  const parameters: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) {
    if (!NOT_PARAMETERS.has(k) && !k.startsWith("~")) Object.defineProperty(parameters, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(parameters).length === 0) return null;
  const address = url.port > 0 ? `${url.host}:${url.port}` : url.host;
  const sideParam = p.side === "provider" || p.side === "consumer" ? p.side : undefined;
  const side = sideParam ?? "consumer";
  const legacy = side === "consumer" && url.port > 0 && !p.providerAddresses;
  const providerAddresses = legacy ? [address] : p.providerAddresses ? p.providerAddresses.split(",").filter((a) => a !== "") : undefined;
  const addresses = legacy || address === "0.0.0.0" ? undefined : [address];
  const draft: OverrideDraft = {
    scope: "service",
    service: p.interface || url.path || dirService,
    group: p.group ?? "",
    version: p.version ?? "",
    side,
    ...(addresses ? { addresses } : {}),
    ...(providerAddresses && providerAddresses.length > 0 ? { providerAddresses } : {}),
    ...(p.application ? { applications: [p.application] } : {}),
    parameters,
    enabled: (p.enabled ?? "true").toLowerCase() === "true",
  };
  const origin: OverrideOrigin = overrideNodeNames(draft).includes(node)
    ? "console"
    : p.compatible_config !== undefined
      ? "dubbo-admin"
      : sideParam === undefined
        ? "dubbo"
        : "unknown";
  const readOnly = url.protocol === "absent" ? "an absent:// configurator only fills missing parameters; the console writes override:// only" : Object.keys(p).some((k) => k.startsWith("~")) ? "it has `~key` conditions the console does not edit" : null;
  return { draft, origin, readOnly };
}

/** A config-center rule read back: its items, or why none could be read. */
export interface ReadCenterRule {
  readonly items: ReadOverride[];
  /** Why the text reads as no items (not YAML, no `configs`): listed as a problem, not as configs. */
  readonly problem: string | null;
}

/**
 * Reads the data of `{key}.configurators` into drafts, loosely: every item with `side` and
 * `parameters` is one draft, whatever else the rule holds. `key` is the node's key (the
 * colon key of a service rule, or an application).
 */
export function readCenterRule(key: string, text: string): ReadCenterRule {
  if (text.trimStart().startsWith("[")) return { items: [], problem: "a JSON array of URL strings: listed as its URLs by Dubbo, not edited here" };
  const loaded = loadSnakeYaml(text);
  if (!loaded.ok) return { items: [], problem: `the YAML does not load: ${loaded.message}` };
  const root = loaded.value;
  if (!isRecord(root) || !Array.isArray(root.configs)) return { items: [], problem: "not a configurator rule (no `configs` list)" };
  const scope = root.scope === "application" ? "application" : "service";
  const ruleEnabled = root.enabled === undefined || root.enabled === null ? true : javaStringOf(root.enabled).toLowerCase() === "true";
  const version = typeof root.configVersion === "string" ? root.configVersion : "";
  const target = scope === "service" ? targetOf(key, typeof root.key === "string" ? root.key : undefined) : { application: key };
  const items: ReadOverride[] = [];
  const drafts: OverrideDraft[] = [];
  const reads: { match: boolean }[] = [];
  for (const raw of root.configs) {
    if (!isRecord(raw) || !isRecord(raw.parameters)) continue;
    const type = raw.type === undefined || raw.type === null ? undefined : javaStringOf(raw.type);
    const own = raw.enabled === undefined || raw.enabled === null ? false : javaStringOf(raw.enabled).toLowerCase() === "true";
    const side = raw.side === "provider" ? "provider" : "consumer";
    const list = (v: unknown) => (Array.isArray(v) && v.length > 0 ? v.map((e) => javaStringOf(e)) : undefined);
    const addresses = list(raw.addresses)?.filter((a) => a !== "0.0.0.0");
    const providerAddresses = list(raw.providerAddresses);
    const applications = scope === "service" ? list(raw.applications) : undefined;
    const services = scope === "application" ? list(raw.services) : undefined;
    const parameters: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.parameters)) Object.defineProperty(parameters, k, { value: javaStringOf(v), enumerable: true, writable: true, configurable: true });
    const draft: OverrideDraft = {
      scope,
      ...target,
      side,
      ...(addresses && addresses.length > 0 ? { addresses } : {}),
      ...(providerAddresses ? { providerAddresses } : {}),
      ...(applications ? { applications } : {}),
      ...(services ? { services } : {}),
      parameters,
      enabled: type === undefined || type === "general" ? ruleEnabled : own,
    };
    drafts.push(draft);
    reads.push({ match: raw.match !== undefined && raw.match !== null });
  }
  let mine = false;
  try {
    mine = drafts.length > 0 && renderOverrideRule(drafts) === text;
  } catch {
    mine = false;
  }
  const admin = version === "v2.7" || version === "v3.1" || reads.some((r) => r.match);
  const origin: OverrideOrigin = mine ? "console" : admin ? "dubbo-admin" : "unknown";
  drafts.forEach((draft, i) => items.push({ draft, origin, readOnly: reads[i]!.match ? "it has a `match` condition (v3.1) the console does not edit" : null }));
  return { items, problem: null };
}

/** The service of a service rule: its YAML `key` (`group/interface:version`) when set, else the node key's parts. */
function targetOf(nodeKey: string, yamlKey: string | undefined): { service: string; group: string; version: string } {
  if (yamlKey) return parseYamlServiceKey(yamlKey);
  const [service = "", version = "", group = ""] = nodeKey.split(":");
  return { service, group, version };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
