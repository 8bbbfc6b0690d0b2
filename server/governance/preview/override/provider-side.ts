import { CONFIG_PREVIEW_LIST_MAX, type PreviewProviderSideRow } from "@/lib/api/overrides/config-preview";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { javaUrlEncode, type DubboUrl, urlAddress } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { ConfigureContext } from "@/lib/override/configure";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { paramOr, rawParam } from "@/lib/override/url-access";
import { type Held, type HeldCopies, type HeldSources, PROVIDER_CATEGORIES } from "./override-held";
import { applyTracked, identityOf, type PairView } from "./override-judge";
import { PORT, type ProviderClasses, ProviderListMemo } from "./provider-list-memo";
import { sameBy } from "./override-outcome";

const ANYHOST = "0.0.0.0";

/** The release of a provider's own listeners: its `release` (2.x: 2.7.23's classes, else 3.3.6's). */
export function providerSemantics(provider: DubboUrl): DubboRelease {
  return paramOr(provider, "release", "").startsWith("2.") ? "2.7" : "3.x";
}

/** The rules of `sources` whose host can reach a provider on `host` (configure matches `0.0.0.0` or the target's host). */
function reaching(sources: HeldSources, host: string, side: string | undefined): (readonly Held[])[] {
  return [sources.registry, sources.application, sources.service].map((l) => l.filter((h) => (h.configurator.url.host === ANYHOST || h.configurator.url.host === host || h.configurator.match !== undefined) && !otherSide(h, side)));
}

/** A config-center rule (with `configVersion`) applies only to a URL of its own side (AbstractConfigurator.configure). */
function otherSide(h: Held, side: string | undefined): boolean {
  const version = rawParam(h.configurator.url, "configVersion");
  return version !== undefined && version !== "" && (side === undefined || rawParam(h.configurator.url, "side") !== side);
}

/**
 * A provider's own URL as its listeners configure it (2.7.23 and 3.3.6 RegistryProtocol's
 * OverrideListener on the registry's `configurators` category, then
 * ProviderConfigurationListener `{application}.configurators`, then
 * ServiceConfigurationListener `{interface}:{version}:{group}.configurators`), on the
 * provider's own host: provider-side keys land here, and a provider whose URL changes
 * re-exports and registers the new URL, which its consumers then read.
 */
function configuredProvider(provider: DubboUrl, sources: HeldSources, release: DubboRelease, keys: readonly string[]): PairView | null {
  const lists = reaching(sources, provider.host, rawParam(provider, "side"));
  if (lists.every((l) => l.length === 0)) return null;
  const by: PairView["by"] & Record<string, PairView["by"][string]> = {};
  for (const k of keys) by[k] = null;
  const ctx: ConfigureContext = { release, localHost: provider.host };
  const url = applyTracked(provider, lists, ctx, keys, by);
  const values: Record<string, string | null> = {};
  for (const k of keys) values[k] = rawParam(url, k) ?? null;
  return { values, by };
}

/** What a provider's listeners hold in both states, and whether the draft can change its URL at all. */
interface SideSources {
  readonly release: DubboRelease;
  readonly before: HeldSources;
  readonly after: HeldSources;
  /** False only when both states hold the same rules of the provider's side (then its URL is the same in both). */
  readonly mayChange: boolean;
}

/** What a provider's listeners subscribe by (with its path): HeldCopies.sources and `reaching`'s side filter read these of its URL. */
const SUBSCRIPTION_KEYS = ["release", "interface", "group", "version", "classifier", "enabled", "application", "side"];

/**
 * The provider-side sources per subscription: everything HeldCopies.sources and `reaching`'s
 * side filter read of a provider URL (its release, interface, path, group, version,
 * classifier, enabled, application, side), so providers alike share one read.
 */
function sideSourcesOf(before: HeldCopies, after: HeldCopies): (p: DubboUrl) => SideSources {
  const memo = new Map<string, SideSources>();
  const sameRegistry = new Map<string, boolean>();
  return (p) => {
    const release = providerSemantics(p);
    const side = rawParam(p, "side");
    const id = [p.path, ...SUBSCRIPTION_KEYS.map((k) => rawParam(p, k) ?? "\u0001")].join("\u0000");
    let found = memo.get(id);
    if (found === undefined) {
      // The override subscription (RegistryProtocol.getSubscribedOverrideUrl) is the provider's URL asking for `configurators`.
      const b = before.sources(p, release, true, PROVIDER_CATEGORIES);
      const a = after.sources(p, release, true, PROVIDER_CATEGORIES);
      const dir = javaUrlEncode(paramOr(p, "interface", p.path));
      let registrySame = sameRegistry.get(dir);
      if (registrySame === undefined) sameRegistry.set(dir, (registrySame = sameUrls(before.copies.registry.get(dir), after.copies.registry.get(dir))));
      // A config-center list is the same when its text is (HeldCopies reads it alike), or when neither state holds a rule of this side.
      const centerSame = (key: string, bl: readonly Held[], al: readonly Held[]) => before.copies.center.get(key) === after.copies.center.get(key) || (bl.every((h) => otherSide(h, side)) && al.every((h) => otherSide(h, side)));
      const mayChange = !(registrySame && centerSame(paramOr(p, "application", ""), b.application, a.application) && centerSame(consumerServiceRuleKey(p), b.service, a.service));
      memo.set(id, (found = { release, before: b, after: a, mayChange }));
    }
    return found;
  };
}

