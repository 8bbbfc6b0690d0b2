import { networkInterfaces } from "node:os";
import type { ServiceId } from "@/lib/dubbo/service-key";
import { type DubboUrl, urlAddress } from "@/lib/dubbo/url";
import { type CatalogService, registrySnapshot } from "../../cluster/directory/catalog-snapshot";
import type { ClusterCallOptions, ClusterResult } from "../../cluster/cluster-call";
import type { ClusterEnv } from "../../cluster/cluster-env";
import { ClusterInvoker } from "../../cluster/cluster-invoker";
import { NoProviderError, UnsupportedProtocolError } from "../../cluster/cluster-errors";
import type { ConsumerSpec } from "../../cluster/directory/consumer-url";
import { directDirectory } from "../../cluster/direct-connection";
import { StaticDirectory } from "../../cluster/directory/directory";
import type { Invocation, Invoker } from "../../cluster/invoker";
import { MultiRegistryCluster } from "../../cluster/directory/multi-registry";
import { type DirectorySnapshot, RegistryDirectory } from "../../cluster/directory/registry-directory";
import type { ConnectionPool } from "../../protocol/connection-pool";
import { DubboInvoker } from "../../protocol/dubbo-invoker";
import type { TripleClient } from "../../protocol/triple/triple-client";
import { TripleInvoker } from "../../protocol/triple/triple-invoker";
import type { TriplePool } from "../../protocol/triple/triple-pool";
import type { DirectTarget } from "./direct-url-policy";

/** The console's settings of one reference: what the invoke API may override. */
export interface ReferenceSettings {
  readonly cluster?: string;
  readonly loadbalance?: string;
  /** Attempts after the first (the consumer's `retries`, which failover and failback read). */
  readonly retries?: number;
}

/** What the references read of the catalog: the current entry of a service (undefined when gone). */
export type EntryLookup = (key: string) => CatalogService | undefined;

const NO_CENTER = { application: [], service: [] } as const;
const EMPTY_SNAPSHOT: DirectorySnapshot = { providers: [], configurators: [], routes: [] };

/** The console's own IPv4 address, as a consumer registers it (what routes' `host` match); loopback when it has none. */
export function consoleHost(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return "127.0.0.1";
}

/**
 * One reference of a service through the registries: a RegistryDirectory and a cluster per
 * registry (under MultiRegistryCluster when there are several, zone-aware as Dubbo does),
 * reading the catalog's entry at every call, so providers, override rules and routes are
 * the live registry view's, and the config center's configurators and tag rules.
 */
class Reference {
  readonly directories: RegistryDirectory[];
  private readonly single: ClusterInvoker | null;
  private readonly multi: MultiRegistryCluster | null;

  constructor(key: string, consumer: ConsumerSpec, registries: readonly string[], lookup: EntryLookup, env: ClusterEnv, createInvoker: (url: DubboUrl) => Invoker) {
    this.directories = registries.map(
      (registry) =>
        new RegistryDirectory({
          consumer,
          dialect: env.dialect,
          snapshot: () => {
            const entry = lookup(key);
            return entry === undefined ? EMPTY_SNAPSHOT : registrySnapshot(entry, registry);
          },
          createInvoker,
          centerConfigurators: (url) => env.centerConfigurators?.(registry, url) ?? NO_CENTER,
          tagRule: (application) => env.centerTagRules?.(registry, application) ?? null,
        }),
    );
    const clusters = this.directories.map((d) => new ClusterInvoker(d, env, consumer.parameters?.cluster));
    this.single = clusters.length === 1 ? clusters[0]! : null;
    this.multi = clusters.length === 1 ? null : new MultiRegistryCluster(clusters.map((cluster, i) => ({ registry: registries[i]!, cluster })), env);
  }

  invoke(invocation: Invocation, options: ClusterCallOptions): Promise<ClusterResult> {
    return this.single ? this.single.invoke(invocation, options) : this.multi!.invoke(invocation, options);
  }

  stop(): void {
    this.single?.stop();
    this.multi?.stop();
    for (const d of this.directories) d.destroy();
  }
}

/**
 * The invocation service's references, kept per service and settings (as a Java application
 * keeps one reference per interface and configuration, never one per call): their sticky
 * provider, failback queue and invokers live across calls. Invokers share the pool's one
 * connection per provider address.
 */
export class References {
  private readonly references = new Map<string, Reference>();
  private readonly host = consoleHost();

  constructor(
    private readonly registries: () => readonly string[],
    private readonly lookup: EntryLookup,
    private readonly env: ClusterEnv,
    private readonly pool: ConnectionPool,
    /** The HTTP/2 connections of `tri://` providers, one per address. */
    private readonly triple: TriplePool,
  ) {}

