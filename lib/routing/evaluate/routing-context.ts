import { parseConsumerUrl } from "../url/consumer-url";
import type { RouteInvocation } from "./condition-value";
import { parseProviderUrl } from "../url/provider-url";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import type { JavaUrl } from "../url/route-url";

/**
 * What every route of a routing shares: the consumer URL and call, parsed once, and the
 * provider URLs, each parsed once as a consumer of the semantics reads it.
 */

/** A provider string and its URL as the consumer of one semantics reads it. */
export interface ParsedProvider {
  readonly url: string;
  readonly parsed: JavaUrl;
}

/** Positions in a provider list, in list order: what a route receives and returns within a chain. */
export type ProviderIndexes = readonly number[];

/** The consumer side of a routing, shared by every route of a chain. */
export interface RoutingContext {
  readonly semantics: DubboRelease;
  readonly consumer: JavaUrl;
  readonly invocation: RouteInvocation | null;
}

/** Parses the consumer once for several routes. Throws `UrlSyntaxError` for a URL the consumer could not parse. */
export function routingContext(semantics: DubboRelease, consumer: string, invocation?: RouteInvocation): RoutingContext {
  const url = parseConsumerUrl(consumer, semantics);
  url.parameters(); // read once: every provider consults the consumer's parameters
  return { semantics, consumer: url, invocation: invocation ?? null };
}

/**
 * URLs parsed before, per semantics: a preview re-routes the same registry providers on
 * every keystroke, as a Java consumer routes invokers it built once. A parsed URL is
 * immutable in what it answers, so sharing it changes no result.
 */
const parsedUrls: Record<DubboRelease, Map<string, ParsedProvider>> = { "2.7": new Map(), "3.x": new Map() };
/** Past this many URLs the cache starts over (about 30 MB of parsed providers). */
const PARSED_URLS_MAX = 100_000;

/** Forgets the URLs parsed before: the next routing parses every provider again (a benchmark's cold path). */
export function forgetParsedUrls(): void {
  for (const cache of Object.values(parsedUrls)) cache.clear();
}

/** Parses provider strings once for several routes. Throws `UrlSyntaxError` for a URL the consumer could not parse. */
export function parseProviders(providers: readonly string[], semantics: DubboRelease): ParsedProvider[] {
  return providers.map((url) => parseProvider(url, semantics));
}

/** One provider string, parsed once (see {@link parseProviders}). */
export function parseProvider(url: string, semantics: DubboRelease): ParsedProvider {
  const cache = parsedUrls[semantics];
  let parsed = cache.get(url);
  if (parsed === undefined) {
    parsed = { url, parsed: parseProviderUrl(url, semantics) };
    if (cache.size >= PARSED_URLS_MAX) cache.clear();
    cache.set(url, parsed);
  }
  return parsed;
}
