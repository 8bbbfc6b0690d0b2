import type { DiscoveredProvider } from "@/lib/dubbo/discovered-provider";
import { parseMetadataInfo } from "@/lib/dubbo/metadata-info";
import type { RegistryAddress } from "@/lib/dubbo/registry-address";
import { EMPTY_REVISION, parseServiceInstance } from "@/lib/dubbo/service-instance";
import type { Logger } from "../runtime/logger";
import { type DiscoveredInstance, DiscoveryState, type RevisionMetadata } from "./discovery-state";
import { isCategory, NON_SERVICE_CHILDREN } from "./categories";
import type { InvalidNode, MetadataReport } from "./metadata-report";
import { WatchedReads } from "./zk/watched-reads";
import type { ZkDataReader } from "./zk/zk-data-reader";

/** What changed at application level, so listeners update only what is affected. */
export type DiscoveryChange =
  /** An application's instances changed; `keys` are the services whose instance-level providers may have changed. */
  | { readonly type: "application"; readonly app: string; readonly keys: readonly string[] }
  /** The applications mapped to an interface changed. */
  | { readonly type: "mapping"; readonly interface: string }
  /** A full re-read (a new session) finished and is now what the getters answer from. */
  | { readonly type: "resynced" };

/** ZooKeeper requests in flight at once during a full read. */
const READ_CONCURRENCY = 32;

/**
 * Where Dubbo 3's ZookeeperServiceDiscovery registers instances for a registry address: its
 * `rootPath` or `group` parameter, else `/services` (CuratorFrameworkUtils.getRootPath).
 * The console's address keeps only the group (as the interface-level root), so a registry
 * with a group is taken to use it for both, as Dubbo does.
 */
export function serviceDiscoveryRoot(address: RegistryAddress): string {
  return address.root === "/dubbo" ? "/services" : address.root;
}

/**
 * An always-in-memory mirror of Dubbo 3 application-level discovery in one registry, kept
 * current by one-shot watches like the interface-level {@link RegistryView}:
 *
 * - instances at `{services}/{app}/{host:port}` (Curator JSON, see service-instance.ts);
 * - each instance revision's MetadataInfo at `{root}/metadata/{app}/{revision}`, when the
 *   provider publishes it (`metadata-type=remote`);
 * - the interface→application mapping at `{root}/mapping/{interface}`;
 * - for an application whose MetadataInfo is not published (Dubbo's default `local`), the
 *   services its mapping and its reported service definitions say it exports (see
 *   {@link MetadataReport}), marked as inferred on each provider.
 *
 * From these it derives, per service key, the providers a Dubbo 3 consumer would build
 * (DiscoveredProvider with `source: "instance"`).
 *
 * Invariants, as in RegistryView: every node read in the current epoch has a watch armed
 * or a retry scheduled; watches and retries of an older epoch do nothing; a malformed
 * instance, MetadataInfo or service definition is skipped and listed in `invalidNodes`,
 * never thrown; a re-read fills a state of its own and the getters keep answering from the
 * last complete one until it has finished; listeners hear only of the state answered from.
 */
export class AppDiscovery {
  private live = new DiscoveryState();
  private shown = this.live;
  private readonly reads: WatchedReads;
  private readonly listeners = new Set<(change: DiscoveryChange) => void>();
  private lastSync: number | null = null;
  /** Under a shared root: the root's children found to be interface nodes this epoch, not read again as applications. */
  private interfaceNodes = new Set<string>();

  constructor(
    reader: ZkDataReader,
    /** `{ services: "/services", root: "/dubbo" }` by default. */
    readonly roots: { readonly services: string; readonly root: string },
    private readonly report: MetadataReport,
    log: Logger,
  ) {
    this.reads = new WatchedReads(reader, log, READ_CONCURRENCY, () => {
      this.lastSync = Date.now();
      this.shown = this.live;
      this.emit({ type: "resynced" });
    });
    report.onChange((change) => this.definitionsChanged(change.interface));
  }

  /** When the last full read finished; null before the first. */
  get syncedAt(): number | null {
    return this.lastSync;
  }

  /** Applications with at least one instance, sorted. */
  applications(): string[] {
    return this.shown.applications();
  }

  /** The instances of `app`, by node name. */
  instances(app: string): DiscoveredInstance[] {
    return this.shown.instancesOf(app);
  }

  /** Service keys with at least one instance-level provider, sorted. */
  serviceKeys(): string[] {
    return this.shown.serviceKeys();
  }

  /** The instance-level providers of service `key`, sorted by identity. */
  providers(key: string): DiscoveredProvider[] {
    return this.shown.providers(key);
  }

  /** The providers every instance of `app` yields. */
  providersOfApplication(app: string): readonly DiscoveredProvider[] {
    return this.shown.providersOfApplication(app);
  }

  /** The applications `/{root}/mapping/{iface}` names (providers of it at application level, live or not). */
  mappedApplications(iface: string): readonly string[] {
    return this.shown.mapping.get(iface) ?? [];
  }

