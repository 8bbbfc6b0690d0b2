import type { DecidedBy, PreviewValues } from "@/lib/api/overrides/config-preview";
import type { DubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import { CONDITION_KEYS, configure, type ConfigureContext } from "@/lib/override/configure";
import { addressParameter, overrideUrlOf } from "@/lib/override/override-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { booleanParamOf, paramOr, rawParam } from "@/lib/override/url-access";
import { CONCATENATED, DROPPED_FROM_PROVIDER, KEPT_FROM_PROVIDER, PROVIDER_FIRST } from "@/lib/routing/url/merged-provider-url";
import { EFFECT_KEYS } from "./override-effect";
import type { Held, HeldSources } from "./override-held";
import { ProviderListMemo } from "./provider-list-memo";

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
  /** The providers whose values for the spread may differ from the base's (judged one by one). */
  readonly touched: ReadonlyMap<number, PairView>;
  /**
   * The rules that reach every provider alike and write no key the spread reads, as text
   * ("" when none): a provider outside `touched` has the values those rules make of its base
   * values, so two states with the same `general` differ only at their `touched` providers.
   */
  readonly general: string;
  /** 3.3.6: whether the consumer holds any configurator, so each provider has an override URL. */
  readonly overrideMade: boolean;
  /** The values of provider `i` (touched or not). */
  view(i: number): PairView;
  /**
   * For a provider outside `touched`: its class, equal for providers whose views the rules
   * reaching all make alike over their base views (−1: no such rule, the base view); null
   * when every provider is judged one by one.
   */
  readonly classOf: ((i: number) => number) | null;
  /**
   * Equal for two consumers whose every view is equal (same base views, same judged
   * providers, same rules reaching all, same inputs of the judge); null when not worked out
   * (judged one by one for more than a few providers, or nothing shared).
   */
  readonly signature: string | null;
}

/** How many judged providers a reading's signature lists at most. */
const SIGNED_MAX = 64;

const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/** A number for an object, the same while it lives (signatures name shared objects by it). */
export function identityOf(o: object): number {
  let id = identities.get(o);
  if (id === undefined) identities.set(o, (id = nextIdentity++));
  return id;
}

function signatureOf(alike: string | null, base: BaseViews, general: string, overrideMade: boolean, touched: ReadonlyMap<number, PairView>): string | null {
  if (alike === null || touched.size > SIGNED_MAX) return null;
  const judged = [...touched].map(([i, v]) => `${i}:${identityOf(v)}`).join(",");
  return [alike, identityOf(base), general, overrideMade ? "o" : "-", judged].join("\u0000");
}

/** What a judge needs of the consumer. */
export interface JudgedConsumer {
  readonly url: DubboUrl;
  readonly host: string;
  readonly semantics: DubboRelease;
}

const ANYHOST = "0.0.0.0";

/**
 * The configurators of `sources` that may reach each provider for a consumer on
 * `localHost`. configure matches a rule's host against `0.0.0.0`, the consumer's own host
 * (consumer side) or the target's (provider side and 2.6-style URLs with a port), and its
 * `providerAddresses` against the target's address (2.7.23: as a substring of the list;
 * 3.3.6: an entry equal to the address or host); a rule that cannot reach a provider leaves
 * it as it is and is skipped for it. Rules of another application or side are left out for
 * the consumer altogether (mayReach).
 */
export class CandidateIndex {
  /** Per list: the rules that may reach every provider, and those that reach only some (by provider index). */
  private readonly general: (readonly Held[])[];
  private readonly targeted: Map<number, Held[]>[];
  private readonly position: Map<Held, number>[];
  readonly anyGeneral: boolean;
  readonly anyHeld: boolean;
  /** Every rule that may reach some provider for the consumer. */
  readonly held: readonly Held[];

  constructor(sources: HeldSources, localHost: string, providers: readonly DubboUrl[], release: DubboRelease, consumer?: DubboUrl) {
    const all = [sources.registry, sources.application, sources.service];
    const lists = consumer === undefined ? all : all.map((l) => l.filter((h) => mayReach(h, consumer)));
    this.held = lists.flat();
    this.position = lists.map((l) => new Map(l.map((h, i) => [h, i])));
    this.general = [];
    this.targeted = [];
    for (const l of lists) {
      const general: Held[] = [];
      const targeted = new Map<number, Held[]>();
      for (const h of l) {
        const reach = reachOf(h, localHost, providers, release);
        if (reach === null) {
          general.push(h);
          continue;
        }
        for (const i of reach) {
          let list = targeted.get(i);
          if (list === undefined) targeted.set(i, (list = []));
          list.push(h);
        }
      }
      this.general.push(general);
      this.targeted.push(targeted);
    }
    this.anyGeneral = this.general.some((l) => l.length > 0);
    this.anyHeld = lists.some((l) => l.length > 0);
  }

