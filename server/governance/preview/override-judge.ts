import type { DecidedBy, PreviewValues } from "@/lib/api/config-preview";
import type { DubboUrl } from "@/lib/dubbo/url";
import { configure, type ConfigureContext } from "@/lib/override/configure";
import { addressParameter, overrideUrlOf } from "@/lib/override/override-chain";
import type { OverrideRelease } from "@/lib/override/override-release";
import { rawParam } from "@/lib/override/url-access";
import { CONCATENATED, DROPPED_FROM_PROVIDER, KEPT_FROM_PROVIDER, PROVIDER_FIRST } from "@/lib/routing/url/merged-provider-url";
import { mergeProviderUrl } from "@/server/cluster/merged-url";
import type { Held, HeldSources } from "./override-held";

/** One provider's effective values as one consumer reads them, and which configurator set each. */
export interface PairView {
  readonly values: PreviewValues;
  readonly by: Readonly<Record<string, DecidedBy>>;
}

/**
 * How one consumer reads every provider in one state of the copies: the providers some
 * configurator it holds may reach (`touched`, judged with lib/override's Java-exact
 * configure), and the rest read from the provider URL and the consumer's own (`base`).
 */
export interface ConsumerReading {
  readonly touched: ReadonlyMap<number, PairView>;
  /** 3.3.6: whether the consumer holds any configurator, so each provider has an override URL. */
  readonly overrideMade: boolean;
  /** Every provider's values where no configurator reaches it (shared by consumers alike). */
  readonly base: readonly PairView[];
  /** The values of provider `i` (touched or not). */
  view(i: number): PairView;
}

/** What a judge needs of the consumer. */
export interface JudgedConsumer {
  readonly url: DubboUrl;
  readonly host: string;
  readonly semantics: OverrideRelease;
}

const ANYHOST = "0.0.0.0";

/**
 * The configurators of `sources` that may reach provider `host` for a consumer on
 * `localHost`: configure matches a rule's host against `0.0.0.0`, the consumer's own host
 * (consumer side) or the target's (provider side and 2.6-style URLs with a port), so any
 * other rule leaves the provider as it is and can be skipped.
 */
export class CandidateIndex {
  /** Per list: the rules that reach every provider of this consumer, and those of one provider host. */
  private readonly general: (readonly Held[])[];
  private readonly byHost: Map<string, Held[]>[];
  private readonly position: Map<Held, number>[];
  readonly anyGeneral: boolean;
  readonly anyHeld: boolean;

  constructor(sources: HeldSources, localHost: string) {
    const lists = [sources.registry, sources.application, sources.service];
    this.position = lists.map((l) => new Map(l.map((h, i) => [h, i])));
    this.general = lists.map((l) => l.filter((h) => h.configurator.url.host === ANYHOST || h.configurator.url.host === localHost || h.configurator.match !== undefined));
    this.byHost = lists.map((l) => {
      const m = new Map<string, Held[]>();
      for (const h of l) {
        const host = h.configurator.url.host;
        if (host === ANYHOST || host === localHost || h.configurator.match !== undefined) continue;
        let list = m.get(host);
        if (list === undefined) m.set(host, (list = []));
        list.push(h);
      }
      return m;
    });
    this.anyGeneral = this.general.some((l) => l.length > 0);
    this.anyHeld = lists.some((l) => l.length > 0);
  }

  /** The provider hosts some rule names. */
  hosts(): Set<string> {
    const out = new Set<string>();
    for (const m of this.byHost) for (const h of m.keys()) out.add(h);
    return out;
  }

  /** The candidate rules per list for a provider on `host`, in the list's order; null when there is none. */
  for(host: string): (readonly Held[])[] | null {
    let any = this.anyGeneral;
    const out = this.general.map((g, i) => {
      const own = this.byHost[i]!.get(host);
      if (own === undefined) return g;
      any = true;
      if (g.length === 0) return own;
      const order = this.position[i]!;
      return [...g, ...own].sort((a, b) => order.get(a)! - order.get(b)!);
    });
    return any ? out : null;
  }
}

/**
 * Reads every provider for one consumer in one state:
 * - 2.7.23: the provider URL merged with the consumer's (ClusterUtils.mergeUrl), then each
 *   list's configurators in turn on it (RegistryDirectory.overrideWithConfigurator);
 * - 3.3.6: the configurators on the separate override URL (made when the first non-empty
 *   list is applied), its values read through DubboServiceAddressURL.getParameter.
 * Only the providers a rule may reach are configured (CandidateIndex); the merged or
 * address view of the others is read key by key.
 */
