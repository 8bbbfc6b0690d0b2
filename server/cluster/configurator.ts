import { type DubboUrl, urlAddress } from "@/lib/dubbo/url";
import type { ClusterDialect } from "./cluster-dialect";
import { booleanParam, param, serviceKeyOf } from "./url-parameters";

/**
 * Override rules from the registry's `configurators` category (`override://` and
 * `absent://` URLs, as Dubbo Admin 2.6 wrote them to disable or re-weight a provider), as
 * a consumer's RegistryDirectory applies them to each provider URL after merging
 * (Configurator.toConfigurators and AbstractConfigurator, 2.7.23 and 3.3):
 * - `override://10.0.0.1:20880/com.foo.Svc?disabled=true` reaches the provider at that
 *   host and port; `override://0.0.0.0/com.foo.Svc?weight=50` every provider (a port of 0
 *   means "as seen by the consumer", so the host must be 0.0.0.0 or the consumer's own);
 * - `providers`, `application` (the consumer's), `side` and `~key` (a provider
 *   parameter) narrow it; what remains is added to the URL (`absent` adds only what is missing);
 * - an `empty://` URL clears them all; a rule with nothing but `anyhost` is none;
 * - rules apply by host (0.0.0.0 first), then `priority`.
 * Config-center YAML rules (`*.configurators`, configVersion v2.7/v3.0) reach 3.x
 * consumers through the config center, which the engine does not read for configurators.
 */
export interface Configurator {
  readonly url: DubboUrl;
  /** `override` replaces parameters, `absent` only adds missing ones. */
  readonly kind: "override" | "absent";
}

/** The consumer side a rule is applied for. */
export interface ConfigureContext {
  readonly dialect: ClusterDialect;
  /** The consumer's own address (`NetUtils.getLocalHost()`), for rules without a port. */
  readonly consumerHost: string;
}

const ANY_HOST = "0.0.0.0";
const ANY = "*";
/** Parameters that say where a rule applies, never added to a provider URL (genConditionKeys). */
const CONDITION_KEYS = ["category", "check", "dynamic", "enabled", "group", "version", "application", "side", "configVersion", "compatible_config", "interfaces"];

/** `Configurator.toConfigurators`: the rules among `urls`, sorted as Java applies them. */
export function toConfigurators(urls: readonly DubboUrl[]): Configurator[] {
  const out: Configurator[] = [];
  for (const url of urls) {
    if (url.protocol === "empty") return [];
    if (Object.keys(url.parameters).every((k) => k === "anyhost")) continue;
    // Java's adaptive factory has only these two; any other protocol fails the notification.
    if (url.protocol === "override" || url.protocol === "absent") out.push({ url, kind: url.protocol });
  }
  return out.sort((a, b) => (a.url.host < b.url.host ? -1 : a.url.host > b.url.host ? 1 : priority(a) - priority(b)));
}

function priority(c: Configurator): number {
  const n = Number(param(c.url, "priority") ?? 0);
  return Number.isInteger(n) ? n : 0;
}

/** `configurator.configure(url)` for each rule in turn. */
export function applyConfigurators(configurators: readonly Configurator[], url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  return configurators.reduce((u, c) => configure(c, u, ctx), url);
}

/** `AbstractConfigurator.configure`: `url` with the rule applied, or `url` itself when it does not reach it. */
export function configure(c: Configurator, url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  if (!booleanParam(c.url, "enabled", true) || c.url.host === "") return url;
  if (param(c.url, "configVersion") !== undefined) {
    const side = param(url, "side");
    const ruleSide = param(c.url, "side");
    if (side !== ruleSide) return url;
    if (side === "consumer" && (ctx.dialect === "3.x" || c.url.port === 0)) return configureIfMatch(c, ctx.consumerHost, url, ctx);
    if (side === "provider" && (ctx.dialect === "3.x" || url.port === c.url.port)) return configureIfMatch(c, url.host, url, ctx);
    return url;
  }
  if (c.url.port !== 0) return url.port === c.url.port ? configureIfMatch(c, url.host, url, ctx) : url;
  const side = param(url, "side") ?? "provider";
  if (side === "consumer") return configureIfMatch(c, ctx.consumerHost, url, ctx);
  return side === "provider" ? configureIfMatch(c, ANY_HOST, url, ctx) : url;
}

function configureIfMatch(c: Configurator, host: string, url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  if (c.url.host !== ANY_HOST && c.url.host !== host) return url;
  if (!providersMatch(c, url, ctx.dialect) || !applicationMatches(c, url)) return url;
  if (ctx.dialect === "3.x") {
    const key = serviceKeyOf(c.url);
    if (key !== ANY && key !== serviceKeyOf(url)) return url;
    // v3.0 rules carry a matcher only when read from the config center; without one Java applies them.
    if (param(c.url, "configVersion")?.startsWith("v3.0")) return doConfigure(c, url, []);
  }
  const tildeKeys: string[] = [];
  for (const [key, value] of Object.entries(c.url.parameters)) {
    const tilde = key.startsWith("~");
    if (!tilde && key !== "application" && key !== "side") continue;
    if (tilde) tildeKeys.push(key);
    if (value !== ANY && value !== rawParam(url, tilde ? key.slice(1) : key)) return url;
  }
  return doConfigure(c, url, tildeKeys);
}

/** The `providers` list: 2.7.23 tests it as a substring; 3.3 compares each address with the provider's. */
function providersMatch(c: Configurator, url: DubboUrl, dialect: ClusterDialect): boolean {
  const providers = param(c.url, "providers");
  if (providers === undefined) return true;
  const address = urlAddress(url);
  if (dialect === "2.7") return providers.includes(address) || providers.includes(ANY_HOST);
  return providers
    .split(",")
    .some((a) => a === address || a === ANY_HOST || a === `${ANY_HOST}:${ANY}` || a === `${ANY_HOST}:${url.port}` || a === url.host);
}

/** The rule's `application` (else its user name), when set and not `*`, must be the consumer's. */
function applicationMatches(c: Configurator, url: DubboUrl): boolean {
  const wanted = param(c.url, "application") ?? (c.url.username || undefined);
  const current = param(url, "application") ?? url.username;
  return wanted === undefined || wanted === ANY || wanted === current;
}

/** `url.getParameter(key)` as 2.7's map answers it: an empty value is a value. */
function rawParam(url: DubboUrl, key: string): string | undefined {
  return Object.hasOwn(url.parameters, key) ? url.parameters[key] : undefined;
}

/** OverrideConfigurator / AbsentConfigurator.doConfigure with the rule's condition keys left out. */
function doConfigure(c: Configurator, url: DubboUrl, tildeKeys: readonly string[]): DubboUrl {
  const skip = new Set([...CONDITION_KEYS, ...tildeKeys]);
  const parameters: Record<string, string> = { ...url.parameters };
  for (const [k, v] of Object.entries(c.url.parameters)) {
    if (skip.has(k) || (c.kind === "absent" && Object.hasOwn(parameters, k))) continue;
    Object.defineProperty(parameters, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  return { ...url, parameters };
}
