import type { ClusterCall, ClusterOutcome } from "../cluster-call";

/** The cluster strategies the engine has, by Dubbo's extension names; `failover` is the default (`Cluster.DEFAULT`). */
export const CLUSTER_NAMES = ["failover", "failfast", "failsafe", "failback", "forking", "broadcast", "available"] as const;
export type ClusterName = (typeof CLUSTER_NAMES)[number];
export const DEFAULT_CLUSTER: ClusterName = "failover";

export function isClusterName(name: string): name is ClusterName {
  return (CLUSTER_NAMES as readonly string[]).includes(name);
}

/**
 * What a cluster does with the providers of one call (Java's `XxxClusterInvoker.doInvoke`):
 * which to call, how many times, and what the caller gets. One instance per cluster
 * invoker (failback keeps its retry queue there).
 */
export interface Strategy {
  readonly name: ClusterName;
  /** Runs `call` (whose providers are not empty) to its outcome; never rejects. */
  run(call: ClusterCall): Promise<ClusterOutcome>;
  /** Cancels whatever runs in the background (failback's retries). */
  stop(): void;
}
