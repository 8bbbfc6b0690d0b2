import type { DecidedBy } from "@/lib/api/overrides/config-preview";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { javaUrlEncode, type DubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import { OVERRIDE } from "@/lib/rules/rule-kinds";
import { type Configurator, toConfigurators } from "@/lib/override/configurator";
import type { OverrideCopies } from "@/lib/override/override-copies";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { booleanParamOf, paramOr, rawParam } from "@/lib/override/url-access";

/** A configurator a consumer holds, and where it came from. */
export interface Held {
  readonly configurator: Configurator;
  readonly by: NonNullable<DecidedBy>;
}

/** The three lists RegistryDirectory.overrideWithConfigurator applies in turn, each sorted as Java sorts it. */
export interface HeldSources {
  readonly registry: readonly Held[];
  readonly application: readonly Held[];
  readonly service: readonly Held[];
}

/** A config-center rule as read: its configurators, or why the release refuses it. */
interface CenterRead {
  readonly held: readonly Held[];
  readonly refused: string | null;
}

/** The categories a consumer's RegistryDirectory subscribes to (the subscribe URL's `category`). */
export const CONSUMER_CATEGORIES = "providers,configurators,routers";
/** The category a provider's override listener subscribes to (RegistryProtocol.getSubscribedOverrideUrl). */
export const PROVIDER_CATEGORIES = OVERRIDE.registry.category;
/** The categories RegistryDirectory.isValidCategory accepts. */
const VALID_CATEGORIES = new Set(["routers", "providers", "configurators", "dynamicconfigurators", "appdynamicconfigurators"]);
const NO_HELD: readonly Held[] = Object.freeze([]);

/**
 * The configurators of one state of the copies (before or after the draft) as consumers of
 * each release hold them, read once per release and key:
 * - the registry copy of the service directory, as ZookeeperRegistry delivers it to the
 *   consumer's subscription (UrlUtils.isMatch: interface, category, `enabled`, group,
 *   version, classifier) and RegistryDirectory.notify keeps it (a valid category, no
 *   `compatible_config`, an `override` protocol or the `configurators` category), through
 *   Configurator.toConfigurators;
 * - a config-center rule through the override kind's config-center parser (parseConfigRule) and toConfigurators. A rule the release
 *   refuses changes nothing (AbstractConfiguratorListener logs it): the consumer keeps what
 *   it held, which for the draft's state is what it holds before (`previous`); a rule that
 *   gives no URL likewise keeps the held ones.
 */
export class HeldCopies {
  private readonly registryLists = new Map<string, readonly Held[]>();
  private readonly centerRules = new Map<string, CenterRead>();

  constructor(
    readonly copies: OverrideCopies,
    private readonly previous: HeldCopies | null,
  ) {}

  /**
   * What `consumer` (judged as `release`) holds; `readsCenter` false: the registry's only.
   * `categories`: what its subscription asks for (a consumer's directory
   * `providers,configurators,routers`, a provider's override listener `configurators`).
   */
  sources(consumer: DubboUrl, release: DubboRelease, readsCenter: boolean, categories = CONSUMER_CATEGORIES): HeldSources {
    const registry = this.registry(consumer, release, categories);
    if (!readsCenter) return { registry, application: NO_HELD, service: NO_HELD };
    return { registry, application: this.center(paramOr(consumer, "application", ""), release).held, service: this.center(consumerServiceRuleKey(consumer), release).held };
  }

  /** Why `release` refuses the rule of `key`, or null. */
  refused(key: string, release: DubboRelease): string | null {
    return this.center(key, release).refused;
  }

  /** The registry copy as `consumer` holds it. */
  registry(consumer: DubboUrl, release: DubboRelease, categories: string): readonly Held[] {
    const iface = paramOr(consumer, "interface", consumer.path);
    const dir = javaUrlEncode(iface);
    const urls = this.copies.registry.get(dir);
    if (urls === undefined || urls.length === 0) return NO_HELD;
    const subscription = [release, categories, iface, rawParam(consumer, "group"), rawParam(consumer, "version"), rawParam(consumer, "classifier"), rawParam(consumer, "enabled")].join("\u0000");
    let list = this.registryLists.get(subscription);
    if (list === undefined) {
      const kept = urls.filter((u) => delivered(consumer, categories, u) && keptByDirectory(u));
      list = heldOf(toConfigurators(kept), urls, (u) => ({ copy: "registry", source: formatDubboUrl(u), index: urls.indexOf(u) }));
      this.registryLists.set(subscription, list);
    }
    return list;
  }

  /** The config-center rule `{key}.configurators` as `release` holds it. */
  center(key: string, release: DubboRelease): CenterRead {
    const id = `${release}\u0000${key}`;
    let read = this.centerRules.get(id);
    if (read === undefined) {
      read = this.readCenter(key, release);
      this.centerRules.set(id, read);
    }
    return read;
  }

  private readCenter(key: string, release: DubboRelease): CenterRead {
    const text = this.copies.center.get(key);
    if (text === undefined || text.trim() === "") return { held: NO_HELD, refused: null };
    const read = centerRule(key, text, release);
    if ("refused" in read) return { held: this.previous?.center(key, release).held ?? NO_HELD, refused: read.refused };
    // A rule that gives no URL changes nothing either: the consumer keeps what it held.
    return { held: read.held ?? this.previous?.center(key, release).held ?? NO_HELD, refused: null };
  }
}

/** How many config-center rule texts the parse cache keeps (the saved ones and the drafts being typed). */
const PARSED_MAX = 128;
/** Rule texts longer than this are parsed each time, not kept (a rule is a few hundred bytes; the cache stays a few MiB). */
const PARSED_TEXT_MAX = 64 * 1024;
/** A rule as read: its configurators (null: it gives no URL), or why the release refuses it. */
type ParsedRule = { readonly held: readonly Held[] | null } | { readonly refused: string };
const parsedRules = new Map<string, ParsedRule>();

/**
 * `{key}.configurators` of `text` as `release` reads it: its configurators (null: the rule
 * gives no URL), or why it refuses it. Kept by text, so a preview typed key by key parses
 * the saved rule once, not twice per keystroke (the configurators are read-only).
 */
function centerRule(key: string, text: string, release: DubboRelease): ParsedRule {
  const id = `${release}\u0000${key}\u0000${text}`;
  let read = parsedRules.get(id);
  if (read !== undefined) return read;
  try {
    const urls = OVERRIDE.configCenter.parse(text, release);
    const plain = urls.map((u) => u.url);
    const source = `${key}${OVERRIDE.configCenter.suffix}`;
    read = { held: urls.length === 0 ? null : heldOf(toConfigurators(urls), plain, (u) => ({ copy: "center", source, index: plain.indexOf(u) })) };
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    read = { refused: e.message };
  }
  if (text.length > PARSED_TEXT_MAX) return read;
  if (parsedRules.size >= PARSED_MAX) parsedRules.clear();
  parsedRules.set(id, read);
  return read;
}

function heldOf(configurators: readonly Configurator[], _urls: readonly DubboUrl[], by: (u: DubboUrl) => NonNullable<DecidedBy>): readonly Held[] {
  return Object.freeze(configurators.map((configurator) => ({ configurator, by: by(configurator.url) })));
}

/** UrlUtils.isMatch(subscribeUrl, url) for a configurator URL of the service directory, the subscription asking for `categories`. */
export function delivered(consumer: DubboUrl, categories: string, url: DubboUrl): boolean {
  const wanted = paramOr(consumer, "interface", consumer.path);
  if (wanted !== "*" && wanted !== paramOr(url, "interface", url.path)) return false;
  if (!categories.includes(paramOr(url, "category", "providers"))) return false;
  if (rawParam(consumer, "enabled") !== "*" && !booleanParamOf(url, "enabled", true)) return false;
  const group = rawParam(consumer, "group");
  const version = rawParam(consumer, "version");
  const classifier = paramOr(consumer, "classifier", "*");
  const theirGroup = rawParam(url, "group");
  const groupOk = group === "*" || group === theirGroup || (group !== undefined && group !== "" && theirGroup !== undefined && theirGroup !== "" && group.split(/\s*[,]+\s*/).includes(theirGroup));
  const versionOk = version === "*" || version === rawParam(url, "version");
  const classifierOk = classifier === "*" || classifier === rawParam(url, "classifier");
  return groupOk && versionOk && classifierOk;
}

/** RegistryDirectory.notify's filters: a valid category, not a 2.6 compatibility copy, and judged a configurator. */
function keptByDirectory(url: DubboUrl): boolean {
  const category = paramOr(url, "category", "providers");
  if (!VALID_CATEGORIES.has(category)) return false;
  if (paramOr(url, "compatible_config", "") !== "") return false;
  return url.protocol === "override" || category === "configurators";
}