  /** Makes the invoker of a merged provider URL by its protocol, over the pool's connection to its address (looked up at each call). */
  readonly createInvoker = (url: DubboUrl): Invoker => {
    const address = urlAddress(url);
    if (url.protocol === "tri") return new TripleInvoker(url, () => this.triple.get(address));
    return new DubboInvoker(url, () => this.pool.get(address));
  };

  /** Through the registries: the routes, the load balance and the cluster strategy. */
  throughCluster(key: string, service: ServiceId, settings: ReferenceSettings, invocation: Invocation, options: ClusterCallOptions): Promise<ClusterResult> {
    return this.reference(key, service, settings).invoke(invocation, options);
  }

  /**
   * On one registered provider (`host:port`), one try: its invoker from the reference's
   * directories (disabled providers are not there); no_provider when it does not provide the service.
   */
  pinned(key: string, service: ServiceId, settings: ReferenceSettings, address: string, invocation: Invocation, options: ClusterCallOptions): Promise<ClusterResult> {
    const reference = this.reference(key, service, settings);
    for (const d of reference.directories) {
      const invoker = d.allInvokers().find((i) => i.address === address);
      if (invoker) return new ClusterInvoker(new StaticDirectory(key, d.consumerUrl, [invoker]), this.env, "failfast").invoke(invocation, options);
    }
    const other = this.lookup(key)?.providers.find((p) => urlAddress(p.url) === address && p.url.protocol !== "dubbo" && p.url.protocol !== "tri");
    if (other) return Promise.resolve({ outcome: { type: "error", error: new UnsupportedProtocolError(key, address, other.url.protocol) }, attempts: [], elapsedMs: 0 });
    const listed = reference.directories.flatMap((d) => d.allInvokers().map((i) => i.address));
    const why = `${address} is not one of its enabled providers (${listed.join(", ") || "none"})`;
    return Promise.resolve({ outcome: { type: "error", error: new NoProviderError(key, invocation.method, why) }, attempts: [], elapsedMs: 0 });
  }

  /**
   * Straight to the checked targets of a `url` (./direct-url-policy.ts), no registry and no
   * routes. A registered provider is called over the pool's shared connection, as through
   * the cluster; any other address is borrowed from the pool for the call (shared with the
   * calls to it in flight) and closed once the last of them has ended: it never stays open
   * nor reconnects (the answer does not wait for the close). An unregistered `tri://` address
   * gets a Triple client of its own for the call, closed after it.
   */
  async direct(service: ServiceId, settings: ReferenceSettings, targets: readonly DirectTarget[], invocation: Invocation, options: ClusterCallOptions): Promise<ClusterResult> {
    const borrowed = new Set<string>();
    const detached: TripleClient[] = [];
    const registered = new Set(targets.filter((t) => t.registered).map((t) => `${t.url.protocol}://${t.address}`));
    const createInvoker = (url: DubboUrl): Invoker => {
      const address = urlAddress(url);
      if (registered.has(`${url.protocol}://${address}`)) return this.createInvoker(url);
      if (url.protocol === "tri") {
        const client = this.triple.detached(address);
        detached.push(client);
        return new TripleInvoker(url, () => client);
      }
      return new DubboInvoker(url, () => {
        if (borrowed.has(address)) return this.pool.get(address);
        borrowed.add(address);
        return this.pool.borrow(address);
      });
    };
    const directory = directDirectory(
      targets.map((t) => t.url),
      this.consumer(service, settings),
      createInvoker,
    );
    try {
      return await new ClusterInvoker(directory, this.env).invoke(invocation, options);
    } finally {
      for (const address of borrowed) this.pool.giveBack(address).catch(() => undefined);
      for (const client of detached) client.close();
    }
  }

  /** Stops every reference (failback's retries) and forgets them. */
  stop(): void {
    for (const r of this.references.values()) r.stop();
    this.references.clear();
  }

  private reference(key: string, service: ServiceId, settings: ReferenceSettings): Reference {
    const id = `${key}\n${settings.cluster ?? ""}\n${settings.loadbalance ?? ""}\n${settings.retries ?? ""}`;
    let r = this.references.get(id);
    if (r === undefined) {
      r = new Reference(key, this.consumer(service, settings), this.registries(), this.lookup, this.env, this.createInvoker);
      this.references.set(id, r);
    }
    return r;
  }

  private consumer(service: ServiceId, settings: ReferenceSettings): ConsumerSpec {
    const parameters: Record<string, string> = {};
    if (settings.cluster) parameters.cluster = settings.cluster;
    if (settings.loadbalance) parameters.loadbalance = settings.loadbalance;
    if (settings.retries !== undefined) parameters.retries = String(settings.retries);
    return { host: this.host, service, parameters };
  }
}
