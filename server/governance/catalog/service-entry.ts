import type { ProviderSourceName } from "@/lib/api/catalog-entities";
import type { ServiceSummary } from "@/lib/api/services";
import { type DiscoveredProvider, providerIdentity } from "@/lib/dubbo/discovered-provider";
import type { ServiceId } from "@/lib/dubbo/service-key";
import { type DubboUrl, urlAddress, urlParam } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { RuleCategory } from "@/lib/rules/rule-kinds";
import type { RegistryEntry } from "../../registry/registry-view";

/** Which rule category a route URL was registered under (a rule kind's registry copy). */
export type RouteCategory = RuleCategory;

/** What one registry holds of one service, at both levels. */
export interface RegistryShare {
  /** The registry's source, as configured. */
  readonly registry: string;
  /** Interface-level provider URLs (`empty://` already left out). */
  readonly providers: readonly RegistryEntry[];
  readonly consumers: readonly RegistryEntry[];
  readonly routes: readonly { readonly category: RouteCategory; readonly entry: RegistryEntry }[];
  /** Providers found by Dubbo 3 application-level discovery. */
  readonly instanceProviders: readonly DiscoveredProvider[];
}

/** One provider of a service in one registry, after merging the two levels by identity. */
export interface ProviderRecord {
  readonly registry: string;
  readonly source: ProviderSourceName;
  /** The URL as registered at interface level when seen there, else the one built from the instance. */
  readonly url: DubboUrl;
  /** The ZooKeeper child name at interface level; null when seen at application level only. */
  readonly node: string | null;
  readonly application: string;
  /** `host:port`. */
  readonly address: string;
  readonly release: string;
}

/** One consumer of a service in one registry. */
export interface ConsumerRecord {
  readonly registry: string;
  readonly url: DubboUrl;
  readonly node: string;
  readonly application: string;
  /** `host`, or `host:port` when the consumer registered a port. */
  readonly address: string;
  readonly release: string;
}

export interface RouteRecord {
  readonly registry: string;
  readonly category: RouteCategory;
  readonly node: string;
}

/**
 * Everything the catalog knows of one service, merged across registries and levels. An
 * entry is immutable: a change to the service derives a new one, so an entry handed out
 * stays consistent, and an unchanged service keeps its entry object.
 *
 * Invariant: an entry has at least one provider or consumer, or is kept listed without
 * either (see CatalogStore: routes, config-center rules or a provider seen recently); a
 * service without any of these is not in the catalog.
 */
export interface ServiceEntry {
  readonly id: ServiceId;
  /** `group/interface:version`. */
  readonly key: string;
  /** Sorted by host, port, registry. */
  readonly providers: readonly ProviderRecord[];
  /** Sorted by address, application, registry. */
  readonly consumers: readonly ConsumerRecord[];
  readonly routes: readonly RouteRecord[];
  /** The list item of GET /api/v1/services, built once per derivation. */
  readonly summary: ServiceSummary;
  /** What a search by service matches, in lower case: the interface, and the key, one per line. */
  readonly haystack: string;
}

/** Dubbo's release of a URL: `release`, or `dubbo` on providers older than 2.7. */
function releaseOf(url: DubboUrl): string {
  return urlParam(url, "release", urlParam(url, "dubbo"));
}

/** Merges one registry's interface-level and instance-level providers: one record per identity seen at both. */
function mergeProviders(key: string, share: RegistryShare): ProviderRecord[] {
  const records: ProviderRecord[] = [];
  for (const { url, node } of share.providers) {
    records.push({ registry: share.registry, source: "interface", url, node, application: urlParam(url, "application"), address: urlAddress(url), release: releaseOf(url) });
  }
  if (share.instanceProviders.length === 0) return records;
  const byIdentity = new Map<string, number>();
  records.forEach((r, i) => {
    const identity = providerIdentity(key, r.url);
    // Two interface-level URLs at one address are two registrations, both listed.
    if (!byIdentity.has(identity)) byIdentity.set(identity, i);
  });
  for (const p of share.instanceProviders) {
    const at = byIdentity.get(p.identity);
    const seen = at === undefined ? undefined : records[at];
    if (seen) {
      if (seen.source === "interface") records[at!] = { ...seen, source: "both" };
      continue;
    }
    byIdentity.set(p.identity, records.length);
    records.push({ registry: share.registry, source: "instance", url: p.url, node: null, application: p.application, address: p.address, release: releaseOf(p.url) });
  }
  return records;
}