  /** Malformed instances and MetadataInfo nodes, skipped with a reason. */
  invalidNodes(): InvalidNode[] {
    return [...this.shown.invalid].map(([path, reason]) => ({ path, reason })).sort((a, b) => a.path.localeCompare(b.path));
  }

  onChange(listener: (change: DiscoveryChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads everything and re-arms every watch; call on each new session (after resetting the report). */
  resync(): void {
    const epoch = this.reads.begin();
    this.live = new DiscoveryState();
    this.interfaceNodes = new Set();
    this.reads.track(epoch, "instances", () => this.readApplications(epoch));
    this.reads.track(epoch, "mapping", () => this.readMappings(epoch));
  }

  /** Stops reading; the last state stays answerable. */
  close(): void {
    this.reads.stop();
  }

  /**
   * True when instances and interface-level services share one root (a registry address
   * with a `group`, which Dubbo 3 uses for both): the root's `config`, `metadata` and
   * `mapping` children and its interface nodes (those with category children) are then
   * not applications, and are skipped without being reported as malformed.
   */
  private get sharedRoot(): boolean {
    return this.roots.services === this.roots.root;
  }

  /** What a watch runs: the same read again, tracked. */
  private again(epoch: number, what: string, read: () => Promise<void>): () => void {
    return () => this.reads.track(epoch, what, read);
  }

  private readApplications = async (epoch: number): Promise<void> => {
    const root = this.roots.services;
    const apps = await this.reads.children(epoch, root, this.again(epoch, root, () => this.readApplications(epoch)), true);
    if (epoch !== this.reads.epoch) return;
    const names = new Set((apps ?? []).filter((name) => !this.sharedRoot || !NON_SERVICE_CHILDREN.has(name)));
    for (const name of [...this.interfaceNodes]) if (!names.has(name)) this.interfaceNodes.delete(name);
    for (const name of this.interfaceNodes) names.delete(name);
    for (const app of [...this.live.instances.keys()]) if (!names.has(app)) this.dropApplication(app);
    for (const app of names) {
      if (this.live.instances.has(app)) continue;
      this.live.instances.set(app, new Map());
      this.reads.track(epoch, `${root}/${app}`, () => this.readApplication(epoch, app));
    }
  };

  private readApplication = async (epoch: number, app: string): Promise<void> => {
    const path = `${this.roots.services}/${app}`;
    const ids = await this.reads.children(epoch, path, this.again(epoch, path, () => this.readApplication(epoch, app)), false);
    if (epoch !== this.reads.epoch || !this.live.instances.has(app)) return;
    if (ids === null) {
      this.dropApplication(app);
      return;
    }
    if (this.sharedRoot && ids.some(isCategory)) {
      // An interface node beside the applications (a registry `group` roots both levels).
      this.interfaceNodes.add(app);
      this.dropApplication(app);
      return;
    }
    const instances = this.live.instances.get(app)!;
    const present = new Set(ids);
    let removed = false;
    for (const id of [...instances.keys()]) {
      if (!present.has(id)) removed = instances.delete(id) || removed;
    }
    let tracked = this.live.trackedInstances.get(app);
    if (!tracked) this.live.trackedInstances.set(app, (tracked = new Set()));
    for (const id of [...tracked]) if (!present.has(id)) this.forgetInstance(app, id);
    for (const id of ids) {
      if (tracked.has(id)) continue;
      tracked.add(id);
      this.reads.track(epoch, `${path}/${id}`, () => this.readInstance(epoch, app, id));
    }
    if (removed) this.changed(app);
  };

  private readInstance = async (epoch: number, app: string, id: string): Promise<void> => {
    const path = `${this.roots.services}/${app}/${id}`;
    const data = await this.reads.data(epoch, path, this.again(epoch, path, () => this.readInstance(epoch, app, id)), false);
    const instances = this.live.instances.get(app);
    if (epoch !== this.reads.epoch || !instances) return;
    this.live.invalid.delete(path);
    if (data === null) {
      this.forgetInstance(app, id);
      if (instances.delete(id)) this.changed(app);
      return;
    }
    const parsed = parseServiceInstance(data.toString("utf8"));
    const reason = !parsed.ok ? parsed.reason : parsed.value.app !== app ? `instance name "${parsed.value.app}" is not its application node "${app}"` : null;
    if (!parsed.ok || reason !== null) {
      this.live.invalid.set(path, reason ?? "invalid");
      if (instances.delete(id)) this.changed(app);
      return;
    }
    instances.set(id, parsed.value);
    const revision = parsed.value.revision;
    if (revision !== EMPTY_REVISION && !this.live.revisions.get(app)?.has(revision)) {
      this.live.setRevision(app, revision, { type: "reading" });
      this.reads.track(epoch, `revision ${app}/${revision}`, () => this.readRevision(epoch, app, revision));
    }
    this.changed(app);
  };

  private readRevision = async (epoch: number, app: string, revision: string): Promise<void> => {
    if (!this.live.usesRevision(app, revision)) return;
    const path = `${this.roots.root}/metadata/${app}/${revision}`;
    const data = await this.reads.data(epoch, path, this.again(epoch, path, () => this.readRevision(epoch, app, revision)), true);
    if (epoch !== this.reads.epoch || !this.live.usesRevision(app, revision)) return;
    this.live.invalid.delete(path);
    let metadata: RevisionMetadata = { type: "missing" };
    if (data !== null) {
      const parsed = parseMetadataInfo(data.toString("utf8"));
      if (parsed.ok) metadata = { type: "published", info: parsed.value };
      else {
        metadata = { type: "invalid", reason: parsed.reason };
        this.live.invalid.set(path, parsed.reason);
      }
    }
    this.live.setRevision(app, revision, metadata);
    if (metadata.type !== "published") this.queueInference(epoch, app);
    this.changed(app);
  };

  private readMappings = async (epoch: number): Promise<void> => {
    const dir = `${this.roots.root}/mapping`;
    const ifaces = await this.reads.children(epoch, dir, this.again(epoch, dir, () => this.readMappings(epoch)), true);
    if (epoch !== this.reads.epoch) return;
    const names = new Set(ifaces ?? []);
    for (const iface of [...this.live.trackedMappings]) {
      if (names.has(iface)) continue;
      this.live.trackedMappings.delete(iface);
      this.setMapping(epoch, iface, null);
    }
    for (const iface of names) {
      if (this.live.trackedMappings.has(iface)) continue;
      this.live.trackedMappings.add(iface);
      this.reads.track(epoch, `${dir}/${iface}`, () => this.readMapping(epoch, iface));
    }
  };

  private readMapping = async (epoch: number, iface: string): Promise<void> => {
    const path = `${this.roots.root}/mapping/${iface}`;
    const data = await this.reads.data(epoch, path, this.again(epoch, path, () => this.readMapping(epoch, iface)), false);
    if (epoch !== this.reads.epoch) return;
    if (data === null) this.live.trackedMappings.delete(iface);
    // ServiceNameMapping: comma-separated application names (ZookeeperMetadataReport.getAppNames).
    const apps = data === null ? null : [...new Set(data.toString("utf8").split(",").map((a) => a.trim()).filter((a) => a !== ""))].sort();
    this.setMapping(epoch, iface, apps);
  };

  private setMapping(epoch: number, iface: string, apps: readonly string[] | null): void {
    const before = this.live.mapping.get(iface) ?? [];
    if (apps === null) this.live.mapping.delete(iface);
    else this.live.mapping.set(iface, apps);
    const after = apps ?? [];
    if (before.length === after.length && before.every((a, i) => a === after[i])) return;
    for (const app of new Set([...before, ...after])) if (this.live.needsInference(app)) this.queueInference(epoch, app);
    this.emit({ type: "mapping", interface: iface });
  }

  /** Infers `app`'s services from the metadata report again, once, soon. */
  private queueInference(epoch: number, app: string): void {
    if (this.live.inferenceQueued.has(app)) return;
    this.live.inferenceQueued.add(app);
    this.reads.track(epoch, `inference ${app}`, () => this.infer(epoch, app));
  }

  private infer = async (epoch: number, app: string): Promise<void> => {
    this.live.inferenceQueued.delete(app);
    if (!this.live.needsInference(app)) {
      if (this.live.inferred.delete(app)) this.changed(app);
      return;
    }
    const found = await Promise.all(this.live.interfacesOf(app).map((iface) => this.report.definitions(iface)));
    if (epoch !== this.reads.epoch || !this.live.instances.has(app)) return;
    const services = found.flatMap((d) => d.providers.filter((p) => p.application === app));
    this.live.inferred.set(app, services.map((p) => ({ canonicalName: p.definition.canonicalName, params: p.definition.parameters })));
    this.changed(app);
  };

  private definitionsChanged(iface: string): void {
    const epoch = this.reads.epoch;
    for (const app of this.live.mapping.get(iface) ?? []) if (this.live.needsInference(app)) this.queueInference(epoch, app);
  }

  private dropApplication(app: string): void {
    for (const id of [...(this.live.trackedInstances.get(app) ?? [])]) this.forgetInstance(app, id);
    this.live.trackedInstances.delete(app);
    this.live.instances.set(app, new Map());
    this.changed(app);
    this.live.removeApplication(app);
  }

  /** Stops tracking an instance node that is gone; a later node of the same name is read afresh. */
  private forgetInstance(app: string, id: string): void {
    this.live.trackedInstances.get(app)?.delete(id);
    this.live.invalid.delete(`${this.roots.services}/${app}/${id}`);
  }

  /** Rebuilds `app`'s providers, forgets malformed MetadataInfo of revisions no instance is at, and tells listeners. */
  private changed(app: string): void {
    const keys = this.live.rebuild(app);
    const prefix = `${this.roots.root}/metadata/${app}/`;
    for (const p of [...this.live.invalid.keys()]) {
      if (p.startsWith(prefix) && !this.live.usesRevision(app, p.slice(prefix.length))) this.live.invalid.delete(p);
    }
    this.emit({ type: "application", app, keys });
  }

  /** Tells listeners of a change to the state answered from; a re-read's changes wait for `resynced`. */
  private emit(change: DiscoveryChange): void {
    if (this.live !== this.shown && change.type !== "resynced") return;
    for (const l of this.listeners) l(change);
  }
}
