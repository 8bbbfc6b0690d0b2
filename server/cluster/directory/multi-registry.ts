import type { ClusterCallOptions, ClusterOutcome, ClusterResult } from "../cluster-call";
import type { ClusterEnv } from "../cluster-env";
import { NoProviderError } from "../cluster-errors";
import type { ClusterInvoker } from "../cluster-invoker";
import type { Invocation, Invoker } from "../invoker";

/** One registry's cluster of a service, with what its registry URL says about it. */
export interface RegistryCluster {
  /** The registry's source, as configured. */
  readonly registry: string;
  readonly cluster: ClusterInvoker;
  /** `preferred=true` on the registry URL (3.3; 2.7.23 spells it `registry.preferred`): always used while it has an available provider. */
  readonly preferred?: boolean;
  /** `zone` on the registry URL, matched against a call's `registry_zone` attachment. */
  readonly zone?: string;
  /**
   * `weight` on the registry URL: registries are drawn as the random load balance draws
   * providers (100 for one without; in 3.x no weighing at all unless the first has one).
   */
  readonly weight?: number;
}

/**
 * How a reference over several registries picks one:
 * - `zone-aware`: what Dubbo does by default, 2.7.23 and 3.3 alike (ReferenceConfig joins
 *   one cluster per registry under ZoneAwareCluster unless the registry URL names another
 *   `cluster`), see {@link MultiRegistryCluster};
 * - `available`: the first registry with an available provider, in configuration order
 *   (AvailableCluster, Dubbo 2.6's choice).
 */
export type MultiRegistryMode = "zone-aware" | "available";

/** A multi-registry call's answer: which registry's cluster ran it (null when none did). */
export interface MultiRegistryResult extends ClusterResult {
  readonly registry: string | null;
}

const REGISTRY_ZONE = "registry_zone";
const REGISTRY_ZONE_FORCE = "registry_zone_force";

/**
 * One reference over several registries: a cluster per registry (each with its own
 * directory and routes) and, above them, a choice of registry for each call
 * (ZoneAwareClusterInvoker, 2.7.23 and 3.3):
 * 1. the first preferred registry with an available provider;
 * 2. with a `registry_zone` attachment, the first available registry of that zone; none
 *    and `registry_zone_force=true`: the call fails;
 * 3. a registry drawn at random by `weight` (as the random load balance draws providers);
 *    if it has no available provider, the first registry that has one;
 * 4. none available: `no_provider` (3.3; 2.7.23 calls the first registry's cluster anyway,
 *    which answers the same).
 */
export class MultiRegistryCluster {
  constructor(
    readonly registries: readonly RegistryCluster[],
    private readonly env: ClusterEnv,
    readonly mode: MultiRegistryMode = "zone-aware",
  ) {}

  async invoke(invocation: Invocation, options: ClusterCallOptions = {}): Promise<MultiRegistryResult> {
    const chosen = this.choose(invocation);
    if (!("cluster" in chosen)) return { outcome: { type: "error", error: chosen.error }, attempts: [], elapsedMs: 0, registry: null };
    const result = await chosen.cluster.invoke(invocation, options);
    return { ...result, registry: chosen.registry };
  }

  /** Stops every registry's cluster. */
  stop(): void {
    for (const r of this.registries) r.cluster.stop();
  }

  private choose(invocation: Invocation): RegistryCluster | Extract<ClusterOutcome, { type: "error" }> {
    const available = (r: RegistryCluster) => r.cluster.isAvailable();
    const none = (reason: string): Extract<ClusterOutcome, { type: "error" }> => ({ type: "error", error: new NoProviderError(this.service(), invocation.method, reason) });
    if (this.mode === "available") return this.registries.find(available) ?? none(`no registry of ${this.names()} has an available provider`);
    const preferred = this.registries.find((r) => r.preferred === true && available(r));
    if (preferred) return preferred;
    const zone = invocation.attachments[REGISTRY_ZONE];
    if (zone) {
      const inZone = this.registries.find((r) => available(r) && r.zone === zone);
      if (inZone) return inZone;
      if (invocation.attachments[REGISTRY_ZONE_FORCE]?.toLowerCase() === "true") return none(`no registry in zone ${zone} has an available provider (registries ${this.names()})`);
    }
    const drawn = this.draw(invocation);
    if (drawn !== undefined && available(drawn)) return drawn;
    return this.registries.find(available) ?? none(`no registry of ${this.names()} has an available provider`);
  }

  /** A registry at random by weight: the random load balance over one stand-in provider per registry. */
  private draw(invocation: Invocation): RegistryCluster | undefined {
    if (this.registries.length === 0) return undefined;
    const standIns: Invoker[] = this.registries.map((r) => ({
      address: r.registry,
      url: { protocol: "registry", username: "", password: "", host: r.registry, port: 0, path: "", parameters: weightParameter(r) },
      isAvailable: () => r.cluster.isAvailable(),
      invoke: () => Promise.reject(new Error("a registry stand-in is never invoked")),
    }));
    const picked = this.env.loadBalances.get("random").select(standIns, invocation);
    return this.registries[standIns.indexOf(picked)];
  }

  private service(): string {
    return this.registries[0]?.cluster.directory.service ?? "the service";
  }

  private names(): string {
    return this.registries.map((r) => r.registry).join(", ") || "(none)";
  }
}

/** A registry's `weight` as its stand-in's URL parameter. */
function weightParameter(r: RegistryCluster): Record<string, string> {
  return r.weight === undefined ? {} : { weight: String(r.weight) };
}
