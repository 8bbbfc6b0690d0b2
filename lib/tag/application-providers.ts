import type { Provider } from "../api/catalog-entities";
import { stringMatches } from "../override/condition-match";
import type { TagMatchDraft } from "./tag-draft";
import type { PickableProvider } from "./provider-pick";

/**
 * The providers a tag editor offers for one provider application: every provider URL of
 * the application across its services, one entry per address (`host:port`), with the
 * parameters of its URLs (a parameter that differs between the address's services, such as
 * `version`, keeps each value: the entry matches a condition when any of its URLs does, as
 * Dubbo 3.3 selects per provider URL and a tag then names the address).
 */
export interface ApplicationProvider extends PickableProvider {
  readonly address: string;
  /** The release each URL registers (`release` or `dubbo`), distinct. */
  readonly releases: readonly string[];
  /** The services served at this address by the application. */
  readonly services: readonly string[];
  /** Every URL's parameters, in the order the services came. */
  readonly urls: readonly Readonly<Record<string, string>>[];
}

/** Merges the providers of the application's services (`services`: each its key and provider list) by address, sorted by address. */
export function applicationProviders(application: string, services: readonly { readonly key: string; readonly providers: readonly Provider[] }[]): ApplicationProvider[] {
  const byAddress = new Map<string, { host: string; port: number; releases: Set<string>; services: string[]; urls: Record<string, string>[] }>();
  for (const s of services) {
    for (const p of s.providers) {
      if (p.application !== application) continue;
      let entry = byAddress.get(p.address);
      if (!entry) byAddress.set(p.address, (entry = { host: p.host, port: p.port, releases: new Set(), services: [], urls: [] }));
      if (p.release !== "") entry.releases.add(p.release);
      if (!entry.services.includes(s.key)) entry.services.push(s.key);
      entry.urls.push(p.parameters);
    }
  }
  return [...byAddress.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([address, e]) => ({ address, host: e.host, port: e.port, parameters: e.urls[0] ?? {}, releases: [...e.releases].sort(), services: e.services, urls: e.urls }));
}

/** The parameter keys the application's providers carry, for the match-condition key suggestions (most common first). */
export function parameterKeys(providers: readonly ApplicationProvider[]): string[] {
  const counts = new Map<string, number>();
  for (const p of providers) for (const u of p.urls) for (const k of Object.keys(u)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
}

/**
 * The providers whose URLs meet every condition (AND, as 3.3 reads `match`), any URL of
 * the address counting; none for no conditions, or while a condition has no key yet.
 */
export function providersMatchingAny(providers: readonly ApplicationProvider[], match: readonly TagMatchDraft[]): ApplicationProvider[] {
  if (match.length === 0 || match.some((m) => m.key.trim() === "")) return [];
  return providers.filter((p) => p.urls.some((u) => match.every((m) => stringMatches(m.value, Object.hasOwn(u, m.key) ? u[m.key] : undefined))));
}