export function readConsumer(consumer: JudgedConsumer, sources: HeldSources, providers: readonly DubboUrl[], keys: readonly string[], baseFor: (overrideMade: boolean) => readonly PairView[]): ConsumerReading {
  const index = new CandidateIndex(sources, consumer.host);
  const ctx: ConfigureContext = { release: consumer.semantics, localHost: consumer.host };
  const touched = new Map<number, PairView>();
  const judge = (i: number, candidates: (readonly Held[])[]) => {
    touched.set(i, consumer.semantics === "2.7" ? configured27(providers[i]!, consumer.url, candidates, ctx, keys) : configured3(providers[i]!, consumer.url, candidates, ctx, keys));
  };
  if (index.anyGeneral) {
    for (let i = 0; i < providers.length; i++) judge(i, index.for(providers[i]!.host)!);
  } else if (index.anyHeld) {
    const hosts = index.hosts();
    for (let i = 0; i < providers.length; i++) {
      if (!hosts.has(providers[i]!.host)) continue;
      judge(i, index.for(providers[i]!.host)!);
    }
  }
  const overrideMade = consumer.semantics === "3.x" && index.anyHeld;
  const base = baseFor(overrideMade);
  return { touched, overrideMade, base, view: (i) => touched.get(i) ?? base[i]! };
}

function noneBy(keys: readonly string[]): Record<string, DecidedBy> {
  const by: Record<string, DecidedBy> = {};
  for (const k of keys) by[k] = null;
  return by;
}

/** Applies `candidates` in turn to `target`, recording which rule last changed each key. */
export function applyTracked(target: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[], by: Record<string, DecidedBy>): DubboUrl {
  let url = target;
  for (const list of candidates) {
    for (const h of list) {
      const next = configure(h.configurator, url, ctx);
      if (next === url) continue;
      for (const k of keys) if (rawParam(next, k) !== rawParam(url, k)) by[k] = h.by;
      url = next;
    }
  }
  return url;
}

function configured27(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[]): PairView {
  const by = noneBy(keys);
  const url = applyTracked(mergeProviderUrl(provider, consumer.parameters), candidates, ctx, keys, by);
  const values: PreviewValues = {};
  for (const k of keys) values[k] = k === "check" ? "false" : (rawParam(url, k) ?? null);
  return { values, by };
}

function configured3(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[]): PairView {
  const by = noneBy(keys);
  const override = applyTracked(overrideUrlOf(provider, consumer), candidates, ctx, keys, by);
  return { values: address3View(override, provider, consumer, keys).values, by };
}

/** `key` of ClusterUtils.mergeUrl(provider, consumer parameters), read without building the URL (server/cluster/merged-url.ts). */
export function mergedValue(provider: DubboUrl, consumer: DubboUrl, key: string): string | null {
  if (key === "check") return "false";
  const own = DROPPED_FROM_PROVIDER.has(key) ? undefined : rawParam(provider, key);
  const theirs = rawParam(consumer, key);
  if (key === "remote.application") return rawParam(provider, "application") ?? theirs ?? own ?? null;
  if (CONCATENATED.has(key) && own && theirs) return `${own},${theirs}`;
  if (theirs === undefined || KEPT_FROM_PROVIDER.has(key) || (PROVIDER_FIRST.has(key) && own !== undefined)) return own ?? null;
  return theirs;
}

/**
 * Every provider's values for a consumer that no configurator reaches: the merged URL
 * (2.7.23) or the address URL (3.3.6, with its bare override URL when the consumer holds
 * any configurator), read key by key.
 */
export function baseViews(consumer: JudgedConsumer, providers: readonly DubboUrl[], keys: readonly string[], overrideMade: boolean): PairView[] {
  if (consumer.semantics === "2.7") return providers.map((p) => merged27View(p, consumer.url, keys));
  return providers.map((p) => address3View(overrideMade ? overrideUrlOf(p, consumer.url) : null, p, consumer.url, keys));
}

function merged27View(provider: DubboUrl, consumer: DubboUrl, keys: readonly string[]): PairView {
  const values: PreviewValues = {};
  for (const k of keys) values[k] = mergedValue(provider, consumer, k);
  return { values, by: noneBy(keys) };
}

function address3View(override: DubboUrl | null, provider: DubboUrl, consumer: DubboUrl, keys: readonly string[]): PairView {
  const values: PreviewValues = {};
  for (const k of keys) values[k] = addressParameter(override, provider, consumer, k) ?? null;
  return { values, by: noneBy(keys) };
}
