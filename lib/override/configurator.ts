import type { DubboUrl } from "../dubbo/url";
import type { ConditionMatch } from "./condition-match";

/**
 * One configurator, as Dubbo's ConfiguratorFactory makes it from a URL (2.7.23 and 3.3.6
 * `Configurator.toConfigurators`): an `override://` URL gives an OverrideConfigurator
 * (its parameters replace the target's), an `absent://` URL an AbsentConfigurator (its
 * parameters only fill what the target lacks).
 */
export interface Configurator {
  readonly url: DubboUrl;
  readonly kind: "override" | "absent";
  /**
   * 3.x only: the `match` of a v3.0 config-center item (ConfigParser.appendMatchCondition puts
   * it on the URL as the MATCH_CONDITION attribute); undefined for registry URLs.
   */
  readonly match?: ConditionMatch;
}

/** A configurator URL and the `match` it carries when it came from config-center YAML. */
export interface ConfiguratorUrl {
  readonly url: DubboUrl;
  readonly match?: ConditionMatch;
}

const ANYHOST_KEY = "anyhost";

/**
 * `Configurator.toConfigurators` (2.7.23 and 3.3.6 alike): an `empty://` URL clears the
 * list (and ends it), a URL with no parameter but `anyhost` is skipped, the rest become
 * configurators sorted by {@link compareConfigurators} (Collections.sort is stable).
 * Dubbo's adaptive factory knows only `override` and `absent`; for any other protocol its
 * notification fails ("No such extension"): such URLs are left out here, and counted by
 * the caller if it wants to say so.
 */
export function toConfigurators(urls: readonly (DubboUrl | ConfiguratorUrl)[]): Configurator[] {
  const out: Configurator[] = [];
  for (const item of urls) {
    const { url, match } = "url" in item ? item : { url: item, match: undefined };
    if (url.protocol === "empty") {
      out.length = 0;
      break;
    }
    if (Object.keys(url.parameters).every((k) => k === ANYHOST_KEY)) continue;
    if (url.protocol !== "override" && url.protocol !== "absent") continue;
    out.push(match === undefined ? { url, kind: url.protocol } : { url, kind: url.protocol, match });
  }
  return out.sort(compareConfigurators);
}

/**
 * `Configurator.compareTo`: by host (String.compareTo, so `0.0.0.0` sorts before a
 * specific address and is applied first, letting the specific rule win), then by
 * `priority` (getParameter(PRIORITY_KEY, 0), ascending: a higher priority is applied later).
 */
export function compareConfigurators(a: Configurator, b: Configurator): number {
  if (a.url.host !== b.url.host) return a.url.host < b.url.host ? -1 : 1;
  return priority(a) - priority(b);
}

/** `getParameter("priority", 0)`: empty is the default; Java's Integer.parseInt would throw on a non-integer, here 0. */
function priority(c: Configurator): number {
  const v = c.url.parameters.priority;
  if (v === undefined || v === "") return 0;
  return /^[+-]?\d+$/.test(v) ? Number(v) : 0;
}
