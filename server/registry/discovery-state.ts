import { type DiscoveredProvider, instanceLevelProvider } from "@/lib/dubbo/discovered-provider";
import { type MetadataInfo, serviceInfoFromParameters } from "@/lib/dubbo/metadata-info";
import { EMPTY_REVISION, instanceProtocols, type ServiceInstance } from "@/lib/dubbo/service-instance";

/**
 * What is known of one revision's MetadataInfo:
 * - `reading`: asked for, not answered yet (its instances provide nothing until it is);
 * - `published`: read from `/{root}/metadata/{app}/{revision}`;
 * - `missing`: no such node (storage type `local`): the services are inferred instead;
 * - `invalid`: the node is malformed (listed with its reason): inferred as for `missing`.
 */
export type RevisionMetadata =
  | { readonly type: "reading" }
  | { readonly type: "published"; readonly info: MetadataInfo }
  | { readonly type: "missing" }
  | { readonly type: "invalid"; readonly reason: string };

/** A service an application reported a definition for: what inference builds URLs from. */
export interface ReportedService {
  readonly canonicalName: string;
  readonly params: Readonly<Record<string, string>>;
}

/** One registered instance of an application, as listed by application-level discovery. */
export interface DiscoveredInstance {
  /** The instance's node name under `/services/{app}` (Curator id, `host:port`). */
  readonly id: string;
  readonly instance: ServiceInstance;
  /** How its revision's MetadataInfo stands; `reading` while unknown, null for the empty revision. */
  readonly metadata: RevisionMetadata["type"] | null;
}

/**
 * The application-level picture of one registry in one epoch: instances, MetadataInfo by
 * revision, the interface→application mapping, services inferred from the metadata report,
 * and the providers derived from them, indexed by service key. Pure bookkeeping, no I/O:
 * app-discovery.ts reads ZooKeeper into it.
 *
 * Rebuilding one application touches only that application's providers, so a change costs
 * work proportional to the application, not to the registry.
 */
export class DiscoveryState {
  /** Application → instance node name → instance. An application whose node exists has an entry. */
  readonly instances = new Map<string, Map<string, ServiceInstance>>();
  /** Application → instance node names whose data is kept current (read scheduled, watch armed), malformed ones included. */
  readonly trackedInstances = new Map<string, Set<string>>();
  /** Interfaces whose mapping node is kept current. */
  readonly trackedMappings = new Set<string>();
  /** Application → revision → what is known of its MetadataInfo. */
  readonly revisions = new Map<string, Map<string, RevisionMetadata>>();
  /** Interface → applications (`/{root}/mapping/{interface}`). */
  readonly mapping = new Map<string, readonly string[]>();
  /** Application → the services its definitions say it exports, for instances without published MetadataInfo. */
  readonly inferred = new Map<string, readonly ReportedService[]>();
  /** Applications whose inference is queued. */
  readonly inferenceQueued = new Set<string>();
  /** Malformed node path → why it was skipped. */
  readonly invalid = new Map<string, string>();
  private readonly providersByApp = new Map<string, readonly DiscoveredProvider[]>();
  private readonly providersByKey = new Map<string, Map<string, readonly DiscoveredProvider[]>>();

  applications(): string[] {
    return [...this.instances].filter(([, m]) => m.size > 0).map(([app]) => app).sort();
  }

  instancesOf(app: string): DiscoveredInstance[] {
    const revisions = this.revisions.get(app);
    return [...(this.instances.get(app) ?? [])]
      .map(([id, instance]) => ({
        id,
        instance,
        metadata: instance.revision === EMPTY_REVISION ? null : (revisions?.get(instance.revision)?.type ?? "reading"),
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  serviceKeys(): string[] {
    return [...this.providersByKey.keys()].sort();
  }

  providers(key: string): DiscoveredProvider[] {
    const byApp = this.providersByKey.get(key);
    if (!byApp) return [];
    return [...byApp.values()].flat().sort((a, b) => a.identity.localeCompare(b.identity));
  }

  providersOfApplication(app: string): readonly DiscoveredProvider[] {
    return this.providersByApp.get(app) ?? [];
  }

  /** The interfaces whose mapping names `app`. */
  interfacesOf(app: string): string[] {
    return [...this.mapping].filter(([, apps]) => apps.includes(app)).map(([iface]) => iface).sort();
  }

  /** Whether some instance of `app` lacks a published MetadataInfo (so its services must be inferred). */
  needsInference(app: string): boolean {
    const revisions = this.revisions.get(app);
    return [...(this.instances.get(app)?.values() ?? [])].some((i) => {
      const type = revisions?.get(i.revision)?.type;
      return type === "missing" || type === "invalid";
    });
  }

  /** Whether some instance of `app` is at `revision`. */
  usesRevision(app: string, revision: string): boolean {
    return [...(this.instances.get(app)?.values() ?? [])].some((i) => i.revision === revision);
  }

  setRevision(app: string, revision: string, metadata: RevisionMetadata): void {
    let byRevision = this.revisions.get(app);
    if (!byRevision) this.revisions.set(app, (byRevision = new Map()));
    byRevision.set(revision, metadata);
  }

  removeApplication(app: string): void {
    this.instances.delete(app);
    this.revisions.delete(app);
    this.inferred.delete(app);
  }

  /**
   * Derives `app`'s providers again from its instances, revisions and inferred services,
   * drops the revisions no instance is at any more, and returns the service keys whose
   * instance-level providers may have changed.
   */
  rebuild(app: string): string[] {
    const instances = this.instances.get(app) ?? new Map<string, ServiceInstance>();
    const revisions = this.revisions.get(app);
    for (const r of [...(revisions?.keys() ?? [])]) if (!this.usesRevision(app, r)) revisions?.delete(r);
    const next: DiscoveredProvider[] = [];
    for (const [id, instance] of instances) {
      const meta = revisions?.get(instance.revision);
      if (instance.revision === EMPTY_REVISION || !meta || meta.type === "reading") continue;
      if (meta.type === "published") {
        for (const s of meta.info.services) next.push(instanceLevelProvider(instance, id, s, "metadata-info"));
      } else {
        // The definitions do not say the protocol: one provider per protocol the instance serves.
        for (const s of this.inferred.get(app) ?? []) {
          for (const protocol of instanceProtocols(instance)) {
            const info = serviceInfoFromParameters(s.canonicalName, s.params, protocol);
            next.push(instanceLevelProvider(instance, id, info, "service-definitions"));
          }
        }
      }
    }
    const before = this.providersByApp.get(app) ?? [];
    const keys = new Set([...before, ...next].map((p) => p.key));
    const nextByKey = new Map<string, DiscoveredProvider[]>();
    for (const p of next) nextByKey.set(p.key, [...(nextByKey.get(p.key) ?? []), p]);
    for (const key of keys) {
      let byApp = this.providersByKey.get(key);
      if (!byApp) this.providersByKey.set(key, (byApp = new Map()));
      const list = nextByKey.get(key);
      if (list) byApp.set(app, list);
      else byApp.delete(app);
      if (byApp.size === 0) this.providersByKey.delete(key);
    }
    if (next.length > 0) this.providersByApp.set(app, next);
    else this.providersByApp.delete(app);
    return [...keys].sort();
  }
}
