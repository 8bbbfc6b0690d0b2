import type { ChangeEvent } from "@/lib/api/events";
import type { DiscoveredProvider } from "@/lib/dubbo/discovered-provider";
import type { ServiceId } from "@/lib/dubbo/service-key";
import type { ServiceNode } from "../../registry/registry-view";
import { consumerMatches, isConsumerPattern } from "../preview/consumer-match";
import { EntityIndex } from "./entity-index";
import { groupInterfaceNode, type InterfaceNode, routeApplies, sameNodeContent } from "./interface-node";
import { deriveServiceEntry, type RegistryShare, type ServiceEntry, sameEntry } from "./service-entry";
import { ServiceRetention } from "./service-retention";
import { SortedServices } from "./sorted-services";

/** What the catalog reads of one usable registry: its interface-level view and its application-level providers. */
export interface CatalogSource {
  /** The registry's source, as configured. */
  readonly registry: string;
  /** The interface nodes (`/{root}/{interface}`) of the view. */
  serviceNames(): Iterable<string>;
  service(name: string): ServiceNode | undefined;
  /** Service keys with an application-level provider. */
  instanceKeys(): Iterable<string>;
  instanceProviders(key: string): readonly DiscoveredProvider[];
}

export type ServiceChangeKind = Extract<ChangeEvent, { type: "service" }>["kind"];

/** A service whose entry changed (or appeared, or went: `removed`). */
export interface ServiceChange {
  readonly key: string;
  readonly kind: ServiceChangeKind;
}

/**
 * The catalog's state: one entry per service, the interface nodes they come from, and the
 * indexes by key (sorted), interface, application, host and address.
 *
 * Updates are proportional to what changed: a change under one interface node re-derives
 * only the services that node held or holds; a change of application-level providers
 * re-derives only the keys it names. A re-derived entry equal to the old one is dropped, so
 * the old object stays and no change is reported. Only {@link rebuild} (a registry re-read,
 * or the set of usable registries changing) touches everything.
 */
export class CatalogStore {
  private sources: readonly CatalogSource[] = [];
  /** `{source index}\n{interface node}` → its URLs grouped by key. */
  private readonly nodes = new Map<string, InterfaceNode>();
  /** Service key → the node refs holding its URLs. */
  private readonly nodesByKey = new Map<string, Set<string>>();
  private readonly byInterface = new Map<string, Set<string>>();
  private readonly byKey = new Map<string, ServiceEntry>();
  readonly sorted = new SortedServices();
  readonly index = new EntityIndex();
  /** Interfaces with an entry changed by the update under way: their pattern consumers' keys are judged again at its end. */
  private readonly touched = new Set<string>();
  /** How many service entries have been derived; lets tests see that an update stayed small. */
  derivations = 0;
  /**
   * Bumped whenever any entry changes (appears, goes, or is replaced) or the list is sorted
   * again, so that what is derived from the entries (view-order.ts, recent-answers.ts) can be
   * kept against it: equal revisions of one store mean equal entries.
   */
  revision = 0;

  constructor(
    /** Which services stay listed without providers or consumers, and when each last had a provider. */
    readonly retention = new ServiceRetention(),
  ) {}

  get entries(): ReadonlyMap<string, ServiceEntry> {
    return this.byKey;
  }

  entry(key: string): ServiceEntry | undefined {
    return this.byKey.get(key);
  }

  /** The keys of the listed services of interface `iface`. */
  keysOfInterface(iface: string): readonly string[] {
    return [...(this.byInterface.get(iface) ?? [])];
  }

