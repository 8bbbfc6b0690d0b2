import { CONFIG_PREVIEW_LIST_MAX, type PreviewProviderSideRow } from "@/lib/api/overrides/config-preview";
import { type DubboUrl, urlAddress } from "@/lib/dubbo/url";
import type { ConfigureContext } from "@/lib/override/configure";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { paramOr, rawParam } from "@/lib/override/url-access";
import { type Held, type HeldCopies, type HeldSources, PROVIDER_CATEGORIES } from "./override-held";
import { applyTracked, type PairView } from "./override-judge";
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
function configuredProvider(provider: DubboUrl, held: HeldCopies, keys: readonly string[]): PairView | null {
  const release = providerSemantics(provider);
  // The override subscription (RegistryProtocol.getSubscribedOverrideUrl) is the provider's URL asking for `configurators`.
  const sources = held.sources(provider, release, true, PROVIDER_CATEGORIES);
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

function ownView(provider: DubboUrl, keys: readonly string[]): PairView {
  const values: Record<string, string | null> = {};
  const by: Record<string, null> = {};
  for (const k of keys) {
    values[k] = rawParam(provider, k) ?? null;
    by[k] = null;
  }
  return { values, by };
}

/** The providers whose own configured URL the draft changes (cut at the list's cap), and how many in all. */
export function providerSide(providers: readonly DubboUrl[], before: HeldCopies, after: HeldCopies, keys: readonly string[]): { rows: PreviewProviderSideRow[]; changed: number } {
  const rows: PreviewProviderSideRow[] = [];
  let changed = 0;
  for (const p of providers) {
    const b = configuredProvider(p, before, keys);
    const a = configuredProvider(p, after, keys);
    if (b === null && a === null) continue;
    const bv = b ?? ownView(p, keys);
    const av = a ?? ownView(p, keys);
    if (keys.every((k) => bv.values[k] === av.values[k] && sameBy(bv.by[k], av.by[k]))) continue;
    changed++;
    if (rows.length >= CONFIG_PREVIEW_LIST_MAX) continue;
    rows.push({ address: urlAddress(p), application: paramOr(p, "application", ""), semantics: providerSemantics(p), values: { before: bv.values, after: av.values }, beforeBy: bv.by, afterBy: av.by, changed: true });
  }
  return { rows, changed };
}
