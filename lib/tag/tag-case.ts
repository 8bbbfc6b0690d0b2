import type { DubboRelease } from "../dubbo/dubbo-release";
import { parseConsumerUrl } from "../routing/url/consumer-url";
import { parseProviderUrl } from "../routing/url/provider-url";
import { javaAddress, type JavaUrl } from "../routing/url/route-url";
import { validV4Address } from "./address-set";
import { FORCE_TAG_KEY, type LoadedTagRule, loadTagRule, routeByTag, TAG_KEY, type TagProvider, type TagRequest } from "./tag-router";
import { parseTagRule, TagRuleError } from "./tag-rule";

/**
 * One tag-routing question in plain strings, as the Java tag routers get it: the rule texts
 * a consumer's router was notified of, in order, the consumer URL, the providers as
 * registered, and the call's attachments.
 */
export interface TagCase {
  /** Config-center texts of `{provider application}.tag-router`, in the order notified; null: the node was deleted. */
  readonly rules: readonly (string | null)[];
  /** The consumer URL, decoded. */
  readonly consumer: string;
  /** Provider URLs, decoded, as registered (the registry node name decoded). */
  readonly providers: readonly string[];
  /** The invocation's attachments (`dubbo.tag`, `dubbo.force.tag`, ...). */
  readonly attachments: Readonly<Record<string, string>>;
}

/** What the router does with a case. */
export interface TagCaseAnswer {
  /** Positions (in `providers`) of the providers the tag router keeps, in input order. */
  readonly kept: readonly number[];
  /** Whether the router holds a rule after the notifications (false: none, or every text was refused). */
  readonly ruleLoaded: boolean;
  /** The Java exception the route itself throws, when it does. */
  readonly thrown?: string;
}

/**
 * The provider as a consumer of `release` routes on it, the same for every consumer: 2.7's
 * merged URL (the provider's own `dubbo.tag`: mergeUrl never takes the consumer's), 3.3's
 * DubboServiceAddressURL (no configurators: the provider's `dubbo.tag`, the consumer's being
 * stripped as a provider-first key; `match` reads `getOriginalParameter`: `side` is
 * `consumer`, `category` is `providers`, the rest the provider's own).
 */
export function tagProviderOf(provider: JavaUrl, release: DubboRelease): TagProvider {
  const address = javaAddress(provider);
  const v4 = validV4Address(provider.host);
  if (release === "2.7") return { host: provider.host, port: provider.port, v4, tag: provider.param(TAG_KEY), address, original: (key) => (key === null ? null : provider.param(key)) };
  return {
    host: provider.host,
    port: provider.port,
    v4,
    tag: provider.param(TAG_KEY),
    address,
    original(key) {
      if (key === null) return null;
      if (key === "side") return "consumer";
      if (key === "category") return "providers";
      return provider.param(key);
    },
  };
}

/** The rule a router holds after `rules` were notified in order: a refused text keeps the one before; null deletes. */
export function notifiedRule(rules: readonly (string | null)[], providers: readonly TagProvider[], release: DubboRelease): LoadedTagRule | null {
  let loaded: LoadedTagRule | null = null;
  for (const text of rules) {
    if (text === null) {
      loaded = null;
      continue;
    }
    try {
      loaded = loadTagRule(parseTagRule(text, release), providers);
    } catch (e) {
      if (!(e instanceof TagRuleError)) throw e;
    }
  }
  return loaded;
}

/** The request side of a call with `attachments` from `consumer`. */
export function tagRequestOf(consumer: JavaUrl, attachments: Readonly<Record<string, string>>): TagRequest {
  const own = (k: string) => (Object.hasOwn(attachments, k) ? attachments[k]! : null);
  return { tagAttachment: own(TAG_KEY), forceAttachment: own(FORCE_TAG_KEY), consumerTag: consumer.param(TAG_KEY), consumerForce: consumer.param(FORCE_TAG_KEY) };
}

/** Routes `c` as the tag router of `release` does (2.7.23 TagRouter, 3.3.6 TagStateRouter). */
export function routeTagCase(c: TagCase, release: DubboRelease): TagCaseAnswer {
  const consumer = parseConsumerUrl(c.consumer, release);
  const providers = c.providers.map((p) => tagProviderOf(parseProviderUrl(p, release), release));
  const loaded = notifiedRule(c.rules, providers, release);
  const result = routeByTag(release, loaded, providers, tagRequestOf(consumer, c.attachments));
  return { kept: result.kept, ruleLoaded: loaded !== null, ...(result.thrown !== undefined ? { thrown: result.thrown } : {}) };
}