/**
 * Whether the draft can change any provider's own URL: a registry copy differs, or a
 * config-center rule whose text differs holds, in either state and for either release, a
 * rule of a side some provider has (sideSourcesOf's test, answered once for the service).
 */
function draftReachesProviders(providers: readonly DubboUrl[], before: HeldCopies, after: HeldCopies): boolean {
  const dirs = new Set([...before.copies.registry.keys(), ...after.copies.registry.keys()]);
  for (const dir of dirs) if (!sameUrls(before.copies.registry.get(dir), after.copies.registry.get(dir))) return true;
  const keys = [...new Set([...before.copies.center.keys(), ...after.copies.center.keys()])].filter((k) => before.copies.center.get(k) !== after.copies.center.get(k));
  if (keys.length === 0) return false;
  const sides = ProviderListMemo.of(providers).sides();
  for (const key of keys) {
    for (const release of ["2.7", "3.x"] as const) {
      for (const held of [before.center(key, release).held, after.center(key, release).held]) {
        for (const h of held) for (const side of sides) if (!otherSide(h, side)) return true;
      }
    }
  }
  return false;
}

function sameUrls(a: readonly DubboUrl[] | undefined, b: readonly DubboUrl[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((u, i) => u === b[i] || formatDubboUrl(u) === formatDubboUrl(b[i]!));
}

function ownView(provider: DubboUrl, keys: readonly string[]): PairView {
  const values: Record<string, string | null> = {};
  const by: Record<string, null> = {};
  for (const k of keys) {
    values[k] = rawParam(provider, k) ?? null;
    by[k] = null;
  }
  return { values, by };
}

/**
 * What a provider's outcome under `sources` (both states) depends on, beside its user name
 * and path: its `application`, `side`, port and service key, every key a rule reads or
 * writes; and whether a rule names its host or its address (`providerAddresses`): those
 * providers are judged apart (`apart`, indexes). null when a rule has a 3.x `match` (it may
 * read anything).
 */
function classesOf(sources: SideSources, memo: ProviderListMemo): ProviderClasses | null {
  // The port always: 2.7.23 applies a provider-side config-center rule only to a URL of the rule's port (0 included).
  const keys = new Set(["application", "side", "interface", "group", "version", PORT]);
  const apart = new Set<number>();
  for (const state of [sources.before, sources.after]) {
    for (const h of [...state.registry, ...state.application, ...state.service]) {
      const rule = h.configurator.url;
      if (h.configurator.match !== undefined) return null;
      for (const k of Object.keys(rule.parameters)) keys.add(k.startsWith("~") ? k.slice(1) : k);
      if (rule.host !== ANYHOST) for (const i of memo.byHost(rule.host)) apart.add(i);
      const list = rawParam(rule, "providerAddresses");
      if (list !== undefined) for (const release of ["2.7", "3.x"] as const) for (const i of memo.addressesReached(list, release) ?? []) apart.add(i);
    }
  }
  return memo.classes([...keys].sort(), [...apart].sort((x, y) => x - y));
}

/**
 * The providers whose own configured URL the draft changes (cut at `listMax`), and how
 * many in all. Providers alike for their rules (classesOf: equal values of what the rules
 * read and write) change alike: one judged per class, the rest counted, and rows made for
 * the first changed ones.
 */
export function providerSide(providers: readonly DubboUrl[], before: HeldCopies, after: HeldCopies, keys: readonly string[], listMax = CONFIG_PREVIEW_LIST_MAX): { rows: PreviewProviderSideRow[]; changed: number } {
  const rows: PreviewProviderSideRow[] = [];
  let changed = 0;
  if (!draftReachesProviders(providers, before, after)) return { rows, changed };
  const memo = ProviderListMemo.of(providers);
  const subscriptions = memo.classes(SUBSCRIPTION_KEYS);
  const sourcesBy = new Map<number, SideSources>();
  const sourcesOf = sideSourcesOf(before, after);
  const classesBy = new Map<SideSources, ProviderClasses | null>();
  const outcomes = new Map<string, boolean>();
  const judged = (p: DubboUrl, sources: SideSources) => {
    const b = configuredProvider(p, sources.before, sources.release, keys);
    const a = configuredProvider(p, sources.after, sources.release, keys);
    if (b === null && a === null) return null;
    const bv = b ?? ownView(p, keys);
    const av = a ?? ownView(p, keys);
    return keys.every((k) => bv.values[k] === av.values[k] && sameBy(bv.by[k], av.by[k])) ? null : { bv, av };
  };
  providers.forEach((p, i) => {
    const s = subscriptions.of[i]!;
    let sources = sourcesBy.get(s);
    if (sources === undefined) sourcesBy.set(s, (sources = sourcesOf(p)));
    if (!sources.mayChange) return;
    let classes = classesBy.get(sources);
    if (classes === undefined) classesBy.set(sources, (classes = classesOf(sources, memo)));
    const id = classes === null ? null : `${identityOf(sources)}:${classes.of[i]!}`;
    const known = id === null ? undefined : outcomes.get(id);
    if (known === false) return;
    if (known === true && rows.length >= listMax) {
      changed++;
      return;
    }
    const outcome = judged(p, sources);
    if (id !== null) outcomes.set(id, outcome !== null);
    if (outcome === null) return;
    changed++;
    if (rows.length >= listMax) return;
    rows.push({ address: urlAddress(p), application: paramOr(p, "application", ""), semantics: providerSemantics(p), values: { before: outcome.bv.values, after: outcome.av.values }, beforeBy: outcome.bv.by, afterBy: outcome.av.by, changed: true });
  });
  return { rows, changed };
}
