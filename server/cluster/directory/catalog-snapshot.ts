import type { ServiceId } from "@/lib/dubbo/service-key";
import { type DubboUrl, javaUrlDecode, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { ProviderEntry, DirectorySnapshot } from "./registry-directory";
import { registryRoutes, type RouteNode } from "./registry-routes";

/**
 * The bridge from the catalog's view of a service (server/governance ServiceEntry, taken
 * by shape so the cluster does not import governance) to the snapshot a RegistryDirectory
 * reads at every call.
 */

/** What the catalog holds of one service: its providers and route nodes across registries. */
export interface CatalogService {
  readonly id: ServiceId;
  readonly providers: readonly {
    readonly registry: string;
    readonly url: DubboUrl;
    /** The ZooKeeper child name; null for a provider found by application-level discovery only. */
    readonly node: string | null;
  }[];
  readonly routes: readonly RouteNode[];
}

/** The registries that hold providers of the service, in the order the catalog lists its providers. */
export function providerRegistries(service: CatalogService): string[] {
  return [...new Set(service.providers.map((p) => p.registry))];
}

/** Snapshots already built, per catalog entry (immutable, replaced when the service changes) and registry. */
const built = new WeakMap<CatalogService, Map<string, DirectorySnapshot>>();

/**
 * What `registry` holds of the service, for its directory: the providers (each with the
 * text routes match, the node decoded as the registry shows it, or the URL written out
 * for an application-level provider), the override rules of the `configurators` category,
 * and the condition routes of the `routers` category a consumer of the service loads. The
 * same entry gives the same snapshot object, so a directory re-merges only when the
 * catalog's entry changed.
 */
export function registrySnapshot(service: CatalogService, registry: string): DirectorySnapshot {
  let byRegistry = built.get(service);
  if (byRegistry === undefined) {
    byRegistry = new Map();
    built.set(service, byRegistry);
  }
  let snapshot = byRegistry.get(registry);
  if (snapshot === undefined) {
    snapshot = build(service, registry);
    byRegistry.set(registry, snapshot);
  }
  return snapshot;
}

function build(service: CatalogService, registry: string): DirectorySnapshot {
  const providers: ProviderEntry[] = service.providers
    .filter((p) => p.registry === registry)
    .map((p) => ({ text: p.node === null ? formatDubboUrl(p.url) : javaUrlDecode(p.node), url: p.url }));
  const configurators: DubboUrl[] = [];
  for (const r of service.routes) {
    if (r.registry !== registry || r.category !== "configurators") continue;
    try {
      configurators.push(parseEncodedDubboUrl(r.node));
    } catch {
      // ZookeeperRegistry skips a child name that is not a URL.
    }
  }
  return { providers, configurators, routes: registryRoutes(service.routes, registry, service.id) };
}
