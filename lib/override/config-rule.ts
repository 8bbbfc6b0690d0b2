import { JavaDouble, javaStringOf, loadSnakeYaml } from "../dubbo/rules/snake-yaml";
import { parseDubboUrl } from "../dubbo/url";
import type { AddressMatch, ConditionMatch, ListStringMatch, ParamMatch, StringMatch } from "./condition-match";
import type { ConfiguratorUrl } from "./configurator";
import { flowColonError } from "./flow-colon";
import type { DubboRelease } from "../dubbo/dubbo-release";
import { OverrideRuleError } from "./override-rule-error";

/**
 * A config-center configurator rule (`{interface}:{version}:{group}.configurators` for a
 * service, `{application}.configurators` for an application) read into configurator URLs
 * as `ConfigParser.parseConfigurators` does (2.7.23 and 3.3.6):
 * - a JSON array of URL strings is those URLs;
 * - else YAML (SnakeYAML 1.20 in 2.7.23, 2.4 in 3.3.6) holding `configVersion`, `scope`
 *   (`application`, else service), `key`, `enabled` (default true) and `configs[]`;
 * - each item gives one URL per address (`addresses`, default `0.0.0.0`), and in application
 *   scope per service (`services`, default `*`), and in service scope per application
 *   (`applications`): `override://{address}/{service}?category=dynamicconfigurators&side=..
 *   &{parameters}&providerAddresses=..&enabled=..&configVersion=..&application=..`, the string built
 *   and then read with URL.valueOf, so later keys win;
 * - `enabled` is the rule's for an item without a `type` (or `general`), else the item's;
 * - 3.3.6 only: a provider-side item without `providerAddresses` gets `providerAddresses` from its
 *   `addresses`; a `match` is kept (read by configure for v3.0 rules); the keys `accesslog.fixed.path`,
 *   `router`, `rule`, `runtime`, `type` are removed (AbstractConfiguratorListener's securityKey).
 * @throws OverrideRuleError where Java's parse throws (the consumer then ignores the rule).
 */
export function parseConfigRule(text: string, release: DubboRelease): ConfiguratorUrl[] {
  const json = jsonArray(text);
  if (json !== undefined) return json.map((u) => ({ url: parseDubboUrl(u, release) }));
  if (release === "2.7") {
    const colon = flowColonError(text);
    if (colon) throw colon;
  }
  const loaded = loadSnakeYaml(text);
  if (!loaded.ok) throw new OverrideRuleError(`the YAML does not load: ${loaded.message}`, loaded.line);
  const root = loaded.value;
  if (!isMap(root)) throw new OverrideRuleError(root === null ? "the rule is empty" : "the rule is not a YAML mapping");
  const config = {
    configVersion: stringField(root, "configVersion", release),
    scope: stringField(root, "scope", release),
    key: stringField(root, "key", release),
    enabled: root.enabled === undefined || root.enabled === null ? "true" : String(booleanOf(root.enabled)),
  };
  const configs = root.configs;
  if (!Array.isArray(configs)) throw new OverrideRuleError("the rule has no `configs` list");
  const urls: ConfiguratorUrl[] = [];
  for (const raw of configs) {
    if (!isMap(raw)) throw new OverrideRuleError("an entry of `configs` is not a mapping");
    const item = readItem(raw, release);
    const built = config.scope === "application" ? appItem(item, config, release) : serviceItem(item, config, release);
    urls.push(...built);
  }
  return release === "3.x" ? urls.map(stripSecurityKeys) : urls;
}

interface RuleHead {
  readonly configVersion: string | undefined;
  readonly scope: string | undefined;
  readonly key: string | undefined;
  readonly enabled: string;
}

interface Item {
  readonly type: string | undefined;
  readonly enabled: string;
  readonly addresses: string[] | undefined;
  readonly providerAddresses: string[] | undefined;
  readonly services: string[] | undefined;
  readonly applications: string[] | undefined;
  readonly parameters: [string, string][] | undefined;
  readonly side: string | undefined;
  readonly match: ConditionMatch | undefined;
}

