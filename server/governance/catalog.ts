import type { ServiceSummary, ServicesQuery, ServicesResponse } from "@/lib/api/services";
import { compareServiceIds, type ServiceId, serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { urlParam } from "@/lib/dubbo/url";
import { RegistryUnavailableError } from "@/lib/errors";
import type { Registry } from "../registry/registry";

interface Tally {
  id: ServiceId;
  providers: Set<string>;
  consumers: Set<string>;
  applications: Set<string>;
  consumerApplications: Set<string>;
  releases: Set<string>;
}

/**
 * The service catalog: every service found in every registry, by
 * `group/interface:version`, with its provider and consumer counts. Built from the
 * in-memory registry views, so a page never waits on ZooKeeper; rebuilt lazily after
 * any change.
 */
export class ServiceCatalog {
  private cache: ServiceSummary[] | null = null;

  constructor(private readonly registries: readonly Registry[]) {
    // The list depends on each view's contents and on which registries are usable.
    for (const r of registries) {
      r.view.onChange(() => this.invalidate());
      r.session.onState(() => this.invalidate());
    }
  }

  /** Drops the built list; the next call to `list` rebuilds it. */
  invalidate(): void {
    this.cache = null;
  }

  /**
   * The services matching `query`, sorted by interface, group, version.
   * Registries whose last complete view is served instead of a live one are listed in
   * `stale`.
   * @throws RegistryUnavailableError when no registry has been read completely yet.
   */
  list(query: ServicesQuery): ServicesResponse {
    const usable = this.registries.filter((r) => r.usable);
    if (usable.length === 0) throw this.unavailable();
    this.cache ??= this.build(usable);
    const q = query.q?.toLowerCase();
    const matched = q ? this.cache.filter((s) => matches(s, q)) : this.cache;
    const now = Date.now();
    const stale = usable.flatMap((r) => {
      const s = r.stale(now);
      return s ? [{ registry: r.address.source, ...s }] : [];
    });
    return { services: matched.slice(0, query.limit), total: matched.length, stale };
  }

  /** Nothing to show: no registry has been read yet. Says, per registry, what is happening and why. */
  private unavailable(): RegistryUnavailableError {
    const registries = this.registries.map((r) => ({
      source: r.address.source,
      state: r.session.state.type,
      cause: r.session.lastError?.message ?? null,
    }));
    const why = registries.map((r) => `${r.source} is ${r.state}${r.cause ? ` (${r.cause})` : ""}`).join("; ");
    return new RegistryUnavailableError(`no registry has been read yet: ${why}`, { registries });
  }

  private build(registries: readonly Registry[]): ServiceSummary[] {
    const tallies = new Map<string, Tally>();
    const tally = (id: ServiceId): Tally => {
      const key = serviceKey(id);
      let t = tallies.get(key);
      if (!t) {
        t = { id, providers: new Set(), consumers: new Set(), applications: new Set(), consumerApplications: new Set(), releases: new Set() };
        tallies.set(key, t);
      }
      return t;
    };
    for (const registry of registries) {
      for (const name of registry.view.serviceNames) {
        const node = registry.view.service(name);
        for (const { url, node: child } of node?.get("providers") ?? []) {
          if (url.protocol === "empty") continue;
          const t = tally(serviceIdOf(url));
          t.providers.add(child);
          const app = urlParam(url, "application");
          if (app) t.applications.add(app);
          const release = urlParam(url, "release", urlParam(url, "dubbo"));
          if (release) t.releases.add(release);
        }
        for (const { url, node: child } of node?.get("consumers") ?? []) {
          if (url.protocol === "empty") continue;
          const t = tally(serviceIdOf(url));
          t.consumers.add(child);
          const app = urlParam(url, "application");
          if (app) t.consumerApplications.add(app);
        }
      }
    }
    return [...tallies.values()]
      .sort((a, b) => compareServiceIds(a.id, b.id))
      .map((t) => ({
        key: serviceKey(t.id),
        interface: t.id.interface,
        group: t.id.group,
        version: t.id.version,
        providers: t.providers.size,
        consumers: t.consumers.size,
        applications: [...t.applications].sort(),
        consumerApplications: [...t.consumerApplications].sort(),
        releases: [...t.releases].sort(),
      }));
  }
}

function matches(s: ServiceSummary, q: string): boolean {
  return (
    s.interface.toLowerCase().includes(q) ||
    s.group.toLowerCase().includes(q) ||
    s.version.toLowerCase().includes(q) ||
    s.applications.some((a) => a.toLowerCase().includes(q)) ||
    s.consumerApplications.some((a) => a.toLowerCase().includes(q))
  );
}