  /**
   * Reads every source again; reports every service whose entry changed. An interface node
   * holding the same URLs as before keeps its grouping and its services are not derived
   * again (a registry re-read mostly finds what it had); services with application-level
   * providers always are. A different set of sources derives everything.
   */
  rebuild(sources: readonly CatalogSource[]): ServiceChange[] {
    const steps = this.rebuildSteps(sources);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * {@link rebuild} in steps, for a caller that spreads a large one over turns of the event
   * loop (250,000 URLs take seconds): it yields after each interface node read and each
   * service derived. Between steps every service's entry is its old one or its new one,
   * whole, indexes and list order included, so reads stay consistent service by service;
   * only a first build (an empty store) sorts the list once at the end, and is not to be
   * read before it ends. Changes reported meanwhile ({@link nodeChanged}, {@link refresh})
   * apply at once; a node the build reaches afterwards is then found unchanged.
   */
  *rebuildSteps(sources: readonly CatalogSource[]): Generator<void, ServiceChange[], void> {
    const sameSources = sources.length === this.sources.length && sources.every((s, i) => s.registry === this.sources[i]!.registry);
    const first = this.byKey.size === 0;
    this.sources = sources;
    const dirty = new Set<string>();
    if (!sameSources) {
      for (const key of this.byKey.keys()) dirty.add(key);
      this.nodes.clear();
      this.nodesByKey.clear();
    }
    const present = new Set<string>();
    for (const [i, s] of sources.entries()) {
      for (const name of s.serviceNames()) {
        present.add(ref(i, name));
        const node = s.service(name);
        const before = this.nodes.get(ref(i, name));
        if (before && sameNodeContent(before, node)) continue;
        this.regroup(i, name, node, dirty);
        yield;
      }
    }
    // A node not listed is gone, unless it came while the steps ran (and was grouped then).
    for (const r of [...this.nodes.keys()]) {
      if (present.has(r)) continue;
      const [i, name] = [sourceOf(r), r.slice(r.indexOf("\n") + 1)];
      const node = sources[i]?.service(name);
      if (!node || !sameNodeContent(this.nodes.get(r)!, node)) this.regroup(i, name, node, dirty);
    }
    for (const entry of this.byKey.values()) if (entry.summary.sources.includes("instance")) dirty.add(entry.key);
    for (const s of sources) for (const key of s.instanceKeys()) dirty.add(key);
    const changes: ServiceChange[] = [];
    // Few changes are put in place; many are sorted once at the end. Between steps the list
    // must stay in order, so only a first build, which is not read until it ends, sorts.
    const inPlace = !first || dirty.size < this.byKey.size / 8;
    for (const key of dirty) {
      this.commit(key, this.derive(key), "providers", changes, inPlace);
      yield;
    }
    yield* this.settlePatternSteps("providers", changes, inPlace);
    if (!inPlace) {
      this.sorted.reset(this.byKey.values());
      this.revision++;
    }
    return changes;
  }

  /** Groups node `name` of source `i` afresh, marking the keys it held, holds, and whose routes it may hold. */
  private regroup(i: number, name: string, node: ServiceNode | undefined, dirty: Set<string>): void {
    for (const key of this.nodes.get(ref(i, name))?.byKey.keys() ?? []) dirty.add(key);
    this.setNode(i, name, groupInterfaceNode(node));
    for (const key of this.nodes.get(ref(i, name))?.byKey.keys() ?? []) dirty.add(key);
    for (const key of this.byInterface.get(name) ?? []) dirty.add(key);
  }

  /** The view of source `i` changed under interface node `name`. */
  nodeChanged(i: number, name: string, kind: ServiceChangeKind): ServiceChange[] {
    const source = this.sources[i];
    if (!source) return [];
    const before = this.nodes.get(ref(i, name));
    this.setNode(i, name, groupInterfaceNode(source.service(name)));
    const after = this.nodes.get(ref(i, name));
    // Routes under the node may concern a key with application-level providers only.
    const keys = new Set([...(before?.byKey.keys() ?? []), ...(after?.byKey.keys() ?? []), ...(this.byInterface.get(name) ?? [])]);
    return this.refresh(keys, kind);
  }

  /** Drops the services kept listed only by a provider that left too long ago (see ServiceRetention). */
  expire(): ServiceChange[] {
    const due = this.retention.due();
    return due.length === 0 ? [] : this.refresh(due, "providers");
  }

  /** Re-derives `keys` (application-level providers changed, say). */
  refresh(keys: Iterable<string>, kind: ServiceChangeKind): ServiceChange[] {
    const changes: ServiceChange[] = [];
    for (const key of keys) this.commit(key, this.derive(key), kind, changes, true);
    this.settlePatterns(kind, changes, true);
    return changes;
  }

  /**
   * Derives again the keys of pattern consumers (`version="*"`, group `*` or a list) of every
   * interface whose services changed: such a key is listed only while it matches no service
   * (its consumers are then shown on the services it matches instead).
   */
  private settlePatterns(kind: ServiceChangeKind, changes: ServiceChange[], inPlace: boolean): void {
    const steps = this.settlePatternSteps(kind, changes, inPlace);
    while (!steps.next().done);
  }

  /** {@link settlePatterns} a touched interface a step: a first build touches every interface (10,000 at 250,000 URLs). */
  private *settlePatternSteps(kind: ServiceChangeKind, changes: ServiceChange[], inPlace: boolean): Generator<void, void, void> {
    const interfaces = [...this.touched];
    for (const iface of interfaces) {
      for (const key of this.patternKeysOf(iface)) this.commit(key, this.derive(key), kind, changes, inPlace);
      yield;
    }
    this.touched.clear();
  }

  /** The keys of pattern consumers registered under interface node `iface` of any source. */
  private patternKeysOf(iface: string): string[] {
    const keys: string[] = [];
    this.sources.forEach((_, i) => {
      for (const [key, share] of this.nodes.get(ref(i, iface))?.byKey ?? []) if (isConsumerPattern(share.id)) keys.push(key);
    });
    return keys;
  }

  /** Whether pattern `id` matches a service that is listed or registered under its interface node. */
  private matchesAService(id: ServiceId): boolean {
    const matches = (other: ServiceId) => !isConsumerPattern(other) && consumerMatches(id, other);
    for (let i = 0; i < this.sources.length; i++) {
      for (const share of this.nodes.get(ref(i, id.interface))?.byKey.values() ?? []) if (matches(share.id)) return true;
    }
    for (const key of this.byInterface.get(id.interface) ?? []) {
      const entry = this.byKey.get(key);
      if (entry && matches(entry.id)) return true;
    }
    return false;
  }

  /** Adds to `shares` the consumers of the patterns under `id`'s interface node that match it (UrlUtils.isMatch). */
  private addPatternConsumers(id: ServiceId, shares: { consumers: RegistryShare["consumers"][number][] }[]): void {
    shares.forEach((target, i) => {
      for (const share of this.nodes.get(ref(i, id.interface))?.byKey.values() ?? []) {
        if (isConsumerPattern(share.id) && consumerMatches(share.id, id)) for (const e of share.consumers) target.consumers.push(e);
      }
    });
  }

  private setNode(i: number, name: string, node: InterfaceNode): void {
    const r = ref(i, name);
    for (const key of this.nodes.get(r)?.byKey.keys() ?? []) {
      const refs = this.nodesByKey.get(key);
      refs?.delete(r);
      if (refs?.size === 0) this.nodesByKey.delete(key);
    }
    if (node.byKey.size === 0 && node.routes.length === 0) {
      this.nodes.delete(r);
      return;
    }
    this.nodes.set(r, node);
    for (const key of node.byKey.keys()) {
      let refs = this.nodesByKey.get(key);
      if (!refs) this.nodesByKey.set(key, (refs = new Set()));
      refs.add(r);
    }
  }

  /** The entry of `key` from every source, or null when none holds a provider or consumer of it. */
  private derive(key: string): ServiceEntry | null {
    this.derivations++;
    const shares = this.sources.map((s) => ({
      registry: s.registry,
      providers: [] as RegistryShare["providers"][number][],
      consumers: [] as RegistryShare["consumers"][number][],
      routes: [] as RegistryShare["routes"][number][],
      instanceProviders: s.instanceProviders(key),
    }));
    let id: ServiceId | undefined;
    for (const r of this.nodesByKey.get(key) ?? []) {
      const share = this.nodes.get(r)?.byKey.get(key);
      const target = shares[sourceOf(r)];
      if (!share || !target) continue;
      id ??= share.id;
      for (const e of share.providers) target.providers.push(e);
      for (const e of share.consumers) target.consumers.push(e);
    }
    id ??= shares.find((s) => s.instanceProviders.length > 0)?.instanceProviders[0]?.service ?? this.byKey.get(key)?.id;
    if (!id) return null;
    const service = id;
    shares.forEach((target, i) => {
      for (const route of this.nodes.get(ref(i, service.interface))?.routes ?? []) if (routeApplies(route.entry.url, service)) target.routes.push(route);
    });
    const old = this.byKey.get(key);
    let keep = false;
    if (isConsumerPattern(service)) {
      // A consumer of several services is listed with each of them, and under its own key only when none is registered.
      if (this.matchesAService(service)) return null;
    } else {
      const own = shares.some((t) => t.providers.length > 0 || t.consumers.length > 0 || t.instanceProviders.length > 0);
      keep = !own && this.retention.keeps(key, service, old, shares.some((t) => t.routes.length > 0));
      // Only to a service listed in its own right: pattern consumers alone do not keep one listed.
      if (own || keep) this.addPatternConsumers(service, shares);
    }
    return deriveServiceEntry(service, key, shares, this.retention.lastSeenFor(key, old), keep);
  }

  /** Makes `next` the entry of `key`, noting the change; `sorted` is kept in order only when `inPlace`. */
  private commit(key: string, next: ServiceEntry | null, kind: ServiceChangeKind, changes: ServiceChange[], inPlace: boolean): void {
    const old = this.byKey.get(key);
    if (old && next && sameEntry(old, next)) return;
    if (old || next) this.revision++;
    if (old) {
      this.index.remove(old);
      this.byKey.delete(key);
      this.byInterface.get(old.id.interface)?.delete(key);
      if (this.byInterface.get(old.id.interface)?.size === 0) this.byInterface.delete(old.id.interface);
      if (inPlace && !next) this.sorted.remove(old.id);
    }
    if (next) {
      this.index.add(next);
      this.byKey.set(key, next);
      let keys = this.byInterface.get(next.id.interface);
      if (!keys) this.byInterface.set(next.id.interface, (keys = new Set()));
      keys.add(key);
      if (inPlace) this.sorted.upsert(next);
    }
    this.retention.committed(key, next);
    if (old || next) {
      changes.push({ key, kind: next ? kind : "removed" });
      this.touched.add((next ?? old)!.id.interface);
    }
  }
}

function ref(i: number, name: string): string {
  return `${i}\n${name}`;
}

function sourceOf(r: string): number {
  return Number(r.slice(0, r.indexOf("\n")));
}