function readItem(m: Record<string, unknown>, release: DubboRelease): Item {
  return {
    type: stringField(m, "type", release),
    enabled: m.enabled === undefined || m.enabled === null ? "null" : String(booleanOf(m.enabled)),
    addresses: listField(m, "addresses"),
    providerAddresses: listField(m, "providerAddresses"),
    services: listField(m, "services"),
    applications: listField(m, "applications"),
    parameters: parametersOf(m.parameters),
    side: stringField(m, "side", release),
    match: release === "3.x" ? readMatch(m.match) : undefined,
  };
}

function serviceItem(item: Item, config: RuleHead, release: DubboRelease): ConfiguratorUrl[] {
  const out: ConfiguratorUrl[] = [];
  for (const addr of addressesOf(item)) {
    const base = `override://${addr}/${appendService(config.key)}${parameterString(item, release)}&enabled=${enabledOf(item, config)}&configVersion=${config.configVersion ?? "null"}`;
    const apps = item.applications ?? [];
    const texts = apps.length > 0 ? apps.map((app) => `${base}&application=${app}`) : [base];
    for (const t of texts) out.push(withMatch(parseDubboUrl(t, release), item));
  }
  return out;
}

function appItem(item: Item, config: RuleHead, release: DubboRelease): ConfiguratorUrl[] {
  const out: ConfiguratorUrl[] = [];
  for (const addr of addressesOf(item)) {
    const services = item.services && item.services.length > 0 ? item.services : ["*"];
    for (const s of services) {
      const t = `override://${addr}/${appendService(s)}${parameterString(item, release)}&application=${config.key ?? "null"}&enabled=${enabledOf(item, config)}&category=appdynamicconfigurators&configVersion=${config.configVersion ?? "null"}`;
      out.push(withMatch(parseDubboUrl(t, release), item));
    }
  }
  return out;
}

function withMatch(url: ConfiguratorUrl["url"], item: Item): ConfiguratorUrl {
  return item.match === undefined ? { url } : { url, match: item.match };
}

/** ConfigParser.parseEnabled. */
function enabledOf(item: Item, config: RuleHead): string {
  return item.type === undefined || item.type === "general" ? config.enabled : item.enabled;
}

/** ConfigParser.parseAddresses. */
function addressesOf(item: Item): string[] {
  return item.addresses && item.addresses.length > 0 ? item.addresses : ["0.0.0.0"];
}

/** ConfigParser.toParameterString. */
function parameterString(item: Item, release: DubboRelease): string {
  let s = "category=dynamicconfigurators";
  if (item.side !== undefined) s += `&side=${item.side}`;
  if (item.parameters === undefined || item.parameters.length === 0) throw new OverrideRuleError("Invalid configurator rule, please specify at least one parameter you want to change in the rule.");
  for (const [k, v] of item.parameters) s += `&${k}=${v}`;
  if (item.providerAddresses && item.providerAddresses.length > 0) s += `&providerAddresses=${item.providerAddresses.join(",")}`;
  else if (release === "3.x" && item.side === "provider") s += `&providerAddresses=${addressesOf(item).join(",")}`;
  return s;
}

/** ConfigParser.appendService: `group/interface:version` into `interface?group=..&version=..&`. */
function appendService(serviceKey: string | undefined): string {
  if (serviceKey === undefined || serviceKey === "") throw new OverrideRuleError("service field in configuration is null.");
  let name = serviceKey;
  let sb = "";
  const i = name.indexOf("/");
  if (i > 0) {
    sb += `group=${name.slice(0, i)}&`;
    name = name.slice(i + 1);
  }
  const j = name.indexOf(":");
  if (j > 0) {
    sb += `version=${name.slice(j + 1)}&`;
    name = name.slice(0, j);
  }
  return `${name}?${sb}`;
}