  /**
   * Whether every rule that may reach all providers decides alike for providers of one
   * class: no `providerAddresses` and no 3.x `match`, and
   * - 2.7.23 (its configure on the merged URL): alike for the same values of the keys it
   *   reads or writes; no port (a port is matched against the target's), and not a
   *   config-center rule of the provider side (matched by the target's host and port);
   * - 3.3.6 (its configure on the override URL, whose parameters are the consumer's
   *   `application` and `side` and the provider's `group` and `version`): alike for the
   *   same user name, path, group and version; a registry URL without a port (with one, it
   *   is matched against the target's host and port); a config-center rule of the consumer
   *   side ignores the port.
   */
  generalProviderFree(release: DubboRelease): boolean {
    return this.general.every((l) =>
      l.every((h) => {
        const rule = h.configurator.url;
        if (h.configurator.match !== undefined || rawParam(rule, "providerAddresses") !== undefined) return false;
        const version = rawParam(rule, "configVersion");
        const fromCenter = version !== undefined && version !== "";
        if (release === "3.x") return fromCenter || rule.port === 0;
        return rule.port === 0 && (!fromCenter || rawParam(rule, "side") !== "provider");
      }),
    );
  }

  /** The providers some rule reaches that does not reach all. */
  targets(): Set<number> {
    const out = new Set<number>();
    for (const m of this.targeted) for (const i of m.keys()) out.add(i);
    return out;
  }

  /** Whether a rule that may reach all providers can write one of `keys` (a key of its parameters, not a condition). */
  generalWrites(keys: readonly string[]): boolean {
    const wanted = new Set(keys);
    return this.general.some((l) => l.some((h) => Object.keys(h.configurator.url.parameters).some((k) => wanted.has(k) && !CONDITION_KEYS.includes(k))));
  }

  /** The rules that may reach all providers, as text: kind, rule URL and where it came from (equal text, equal outcome). */
  generalText(): string {
    return this.general.map((l) => l.map(heldText).join("\u0002")).join("\u0003");
  }

  /** The candidate rules per list for provider `i`, in the list's order; null when there is none. */
  for(i: number): (readonly Held[])[] | null {
    let any = this.anyGeneral;
    const out = this.general.map((g, l) => {
      const own = this.targeted[l]!.get(i);
      if (own === undefined) return g;
      any = true;
      if (g.length === 0) return own;
      const order = this.position[l]!;
      return [...g, ...own].sort((a, b) => order.get(a)! - order.get(b)!);
    });
    return any ? out : null;
  }
}

const heldTexts = new WeakMap<Held, string>();

function heldText(h: Held): string {
  let text = heldTexts.get(h);
  if (text === undefined) {
    text = [h.configurator.kind, h.by.copy, h.by.source, h.by.index, formatDubboUrl(h.configurator.url)].join("\u0001");
    heldTexts.set(h, text);
  }
  return text;
}

/** The providers `h` may reach (indexes), or null when it may reach any. */
function reachOf(h: Held, localHost: string, providers: readonly DubboUrl[], release: DubboRelease): readonly number[] | null {
  const rule = h.configurator.url;
  if (h.configurator.match !== undefined) return null;
  if (rule.host !== ANYHOST && rule.host !== localHost) return ProviderListMemo.of(providers).byHost(rule.host);
  const list = paramOr(rule, "providerAddresses", undefined);
  return list === undefined ? null : ProviderListMemo.of(providers).addressesReached(list, release);
}

/**
 * Whether a rule may reach any provider as `consumer` reads it. The target (2.7.23's merged
 * URL, 3.3.6's override URL) takes `application` and `side` from the consumer, and no rule
 * can change them (they are condition keys), so a disabled rule, a config-center rule of
 * the other side, and a rule of another application (or `side`) never apply for it.
 */
