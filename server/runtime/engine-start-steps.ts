import "server-only";
import type { Engine } from "./engine";

/**
 * The parts of the engine's module graph, loaded one at a time by {@link registerNode}, roughly
 * leaves first (the ZooKeeper client and the Hessian codec, then the registry, the catalog,
 * the cluster, the services that write); each loads what it needs that the parts before it
 * have not loaded. Order only spreads the cost: any order loads the same graph.
 */
const ENGINE_PARTS: readonly (() => Promise<unknown>)[] = [
  () => import("../registry/zk/zk-session"),
  () => import("../protocol/dubbo-invoker"),
  () => import("../registry/registry"),
  () => import("../governance/catalog/catalog"),
  () => import("../cluster/cluster-env"),
  () => import("../governance/audit/audit-log"),
  () => import("../governance/rules/condition/config-routes"),
  () => import("../governance/rules/condition/route-store"),
  () => import("../governance/invoke/invoke"),
];

/** One turn of the event loop: I/O and timers that are due run before the next step. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts the process's engine (instrumentation.ts's register()) in steps: its module graph
 * is loaded a part at a time with a turn of the event loop between parts, then the engine is
 * made and started (see bootEngine: a configuration error stops the process). Loaded in one
 * go the graph held the event loop for several hundred milliseconds at start-up on a loaded
 * machine (issue 15 item 21: no block over 100 ms); each part is a few tens.
 */
export async function startEngineInSteps(): Promise<Engine> {
  for (const load of ENGINE_PARTS) {
    await load();
    await nextTurn();
  }
  const { bootEngine } = await import("./boot");
  await nextTurn();
  return bootEngine();
}
