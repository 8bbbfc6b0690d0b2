import type { DubboUrl } from "../dubbo/url";
import { urlAddress } from "../dubbo/url";
import { conditionMatches } from "./condition-match";
import type { Configurator } from "./configurator";
import type { DubboRelease } from "../dubbo/dubbo-release";
import { booleanParamOf, paramOr, rawParam, serviceKeyOfUrl, withParam } from "./url-access";

/** Where a configurator is applied. */
export interface ConfigureContext {
  readonly release: DubboRelease;
  /** `NetUtils.getLocalHost()` of the consumer (or provider) that applies the rule. */
  readonly localHost: string;
}

const ANYHOST_VALUE = "0.0.0.0";
const ANY_VALUE = "*";
/** Constants.OVERRIDE_PROVIDERS_KEY. */
const OVERRIDE_PROVIDERS_KEY = "providerAddresses";
/**
 * The keys a configurator's URL says where it applies with, never copied onto the target
 * (AbstractConfigurator's conditionKeys / genConditionKeys, 2.7.23 and 3.3.6 alike); `~key`
 * parameters are conditions too and are left out with them, except on 3.x's v3.0 path.
 * (3.3.6 also strips `accesslog.fixed.path`, `router`, `rule`, `runtime` and `type` from
 * config-center rules before they become configurators: config-rule.ts.)
 */
export const CONDITION_KEYS: readonly string[] = ["category", "check", "dynamic", "enabled", "group", "version", "application", "side", "configVersion", "compatible_config", "interfaces"];

/** Applies each configurator in turn (RegistryDirectory.overrideWithConfigurators). */
export function applyConfigurators(configurators: readonly Configurator[], url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  let out = url;
  for (const c of configurators) out = configure(c, out, ctx);
  return out;
}

/**
 * `AbstractConfigurator.configure(url)`: `url` with the rule applied, or `url` itself when
 * the rule is disabled or does not reach it.
 * - With a `configVersion` (a rule read from config-center YAML), the target's `side` must
 *   equal the rule's: a consumer-side rule is matched against the local host, a
 *   provider-side one against the target's host. 2.7.23 also requires the rule's port to be
 *   0 (consumer side) or the target's (provider side); 3.3.6 dropped both port checks.
 * - Without one (a 2.6-style registry URL): a rule with a port reaches the target with that
 *   port (matched by host); one without reaches a consumer URL by the local host and a
 *   provider URL only as `0.0.0.0`.
 */
export function configure(c: Configurator, url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  if (!booleanParamOf(c.url, "enabled", true)) return url;
  const apiVersion = rawParam(c.url, "configVersion");
  if (apiVersion !== undefined && apiVersion !== "") {
    const side = rawParam(url, "side");
    const ruleSide = rawParam(c.url, "side");
    if (side === undefined || side !== ruleSide) return url;
    const v27 = ctx.release === "2.7";
    if (side === "consumer" && (!v27 || c.url.port === 0)) return configureIfMatch(c, ctx.localHost, url, ctx);
    if (side === "provider" && (!v27 || url.port === c.url.port)) return configureIfMatch(c, url.host, url, ctx);
    return url;
  }
  if (c.url.port !== 0) return url.port === c.url.port ? configureIfMatch(c, url.host, url, ctx) : url;
  const side = paramOr(url, "side", undefined);
  if ((side ?? "provider") === "consumer") return configureIfMatch(c, ctx.localHost, url, ctx);
  if ((side ?? "consumer") === "provider") return configureIfMatch(c, ANYHOST_VALUE, url, ctx);
  return url;
}

function configureIfMatch(c: Configurator, host: string, url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  if (c.url.host !== ANYHOST_VALUE && c.url.host !== host) return url;
  if (!providersMatch(c, url, ctx.release) || !applicationMatches(c, url)) return url;
  if (ctx.release === "3.x") {
    const key = serviceKeyOfUrl(c.url);
    if (key !== ANY_VALUE && key !== serviceKeyOfUrl(url)) return url;
    if (rawParam(c.url, "configVersion")?.startsWith("v3.0")) {
      if (c.match !== undefined && !conditionMatches(c.match, host, url)) return url;
      return doConfigure(c, url, CONDITION_KEYS);
    }
  }
  const skip = [...CONDITION_KEYS];
  for (const [key, value] of Object.entries(c.url.parameters)) {
    const tilde = key.startsWith("~");
    if (!tilde && key !== "application" && key !== "side") continue;
    if (tilde) skip.push(key);
    if (value !== ANY_VALUE && value !== rawParam(url, tilde ? key.slice(1) : key)) return url;
  }
  return doConfigure(c, url, skip);
}

/**
 * The rule's `providerAddresses` list (Constants.OVERRIDE_PROVIDERS_KEY; a `providers`
 * parameter is no condition and is copied like any other). 2.7.23 tests it as a substring (`providers.contains(address)`,
 * or any `0.0.0.0` in it); 3.3.6 splits it at commas and takes an entry equal to the
 * target's address or host, `0.0.0.0`, `0.0.0.0:*` or `0.0.0.0:{port}`.
 */
function providersMatch(c: Configurator, url: DubboUrl, release: DubboRelease): boolean {
  const providers = paramOr(c.url, OVERRIDE_PROVIDERS_KEY, undefined);
  if (providers === undefined) return true;
  const address = urlAddress(url);
  if (release === "2.7") return providers.includes(address) || providers.includes(ANYHOST_VALUE);
  return providers.split(",").some((a) => a === address || a === ANYHOST_VALUE || a === `${ANYHOST_VALUE}:${ANY_VALUE}` || a === `${ANYHOST_VALUE}:${url.port}` || a === url.host);
}

/** The rule's `application` (else its user name), when set and not `*`, must be the target's (else its user name). */
function applicationMatches(c: Configurator, url: DubboUrl): boolean {
  const wanted = paramOr(c.url, "application", c.url.username || undefined);
  const current = paramOr(url, "application", url.username || undefined);
  return wanted === undefined || wanted === ANY_VALUE || wanted === current;
}

/** OverrideConfigurator (`addParameters`) / AbsentConfigurator (`addParametersIfAbsent`) with the condition keys removed from the rule. */
function doConfigure(c: Configurator, url: DubboUrl, skip: readonly string[]): DubboUrl {
  const skipped = new Set(skip);
  const parameters: Record<string, string> = { ...url.parameters };
  let changed = false;
  for (const [k, v] of Object.entries(c.url.parameters)) {
    if (skipped.has(k)) continue;
    if (c.kind === "absent" && Object.hasOwn(parameters, k)) continue;
    if (parameters[k] === v && Object.hasOwn(parameters, k)) continue;
    withParam(parameters, k, v);
    changed = true;
  }
  return changed ? { ...url, parameters } : url;
}
