/**
 * What the registry view needs from ZooKeeper: reads that can leave a one-shot watch.
 * {@link ZkSession} implements it over node-zookeeper-client; tests can substitute it.
 */
export interface ZkReader {
  /**
   * The children of `path`, or `null` when the node does not exist (no watch is left then).
   * `watcher` fires at most once, when the children change or the node is deleted.
   * Rejects with a RegistryUnavailableError when not connected or on time-out.
   */
  getChildren(path: string, watcher?: () => void): Promise<string[] | null>;
  /** Whether `path` exists; `watcher` fires once when it is created or deleted. */
  exists(path: string, watcher?: () => void): Promise<boolean>;
}