const SECURITY_KEYS = ["accesslog.fixed.path", "router", "rule", "runtime", "type"];

function stripSecurityKeys(u: ConfiguratorUrl): ConfiguratorUrl {
  if (!SECURITY_KEYS.some((k) => Object.hasOwn(u.url.parameters, k))) return u;
  const parameters = Object.fromEntries(Object.entries(u.url.parameters).filter(([k]) => !SECURITY_KEYS.includes(k)));
  return { ...u, url: { ...u.url, parameters } };
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JavaDouble) && !(v instanceof Date) && !(v instanceof Uint8Array);
}

/** A `(String) map.get(key)` field: 3.3.6 casts (a non-string fails); 2.7.23's PojoUtils converts a scalar to its text. */
function stringField(m: Record<string, unknown>, key: string, release: DubboRelease): string | undefined {
  const v = m[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (release === "3.x" || isMap(v) || Array.isArray(v)) throw new OverrideRuleError(`\`${key}\` is not a string`);
  return javaStringOf(v);
}

/** `Boolean.parseBoolean(o.toString())`. */
function booleanOf(v: unknown): boolean {
  return javaStringOf(v).toLowerCase() === "true";
}

/** A list field, each element as String.valueOf; not a list: none. */
function listField(m: Record<string, unknown>, key: string): string[] | undefined {
  const v = m[key];
  return Array.isArray(v) ? v.map((e) => javaStringOf(e)) : undefined;
}

/** `parameters`, each value's toString (a null value fails: NullPointerException in both releases). */
function parametersOf(v: unknown): [string, string][] | undefined {
  if (!isMap(v)) return undefined;
  return Object.entries(v).map(([k, value]) => {
    if (value === null || value === undefined) throw new OverrideRuleError(`parameter \`${k}\` has no value`);
    return [k, javaStringOf(value)];
  });
}

function jsonArray(text: string): string[] | undefined {
  if (!text.trimStart().startsWith("[")) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((e) => typeof e === "string") ? v : undefined;
  } catch {
    return undefined;
  }
}

/** ConfigItem's `match` through PojoUtils.mapToPojo; a shape it cannot map is logged by Java and left null. */
function readMatch(v: unknown): ConditionMatch | undefined {
  if (!isMap(v)) return undefined;
  try {
    const out: { -readonly [K in keyof ConditionMatch]: ConditionMatch[K] } = {};
    if (v.address != null) out.address = fields(v.address, ["wildcard", "cird", "exact"]) as AddressMatch;
    if (v.providerAddress != null) out.providerAddress = fields(v.providerAddress, ["wildcard", "cird", "exact"]) as AddressMatch;
    if (v.service != null) out.service = listMatch(v.service);
    if (v.app != null) out.app = listMatch(v.app);
    if (v.param != null) {
      if (!Array.isArray(v.param)) throw new Error("param");
      out.param = v.param.map((p): ParamMatch => {
        if (!isMap(p)) throw new Error("param");
        return { ...(p.key != null ? { key: javaStringOf(p.key) } : {}), ...(p.value != null ? { value: stringMatch(p.value) } : {}) };
      });
    }
    return out;
  } catch {
    return undefined;
  }
}

const STRING_MATCH_FIELDS = ["exact", "prefix", "regex", "noempty", "empty", "wildcard"];

function stringMatch(v: unknown): StringMatch {
  return fields(v, STRING_MATCH_FIELDS) as StringMatch;
}

function listMatch(v: unknown): ListStringMatch {
  if (!isMap(v) || !Array.isArray(v.oneof)) throw new Error("oneof");
  return { oneof: v.oneof.map(stringMatch) };
}

function fields(v: unknown, names: readonly string[]): Record<string, string> {
  if (!isMap(v)) throw new Error("not a map");
  const out: Record<string, string> = {};
  for (const n of names) if (v[n] != null) out[n] = javaStringOf(v[n]);
  return out;
}
