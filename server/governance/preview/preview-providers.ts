import { isConsoleError } from "@/lib/errors";
import { parseProvider, parseProviders, type ParsedProvider } from "@/lib/routing/evaluate/routing-context";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { ThenTables } from "@/lib/routing/evaluate/then-tables";

/**
 * The providers a route preview routes, parsed for one semantics, with the then tables
 * judged on them (lib/routing/evaluate/then-tables.ts), kept per provider list: the catalog hands out
 * one frozen array per state of a service (ServiceRouting), so every preview of the service
 * until it changes finds its providers parsed and its saved routes already judged, as a Java
 * consumer builds its invokers once per notification and routes them on every call.
 */
export interface ProviderSet {
  /** `tables.providers` are the providers parsed. */
  readonly tables: ThenTables;
  /** Their strings, in order: the list given, less those left out. */
  readonly urls: readonly string[];
  /** Providers left out, in words. */
  readonly notes: readonly string[];
}

/** Per list: `{semantics} {how}` → its set. Dropped with the list. */
const sets = new WeakMap<readonly string[], Map<string, ProviderSet>>();

/**
 * The registry's providers, as a consumer of `semantics` reads them: one it cannot parse is
 * left out, and said. `urls` must not change afterwards (a catalog snapshot).
 */
export function registryProviders(urls: readonly string[], semantics: DubboRelease): ProviderSet {
  return kept(urls, `${semantics} registry`, () => {
    const parsed: ParsedProvider[] = [];
    const notes: string[] = [];
    for (const url of urls) {
      try {
        parsed.push(parseProvider(url, semantics));
      } catch (e) {
        if (!isConsoleError(e)) throw e;
        notes.push(`Left out a registered provider a Dubbo ${semantics} consumer cannot parse: ${e.message}`);
      }
    }
    return { tables: new ThenTables(parsed), urls: parsed.length === urls.length ? urls : parsed.map((p) => p.url), notes };
  });
}

/**
 * Providers that must all parse (listed in a request, or the set of the other semantics):
 * @throws UrlSyntaxError for one a consumer of `semantics` cannot parse.
 */
export function listedProviders(urls: readonly string[], semantics: DubboRelease): ProviderSet {
  return kept(urls, `${semantics} listed`, () => ({ tables: new ThenTables(parseProviders(urls, semantics)), urls, notes: [] }));
}

function kept(urls: readonly string[], how: string, make: () => ProviderSet): ProviderSet {
  let byHow = sets.get(urls);
  if (byHow === undefined) sets.set(urls, (byHow = new Map()));
  let set = byHow.get(how);
  if (set === undefined) byHow.set(how, (set = make()));
  return set;
}
