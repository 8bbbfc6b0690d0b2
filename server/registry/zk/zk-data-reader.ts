import type { ZkReader } from "./zk-reader";

/**
 * A {@link ZkReader} that also reads node data: what application-level discovery and the
 * metadata report need (instance JSON, MetadataInfo, service definitions, mappings).
 * {@link ZkSession} implements it; tests can substitute it.
 */
export interface ZkDataReader extends ZkReader {
  /**
   * The data of `path` (an empty Buffer when the node has none), or `null` when the node
   * does not exist; then no watch is left, so watch for its creation with `exists`.
   * `watcher` fires at most once, when the data changes or the node is deleted.
   * Rejects with a RegistryUnavailableError when not connected or on time-out.
   */
  getData(path: string, watcher?: () => void): Promise<Buffer | null>;
}
