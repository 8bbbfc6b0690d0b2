import type { AddressDetail, ApplicationDetail, ApplicationsResponse, ServiceDetail } from "@/lib/api/catalog-entities";
import type { ChangeEvent } from "@/lib/api/events";
import type { ServicesResponse } from "@/lib/api/services";
import type { ServiceMethods } from "@/lib/dubbo/service-methods";
import { NotFoundError } from "@/server/errors/request-errors";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { Registry } from "../../registry/registry";
import type { ViewChange } from "../../registry/registry-view";
import type { ProtoService } from "../../protocol/triple/proto-schema";
import type { ProtoSchemas } from "../../protocol/triple/proto-schemas";
import type { ProtoUploads } from "../invoke/proto-uploads";
import { resolveCatalogMethods } from "./catalog-methods";
import { type CatalogSource, CatalogStore, type ServiceChange } from "./catalog-store";
import { addressDetail, applicationDetail, applicationSummary } from "./entity-views";
import { serviceDetail } from "./service-detail";
import type { ServiceEntry } from "./service-entry";
import { type ConfigRulesLookup, ServiceRetention } from "./service-retention";
import { type ServiceRouting, serviceRouting } from "./service-routing";
import { listServices } from "./search/service-order";
import { RecentAnswers } from "./recent-answers";
import { pageBodyJson, pageResponse, searchKey, type ServiceSearch, textMatcher, withStale } from "./search/service-search";
import { SlicedRun } from "./sliced-run";

/** More changed services than this in one re-read are announced as one `reset`. */
const RESET_THRESHOLD = 200;
/** Answers of the service list kept per catalog revision: the page's search, its filter as typed, a few tabs. */
const RECENT_ANSWERS = 8;

type StaleRegistry = ServicesResponse["stale"][number];

function sourceOf(r: Registry): CatalogSource {
  return {
    registry: r.address.source,
    serviceNames: () => r.view.serviceNames,
    service: (name) => r.view.service(name),
    instanceKeys: () => r.discovery.serviceKeys(),
    instanceProviders: (key) => r.discovery.providers(key),
  };
}

/** Whether a provider is registered at a `host:port` (see {@link ServiceCatalog.registeredProviders}); answers the catalog as it is when asked. */
export interface RegisteredProviders {
  has(address: string): boolean;
}

/**
 * The service catalog: services, applications and addresses of every usable registry, at
 * both discovery levels, always in memory, so a page never waits on ZooKeeper.
 *
 * - A registry counts while it is usable (read completely once, or seeded from the disk
 *   cache, and not closed); one whose last complete view is served is listed in `stale`.
 * - A change under one interface node, or of one application's instances, re-derives only
 *   the services concerned (see CatalogStore). A registry re-read or a change in which
 *   registries are usable rebuilds: every source is compared again, and only what differs
 *   is re-derived. A rebuild waits for the next turn of the event loop (or the next read,
 *   whichever comes first), so a burst of re-reads rebuilds once and never lengthens a read.
 *   It runs in slices of a few milliseconds (CatalogStore.rebuildSteps, SlicedRun), so even
 *   a first build of 250,000 URLs never holds the event loop: a small one ends in its first
 *   slice, at once; meanwhile a rebuild serves every service's old or new entry, and a first
 *   build answers RegistryUnavailableError ("the catalog is being built") until it ends.
 * - Listeners hear of each changed service (`service`), of a registry's state (`registry`),
 *   and `reset` when a rebuild changed too much to name it service by service.
 */
export class ServiceCatalog {
  private readonly retention: ServiceRetention;
  private store: CatalogStore;
  /** The last answers of GET /api/v1/services, for the store's revision; made anew with the store (its revisions start again). */
  private answers = new RecentAnswers<string>(RECENT_ANSWERS);
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  /** The registries the store was built from. */
  private counted: readonly Registry[] = [];
  private rebuildDue = false;
  private protoSchemas: ProtoSchemas | null = null;
  private protoUploads: ProtoUploads | null = null;
  /** The rebuild running, if any. */
  private building: SlicedRun<ServiceChange[]> | null = null;
  /** Whether the store may be read: false while a first build (of an empty store) runs. */
  private readable = true;

