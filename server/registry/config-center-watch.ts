import { ruleDirectory } from "@/lib/dubbo/rules/config-rule-key";
import type { Logger } from "../runtime/logger";
import { WatchedReads } from "./zk/watched-reads";
import type { ZkDataReader } from "./zk/zk-data-reader";

/** ZooKeeper requests in flight at once while reading the nodes. */
const READ_CONCURRENCY = 4;

/** Hears one node's data as read (null: the node is gone). */
export type NodeListener = (key: string, path: string, data: string | null) => void;

/**
 * The data of every `{key}{suffix}` node in one registry's config center
 * (`{root}/config/dubbo`), kept current by one-shot watches on the registry's session
 * (WatchedReads, as ConfigCenterRules reads `.condition-router` nodes): the directory's
 * children (a creation watch while it is missing), and each matching child's data.
 * Every read is passed to the listeners, also unchanged data after a new session's
 * re-read; a node removed (also while no session was there) is passed as null. Nothing read throws; failed reads are retried.
 */
export class ConfigCenterWatch {
  private readonly reads: WatchedReads;
  /** Keys whose data is read and watched in this epoch. */
  private tracked = new Set<string>();
  /** Keys passed to the listeners with data and not removed since (across sessions). */
  private readonly known = new Set<string>();
  private readonly listeners = new Set<NodeListener>();

  constructor(
    reader: ZkDataReader,
    /** The registry's root, `/dubbo`. */
    readonly root: string,
    /** The node name suffix watched, `.configurators`. */
    readonly suffix: string,
    log: Logger,
  ) {
    this.reads = new WatchedReads(reader, log, READ_CONCURRENCY, () => undefined);
  }

  get directory(): string {
    return ruleDirectory(this.root);
  }

  /** Re-reads everything; call on each new session. */
  resync(): void {
    const epoch = this.reads.begin();
    this.tracked = new Set();
    this.reads.track(epoch, `children ${this.directory}`, () => this.readDirectory(epoch));
  }

  close(): void {
    this.reads.stop();
  }

  onNode(listener: NodeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async readDirectory(epoch: number): Promise<void> {
    const dir = this.directory;
    const children = await this.reads.children(epoch, dir, () => this.reads.track(epoch, `children ${dir}`, () => this.readDirectory(epoch)), true);
    const keys = new Set((children ?? []).filter((c) => c.endsWith(this.suffix) && c.length > this.suffix.length).map((c) => c.slice(0, -this.suffix.length)));
    for (const key of [...this.known]) if (!keys.has(key)) this.emit(key, null);
    for (const key of [...this.tracked]) if (!keys.has(key)) this.tracked.delete(key);
    for (const key of keys) {
      if (this.tracked.has(key)) continue;
      this.tracked.add(key);
      this.reads.track(epoch, `data ${this.path(key)}`, () => this.readNode(epoch, key));
    }
  }

  private async readNode(epoch: number, key: string): Promise<void> {
    const path = this.path(key);
    const data = await this.reads.data(epoch, path, () => this.reads.track(epoch, `data ${path}`, () => this.readNode(epoch, key)), false);
    if (epoch !== this.reads.epoch) return;
    if (data === null) {
      this.tracked.delete(key);
      this.emit(key, null);
      return;
    }
    this.emit(key, data.toString("utf8"));
  }

  private path(key: string): string {
    return `${this.directory}/${key}${this.suffix}`;
  }

  private emit(key: string, data: string | null): void {
    const path = this.path(key);
    if (data === null) this.known.delete(key);
    else this.known.add(key);
    for (const l of this.listeners) l(key, path, data);
  }
}