function mayReach(h: Held, consumer: DubboUrl): boolean {
  const rule = h.configurator.url;
  if (!booleanParamOf(rule, "enabled", true)) return false;
  const side = rawParam(consumer, "side");
  const application = rawParam(consumer, "application");
  const configVersion = rawParam(rule, "configVersion");
  if (configVersion !== undefined && configVersion !== "" && side !== undefined && side !== "" && rawParam(rule, "side") !== side) return false;
  if (configVersion === undefined || configVersion === "") {
    const ruleSide = rawParam(rule, "side");
    if (ruleSide !== undefined && ruleSide !== "*" && side !== undefined && side !== "" && ruleSide !== side) return false;
  }
  const wanted = paramOr(rule, "application", rule.username || undefined);
  if (wanted !== undefined && wanted !== "*" && application !== undefined && application !== "" && wanted !== application) return false;
  return true;
}

/** Providers judged for one consumer, for consumers alike to share (judgedAlike). */
export interface JudgedShare {
  readonly views: Map<string, PairView>;
  /** Whether a key's value is shown (3.3.6 reads a consumer's own `timestamp` into its views, but nothing else reads it there). */
  readonly shown: (key: string) => boolean;
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
export function readConsumer(consumer: JudgedConsumer, sources: HeldSources, providers: readonly DubboUrl[], keys: readonly string[], baseFor: (overrideMade: boolean) => BaseViews, share?: JudgedShare): ConsumerReading {
  const index = new CandidateIndex(sources, consumer.host, providers, consumer.semantics, consumer.url);
  const targetKeys = consumer.semantics === "2.7" ? ruleKeys(sources, keys) : keys;
  const ctx: ConfigureContext = { release: consumer.semantics, localHost: consumer.host };
  const touched = new Map<number, PairView>();
  const alike = share === undefined ? null : judgedAlike(consumer, index.held, keys, targetKeys, share.shown);
  const judged = share?.views;
  const judge = (i: number, candidates: (readonly Held[])[]) => {
    const id = alike === null ? null : `${i}\u0000${candidates.map((l) => l.map(identityOf).join(",")).join(";")}\u0000${alike}`;
    let view = id === null ? undefined : judged!.get(id);
    if (view === undefined) {
      view = consumer.semantics === "2.7" ? configured27(providers[i]!, consumer.url, candidates, ctx, keys, targetKeys) : configured3(providers[i]!, consumer.url, candidates, ctx, keys);
      if (id !== null) judged!.set(id, view);
    }
    touched.set(i, view);
  };
  if (index.anyGeneral && index.generalProviderFree(consumer.semantics)) {
    // Every provider is reached, by rules whose outcome is one per class of providers: judged once per class, over each provider's own values.
    const targets = index.targets();
    for (const i of [...targets].sort((a, b) => a - b)) judge(i, index.for(i)!);
    const v27 = consumer.semantics === "2.7";
    const base = baseFor(!v27);
    const classKeys = ruleKeys(sources, []);
    // 2.7.23: alike in the merged URL's values of the keys its rules read or write (mergedValue reads the provider's own
    // value of the key, and `application` for `remote.application`); 3.3.6: alike in the override URL (group and version)
    // and in the address URL's values of the keys its rules write.
    const classes = ProviderListMemo.of(providers).classes(v27 ? (classKeys.includes("remote.application") ? [...classKeys, "application"] : classKeys) : ["group", "version", ...classKeys]);
    const overlays = new Map<number, PairView>();
    const memo = new Map<number, PairView>();
    const overlaid = (i: number): PairView => {
      let view = memo.get(i);
      if (view !== undefined) return view;
      const p = providers[i]!;
      const id = classes.of[i]!;
      let overlay = overlays.get(id);
      if (overlay === undefined) overlays.set(id, (overlay = v27 ? overlay27(p, consumer.url, index.for(i)!, ctx, keys, targetKeys, classKeys) : overlay3(p, consumer.url, index.for(i)!, ctx, keys)));
      const own = base.at(i);
      memo.set(i, (view = { values: { ...own.values, ...overlay.values }, by: { ...own.by, ...overlay.by } }));
      return view;
    };
    if (!index.generalWrites(EFFECT_KEYS)) {
      // The spread reads nothing these rules write: only the targets leave the base spread, the rest are read when shown.
      const general = index.generalText();
      return { touched, general, overrideMade: !v27, view: (i) => touched.get(i) ?? overlaid(i), classOf: (i) => classes.of[i]!, signature: signatureOf(alike, base, general, !v27, touched) };
    }
    for (let i = 0; i < providers.length; i++) if (!targets.has(i)) touched.set(i, overlaid(i));
  } else if (index.anyGeneral) {
    for (let i = 0; i < providers.length; i++) judge(i, index.for(i)!);
  } else if (index.anyHeld) {
    for (const i of [...index.targets()].sort((a, b) => a - b)) judge(i, index.for(i)!);
  }
  const overrideMade = consumer.semantics === "3.x" && index.anyHeld;
  const base = baseFor(overrideMade);
  const general = index.anyGeneral ? `\u0004${index.generalText()}` : "";
  return { touched, general, overrideMade, view: (i) => touched.get(i) ?? base.at(i), classOf: index.anyGeneral ? null : () => -1, signature: signatureOf(alike, base, general, overrideMade, touched) };
}

/**
 * What a judged provider's values depend on of the consumer, beside the provider and its
 * candidate rules (`all`: those that may reach a provider for it, CandidateIndex.held):
 * its release; its values of the keys the target is built from (2.7.23's merged URL:
 * `targetKeys`; 3.3.6's override and address URLs: the keys read, `side`, `application`
 * and its path), `application` only when something reads it (a rule's `application`,
 * `~application`, user name or `match`, or a key shown) and 3.3.6's `timestamp` only when
 * shown (it weighs none); and which rules name its host (configure matches a consumer-side
 * rule's host against it; with a 3.x `match`, the host itself). Consumers with the same
 * answer share their judged providers (a fleet's instances differ in host and
 * application, not in what their rules see).
 */
function judgedAlike(consumer: JudgedConsumer, all: readonly Held[], keys: readonly string[], targetKeys: readonly string[], shown: (key: string) => boolean): string {
  const appRead = keys.includes("application") || all.some((h) => h.configurator.match !== undefined || h.configurator.url.username !== "" || Object.hasOwn(h.configurator.url.parameters, "application") || Object.hasOwn(h.configurator.url.parameters, "~application"));
  const read = consumer.semantics === "2.7" ? targetKeys : [...keys, "side", "application"];
  // 2.7.23's merged URL keeps the provider's `timestamp`, `release`, … whatever the consumer's (mergedValue); 3.3.6 weighs no `timestamp`.
  const unread = (k: string) => (k === "application" && !appRead) || (consumer.semantics === "2.7" ? KEPT_FROM_PROVIDER.has(k) : k === "timestamp" && !shown(k));
  const values = read.map((k) => (unread(k) ? "" : (rawParam(consumer.url, k) ?? "\u0001")));
  // A 3.x `match` reads the host itself (its address condition).
  const hosts = all.some((h) => h.configurator.match !== undefined) ? consumer.host : all.filter((h) => h.configurator.url.host === consumer.host).map(identityOf).join(",");
  return [consumer.semantics, consumer.semantics === "3.x" ? consumer.url.path : "", hosts, ...values].join("\u0000");
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

/**
 * The keys of the merged URL a rule can read or write: the keys reported, `side` and
 * `application` (configureIfMatch), and every key of a rule's parameters (a `~key`
 * condition's key, an absent rule's test, an override's target).
 */
function ruleKeys(sources: HeldSources, keys: readonly string[]): readonly string[] {
  const out = new Set([...keys, "side", "application"]);
  for (const list of [sources.registry, sources.application, sources.service]) for (const h of list) for (const k of Object.keys(h.configurator.url.parameters)) out.add(k.startsWith("~") ? k.slice(1) : k);
  return [...out];
}

/**
 * 2.7.23's merged URL (ClusterUtils.mergeUrl) holding only `targetKeys`: configure reads
 * nothing else of it (its address, user name and those keys), so the values reported come
 * out as from the whole URL, without copying the provider's thirty parameters per rule.
 */
function mergedTarget(provider: DubboUrl, consumer: DubboUrl, targetKeys: readonly string[]): DubboUrl {
  const parameters: Record<string, string> = {};
  for (const k of targetKeys) {
    const v = mergedValue(provider, consumer, k);
    if (v === null) continue;
    if (k === "__proto__") Object.defineProperty(parameters, k, { value: v, writable: true, enumerable: true, configurable: true });
    else parameters[k] = v;
  }
  return { ...provider, parameters };
}

function configured27(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[], targetKeys: readonly string[]): PairView {
  const by = noneBy(keys);
  const url = applyTracked(mergedTarget(provider, consumer, targetKeys), candidates, ctx, keys, by);
  const values: PreviewValues = {};
  for (const k of keys) values[k] = k === "check" ? "false" : (rawParam(url, k) ?? null);
  return { values, by };
}

/** What the rules reaching all make of a 2.7.23 provider's class: the class keys' values and who decided each. */
function overlay27(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[], targetKeys: readonly string[], classKeys: readonly string[]): PairView {
  const full = configured27(provider, consumer, candidates, ctx, keys, targetKeys);
  const values: PreviewValues = {};
  const by: Record<string, DecidedBy> = {};
  for (const k of keys) {
    if (!classKeys.includes(k)) continue;
    values[k] = full.values[k]!;
    by[k] = full.by[k]!;
  }
  return { values, by };
}

/**
 * What the rules reaching all make of a 3.3.6 provider's class: the override URL's values
 * that are not empty (DubboServiceAddressURL.getParameter answers them first; for the rest
 * it reads the address URL, as the base view does), and who decided each key.
 */
function overlay3(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[]): PairView {
  const by = noneBy(keys);
  const override = applyTracked(overrideUrlOf(provider, consumer), candidates, ctx, keys, by);
  const values: PreviewValues = {};
  for (const k of keys) {
    const v = rawParam(override, k);
    if (v !== undefined && v !== "") values[k] = v;
  }
  return { values, by };
}

function configured3(provider: DubboUrl, consumer: DubboUrl, candidates: (readonly Held[])[], ctx: ConfigureContext, keys: readonly string[]): PairView {
  const by = noneBy(keys);
  const override = applyTracked(overrideUrlOf(provider, consumer), candidates, ctx, keys, by);
  return { values: address3View(override, provider, consumer, keys, by).values, by };
}

/** `key` of ClusterUtils.mergeUrl(provider, consumer parameters), read without building the URL (server/cluster/directory/merged-url.ts). */
export function mergedValue(provider: DubboUrl, consumer: DubboUrl, key: string): string | null {
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
 * any configurator), read key by key when first asked (a consumer shows a few of them;
 * consumers alike share one).
 */
export class BaseViews {
  private readonly memo = new Map<number, PairView>();
  private readonly by: PairView["by"];

  constructor(
    private readonly consumer: JudgedConsumer,
    private readonly providers: readonly DubboUrl[],
    private readonly keys: readonly string[],
    private readonly overrideMade: boolean,
  ) {
    this.by = Object.freeze(noneBy(keys));
  }

  at(i: number): PairView {
    let view = this.memo.get(i);
    if (view === undefined) {
      const p = this.providers[i]!;
      const c = this.consumer;
      view = c.semantics === "2.7" ? merged27View(p, c.url, this.keys, this.by) : address3View(this.overrideMade ? overrideUrlOf(p, c.url) : null, p, c.url, this.keys, this.by);
      this.memo.set(i, view);
    }
    return view;
  }
}

/**
 * What the spread reads of a provider no configurator reaches for `consumer` (EFFECT_KEYS):
 * as BaseViews reads them. 3.3.6's bare override URL holds only `application`, `side`,
 * `group` and `version`, none of them read here, so it is left out.
 */
export function baseEffectValues(consumer: JudgedConsumer, provider: DubboUrl): PreviewValues {
  const values: PreviewValues = {};
  for (const k of EFFECT_KEYS) values[k] = consumer.semantics === "2.7" ? mergedValue(provider, consumer.url, k) : (addressParameter(null, provider, consumer.url, k) ?? null);
  return values;
}

function merged27View(provider: DubboUrl, consumer: DubboUrl, keys: readonly string[], by: PairView["by"]): PairView {
  const values: PreviewValues = {};
  for (const k of keys) values[k] = k === "check" ? "false" : mergedValue(provider, consumer, k);
  return { values, by };
}

function address3View(override: DubboUrl | null, provider: DubboUrl, consumer: DubboUrl, keys: readonly string[], by: PairView["by"]): PairView {
  const values: PreviewValues = {};
  for (const k of keys) values[k] = addressParameter(override, provider, consumer, k) ?? null;
  return { values, by };
}