  constructor(
    private readonly registries: readonly Registry[],
    /** The clock of last-seen times (tests move it). */
    now: () => number = Date.now,
  ) {
    this.retention = new ServiceRetention(now);
    this.store = new CatalogStore(this.retention);
    for (const r of registries) {
      r.view.onChange((change) => this.viewChanged(r, change));
      r.discovery.onChange((change) => {
        if (change.type === "resynced") this.scheduleRebuild();
        else if (change.type === "application") this.refresh(r, change.keys);
      });
      r.report.onChange((change) => {
        for (const key of this.store.keysOfInterface(change.interface)) this.emit({ type: "service", key, kind: "methods" });
      });
      r.session.onState(() => {
        if (this.usableChanged()) this.scheduleRebuild();
        this.emit({ type: "registry", registry: r.address.source });
      });
    }
  }

  /** How many service entries have been derived so far (for tests of incremental updates). */
  get derivations(): number {
    return this.store.derivations;
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps a service listed without providers or consumers while `lookup` says it has
   * config-center rules; call {@link recheck} with the services whose rules changed.
   */
  keepWhileConfigRules(lookup: ConfigRulesLookup): void {
    this.retention.setConfigRules(lookup);
  }

  /** Judges again whether services `keys` stay listed (their config-center rules changed). */
  recheck(keys: readonly string[]): void {
    if (this.rebuildDue || this.counted.length === 0) return;
    this.announce(this.store.refresh(keys, "routers"));
  }

  /** Forgets everything derived; the next read builds the catalog from scratch (for benchmarks of a first build). */
  invalidate(): void {
    this.building?.cancel();
    this.building = null;
    this.store = new CatalogStore(this.retention);
    this.answers = new RecentAnswers<string>(RECENT_ANSWERS);
    this.rebuildDue = true;
  }

  /** Runs a due or running rebuild to its end now, in one go (for benchmarks of a build's whole cost). */
  finishBuild(): void {
    if (!this.building && (this.rebuildDue || this.usableChanged())) this.rebuild();
    this.building?.finish();
  }

  /**
   * One page of the services matching `search`, in list order (interface, group, version)
   * unless its `view` sorts or filters them (see listServices).
   * @throws RegistryUnavailableError when no registry has been read completely yet.
   */
  list(search: ServiceSearch): ServicesResponse {
    const stale = this.current();
    return pageResponse(listServices(this.store.sorted, this.store.index, search, this.store.revision), stale);
  }

  /** The answer of {@link list} as JSON text, for the HTTP API: a large page costs a join, not a serialisation. */
  listJson(search: ServiceSearch): string {
    return this.listAnswer(search).json;
  }

  /**
   * {@link listJson}, and whether its services came from the answers kept for the catalog's
   * revision (the last few searches asked since the last change; see RecentAnswers) rather
   * than being searched now. The stale markers are always of now.
   */
  listAnswer(search: ServiceSearch): { json: string; cached: boolean } {
    const stale = this.current();
    const { revision, sorted, index } = this.store;
    const key = searchKey(search);
    const kept = this.answers.get(revision, key);
    if (kept !== undefined) return { json: withStale(kept, stale), cached: true };
    const body = pageBodyJson(listServices(sorted, index, search, revision));
    this.answers.set(revision, key, body);
    return { json: withStale(body, stale), cached: false };
  }

  /** One service in full, its methods from the metadata report (or an IDL service's from reflection). @throws NotFoundError for a key nothing registers. */
  async service(key: string): Promise<ServiceDetail> {
    this.current();
    const entry = this.entryOf(key);
    const methods = await this.methods(entry);
    // Stale markers as of the answer, not of the request: reading the report may take a while.
    return serviceDetail(this.store.entry(key) ?? entry, methods, this.current());
  }

  /**
   * The entry of one service (for the invocation service), undefined for a key nothing
   * registers. @throws RegistryUnavailableError when no registry has been read yet.
   */
  entry(key: string): ServiceEntry | undefined {
    this.current();
    return this.store.entry(key);
  }

  /**
   * The methods of an entry: an IDL service's from its `tri://` providers' gRPC reflection
   * when one describes it, else the metadata's definition, else the providers' `methods`
   * names (resolveCatalogMethods).
   */
  async methods(entry: ServiceEntry): Promise<ServiceMethods> {
    const proto = await this.protoService(entry);
    if (proto !== null) return { source: "protobuf", service: proto.service.service.typeName, from: proto.address === null ? "upload" : "reflection", address: proto.address, methods: proto.service.signatures, types: proto.service.types };
    return resolveCatalogMethods(this.registries, entry);
  }

  /**
   * Lets the catalog describe IDL services from their providers' reflection (the engine
   * attaches the one its Triple pool serves), else from the .proto files operators uploaded.
   */
  useProtoSchemas(schemas: ProtoSchemas, uploads: ProtoUploads): void {
    this.protoSchemas = schemas;
    this.protoUploads = uploads;
  }

  /**
   * The protobuf service an entry's `tri://` providers describe by gRPC reflection, as the
   * first of them (at most three asked, answers kept a minute) that lists the service under
   * its interface name (`address` that provider), else as an operator's uploaded .proto
   * describes it (`address` null); null for a service on no tri provider, or neither.
   */
  async protoService(entry: ServiceEntry): Promise<{ readonly address: string | null; readonly service: ProtoService } | null> {
    if (this.protoSchemas === null) return null;
    const addresses = [...new Set(entry.providers.filter((p) => p.url.protocol === "tri").map((p) => p.address))];
    if (addresses.length === 0) return null;
    const reflected = await this.protoSchemas.of(entry.id.interface, addresses);
    if (reflected !== null) return reflected;
    const uploaded = this.protoUploads?.get(entry.id.interface);
    return uploaded ? { address: null, service: uploaded.service } : null;
  }

  /** The sources of the registries, as configured, in order. */
  get registrySources(): string[] {
    return this.registries.map((r) => r.address.source);
  }

  /**
   * One service's providers and consumers for routing them (a route preview), at once and
   * without its methods; the same object until the service changes (see ServiceRouting).
   * @throws NotFoundError for a key nothing registers.
   * @throws RegistryUnavailableError when no registry has been read completely yet.
   */
  routing(key: string): ServiceRouting {
    this.current();
    return serviceRouting(this.entryOf(key));
  }

  /** @throws NotFoundError for a key nothing registers. */
  private entryOf(key: string): ServiceEntry {
    const entry = this.store.entry(key);
    if (!entry) throw new NotFoundError(`no service ${JSON.stringify(key)} is registered in any registry; a key is group/interface:version as GET /api/v1/services lists it`, { key });
    return entry;
  }

  /** The applications that provide or consume a service, by name; `q` as for services (substring, or `*` glob). */
  applications(q: string | undefined): ApplicationsResponse {
    const stale = this.current();
    const matches = q ? textMatcher(q) : null;
    const applications = [];
    for (const name of this.applicationNames()) {
      const bucket = this.store.index.applications.get(name)!;
      if (matches && !matches(bucket.lower)) continue;
      applications.push(applicationSummary(name, bucket));
    }
    return { applications, total: applications.length, stale };
  }

  /** @throws NotFoundError for an application that neither provides nor consumes anything. */
  application(name: string): ApplicationDetail {
    const stale = this.current();
    const bucket = this.store.index.applications.get(name);
    if (!bucket) throw new NotFoundError(`no application ${JSON.stringify(name)} provides or consumes a service in any registry`, { name });
    return { ...applicationDetail(name, bucket, this.store.entries), stale };
  }

  /** A host (every port) or `host:port`. @throws NotFoundError when nothing is registered there. */
  address(value: string): AddressDetail {
    const stale = this.current();
    const { index } = this.store;
    const onHost = index.bucketsOfHost(value);
    const buckets = onHost.length > 0 ? onHost : [index.addresses.get(value)].filter((b) => b !== undefined);
    if (buckets.length === 0) throw new NotFoundError(`nothing is registered at ${JSON.stringify(value)} in any registry; give a host or host:port`, { value });
    return { ...addressDetail(value, buckets, this.store.entries), stale };
  }

  /**
   * Every service entry of the usable registries, for governance views that join the
   * catalog (the consumers a config-center rule is for); none while no registry is usable.
   */
  entries(): Iterable<ServiceEntry> {
    this.startDueBuild();
    return this.counted.length === 0 || !this.readable ? [] : this.store.entries.values();
  }

  /**
   * Whether a provider is registered at a `host:port` in the usable registries now
   * (interface- or application-level), for the connection pool to close what left: a
   * per-address look-up in the entity index, so a change at 200,000 providers costs no
   * set of them all. Null while no registry is usable (the view served then is a stale
   * one, not a sign that providers left) or while a first build has not seen every provider.
   */
  registeredProviders(): RegisteredProviders | null {
    this.startDueBuild();
    if (this.counted.length === 0 || !this.readable) return null;
    return { has: (address) => this.store.index.hasProviderAt(address) };
  }

  private sortedNames: { version: number; names: string[] } | null = null;

  private applicationNames(): readonly string[] {
    const version = this.store.index.applicationsVersion;
    if (this.sortedNames?.version !== version) this.sortedNames = { version, names: [...this.store.index.applications.keys()].sort() };
    return this.sortedNames.names;
  }

  /**
   * Brings the store up to date (a due rebuild runs now) and answers the stale markers.
   * @throws RegistryUnavailableError when no registry is usable.
   */
  private current(): StaleRegistry[] {
    this.startDueBuild();
    if (this.counted.length === 0) throw this.unavailable();
    if (!this.readable) throw this.beingBuilt();
    this.announce(this.store.expire());
    const now = Date.now();
    return this.counted.flatMap((r) => {
      const s = r.stale(now);
      return s ? [{ registry: r.address.source, ...s }] : [];
    });
  }

  private usableChanged(): boolean {
    const usable = this.registries.filter((r) => r.usable);
    return usable.length !== this.counted.length || usable.some((r, i) => r !== this.counted[i]);
  }

  private viewChanged(r: Registry, change: ViewChange): void {
    if (change.type === "resynced") {
      this.scheduleRebuild();
      this.emit({ type: "registry", registry: r.address.source });
      return;
    }
    const i = this.counted.indexOf(r);
    // A running rebuild has its sources already: a change is applied at once (see rebuildSteps).
    if (this.rebuildDue || i < 0) return;
    const kind = change.type === "category" ? change.category : "providers";
    this.announce(this.store.nodeChanged(i, change.service, kind));
  }

  private refresh(r: Registry, keys: readonly string[]): void {
    if (this.rebuildDue || !this.counted.includes(r)) return;
    this.announce(this.store.refresh(keys, "providers"));
  }

  private scheduleRebuild(): void {
    if (this.rebuildDue) return;
    this.rebuildDue = true;
    setImmediate(() => this.startDueBuild());
  }

  /** Starts the rebuild that is due, unless one is running (which starts it when it ends). */
  private startDueBuild(): void {
    if (!this.building && (this.rebuildDue || this.usableChanged())) this.rebuild();
  }

  /** Starts a rebuild and runs its first slice now: a small registry's ends there, before the caller reads. */
  private rebuild(): void {
    this.rebuildDue = false;
    this.counted = this.registries.filter((r) => r.usable);
    this.readable = this.store.entries.size > 0;
    const run = new SlicedRun(this.store.rebuildSteps(this.counted.map(sourceOf)), (changes) => {
      if (this.building !== run) return;
      this.building = null;
      this.readable = true;
      if (changes.length > RESET_THRESHOLD) this.emit({ type: "reset" });
      else this.announce(changes);
      if (this.rebuildDue) setImmediate(() => this.startDueBuild());
    });
    this.building = run;
    run.runSlice();
  }

  private announce(changes: readonly ServiceChange[]): void {
    for (const { key, kind } of changes) this.emit({ type: "service", key, kind });
  }

  private emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }

  /** A first build is under way: what it has read is not the whole registry yet. */
  private beingBuilt(): RegistryUnavailableError {
    const sources = this.counted.map((r) => r.address.source);
    const services = this.store.entries.size;
    return new RegistryUnavailableError(`the catalog is being built from ${sources.join(", ")} (${services} services so far); ask again in a moment`, { building: true, sources, services });
  }

  /** Nothing to show: no registry has been read yet. Says, per registry, what is happening and why. */
  private unavailable(): RegistryUnavailableError {
    const registries = this.registries.map((r) => ({
      source: r.address.source,
      state: r.session.state.type,
      cause: r.session.lastError?.message ?? null,
      reading: r.view.readingCount,
    }));
    const why = registries
      .map((r) => `${r.source} is ${typeof r.reading === "number" ? `being read (${r.reading} interfaces so far)` : r.state}${r.cause ? ` (${r.cause})` : ""}`)
      .join("; ");
    return new RegistryUnavailableError(`no registry has been read yet: ${why}`, { registries });
  }
}