function consumerRecord(registry: string, { url, node }: RegistryEntry): ConsumerRecord {
  return { registry, url, node, application: urlParam(url, "application"), address: urlAddress(url), release: releaseOf(url) };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareProviders(a: ProviderRecord, b: ProviderRecord): number {
  return byText(a.url.host, b.url.host) || a.url.port - b.url.port || byText(a.registry, b.registry) || byText(a.url.protocol, b.url.protocol);
}

function compareConsumers(a: ConsumerRecord, b: ConsumerRecord): number {
  return byText(a.address, b.address) || byText(a.application, b.application) || byText(a.registry, b.registry) || byText(a.node, b.node);
}

/** The distinct non-empty values, sorted. */
function distinctSorted(values: Set<string>): string[] {
  values.delete("");
  return [...values].sort(byText);
}

/** The summary's sets, gathered in one pass over the records. */
function tally(providers: readonly ProviderRecord[], consumers: readonly ConsumerRecord[]) {
  const applications = new Set<string>();
  const consumerApplications = new Set<string>();
  const releases = new Set<string>();
  const registries = new Set<string>();
  let atInterface = false;
  let atInstance = false;
  for (const p of providers) {
    applications.add(p.application);
    releases.add(p.release);
    registries.add(p.registry);
    atInterface ||= p.source !== "instance";
    atInstance ||= p.source !== "interface";
  }
  for (const c of consumers) {
    consumerApplications.add(c.application);
    registries.add(c.registry);
  }
  const sources: ("interface" | "instance")[] = [];
  if (atInterface) sources.push("interface");
  if (atInstance) sources.push("instance");
  return { applications, consumerApplications, releases, registries, sources };
}

/**
 * The entry of service `id` from what each registry holds of it, or null when no registry
 * holds a provider or consumer of it (unless `keep`: the store keeps it listed). Work is
 * proportional to the service's URLs. `lastSeen`: when its last provider was seen, shown
 * only while it has none.
 */
export function deriveServiceEntry(id: ServiceId, key: string, shares: readonly RegistryShare[], lastSeen: number | null = null, keep = false): ServiceEntry | null {
  const providers: ProviderRecord[] = [];
  const consumers: ConsumerRecord[] = [];
  const routes: RouteRecord[] = [];
  for (const s of shares) {
    for (const p of mergeProviders(key, s)) providers.push(p);
    for (const e of s.consumers) consumers.push(consumerRecord(s.registry, e));
    for (const r of s.routes) routes.push({ registry: s.registry, category: r.category, node: r.entry.node });
  }
  if (providers.length === 0 && consumers.length === 0 && !keep) return null;
  providers.sort(compareProviders);
  consumers.sort(compareConsumers);
  const t = tally(providers, consumers);
  const summary: ServiceSummary = {
    key,
    interface: id.interface,
    group: id.group,
    version: id.version,
    providers: providers.length,
    consumers: consumers.length,
    applications: distinctSorted(t.applications),
    consumerApplications: distinctSorted(t.consumerApplications),
    releases: distinctSorted(t.releases),
    registries: distinctSorted(t.registries),
    sources: t.sources,
    providersLastSeen: providers.length === 0 ? lastSeen : null,
  };
  return { id, key, providers, consumers, routes, summary, haystack: `${id.interface}\n${key}`.toLowerCase() };
}

/** A record's text for comparison: its node when it has one, else its whole URL. */
const providerText = (p: ProviderRecord) => `${p.registry} ${p.source} ${p.node ?? formatDubboUrl(p.url)}`;

/**
 * Whether two entries of one service answer the same: the same URLs from the same
 * registries at the same levels. Then the old entry is kept and no change is announced.
 */
export function sameEntry(a: ServiceEntry, b: ServiceEntry): boolean {
  return (
    a.providers.length === b.providers.length &&
    a.consumers.length === b.consumers.length &&
    a.routes.length === b.routes.length &&
    a.summary.providersLastSeen === b.summary.providersLastSeen &&
    a.providers.every((p, i) => providerText(p) === providerText(b.providers[i]!)) &&
    a.consumers.every((c, i) => c.registry === b.consumers[i]!.registry && c.node === b.consumers[i]!.node) &&
    a.routes.every((r, i) => r.registry === b.routes[i]!.registry && r.category === b.routes[i]!.category && r.node === b.routes[i]!.node)
  );
}
