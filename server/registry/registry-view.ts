import { type DubboUrl, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import type { Logger } from "../runtime/logger";
import { CATEGORIES, type Category, NON_SERVICE_CHILDREN } from "./categories";
import { Limiter } from "./limiter";
import type { ZkReader } from "./zk/zk-reader";

/** One registered URL: the ZooKeeper child name and what it parses to. */
export interface RegistryEntry {
  readonly node: string;
  readonly url: DubboUrl;
}

/** Everything registered under `/{root}/{name}`, by category. */
export type ServiceNode = ReadonlyMap<Category, readonly RegistryEntry[]>;

/**
 * What changed, so listeners can update only what is affected. `resynced`: the whole
 * published tree was replaced (a full read finished, or a cached snapshot was seeded).
 */
export type ViewChange =
  | { type: "category"; service: string; category: Category }
  | { type: "service-removed"; service: string }
  | { type: "resynced" };

/**
 * A copy of a published tree at one moment, for the disk cache: it does not change when
 * the view does. The entry lists are shared with the view, which never mutates a list in
 * place (a category's list is replaced whole), so taking one is cheap.
 */
export interface ViewSnapshot {
  readonly services: ReadonlyMap<string, ServiceNode>;
  readonly invalid: readonly { path: string; reason: string }[];
}

/** A whole tree as read in one epoch: services by name, and the nodes skipped as invalid. */
interface Tree {
  readonly services: Map<string, Map<Category, RegistryEntry[]>>;
  readonly invalid: Map<string, string>;
}

const emptyTree = (): Tree => ({ services: new Map(), invalid: new Map() });

/** How long to wait before re-reading a path whose read failed. */
const RETRY_DELAY_MS = 1_000;
/** ZooKeeper requests in flight at once during a full read (the benchmark reads at the same). */
export const READ_CONCURRENCY = 64;

/**
 * An always-in-memory mirror of Dubbo's interface-level tree in one registry, kept
 * current by one-shot ZooKeeper watches that re-arm on every read.
 *
 * Invariants:
 * - every path read in the current epoch has a watch armed (or a retry scheduled);
 * - a watch or retry from an older epoch (an older session) does nothing;
 * - a child name that is not a Dubbo URL is skipped and listed in `invalidNodes`, never
 *   thrown, so one bad node cannot hide a service;
 * - a node whose ACL refuses the console a read (ZooKeeper's NoAuth, a ForbiddenError) is
 *   listed in `invalidNodes` with the refusal and not read again until the next session
 *   (ZooKeeper set no watch on it), so one protected service cannot hold back the others;
 * - a full re-read (a new session) fills a tree of its own; readers keep seeing the last
 *   complete tree until the re-read has finished, so a half-read tree (say, one read
 *   while providers re-register after an outage) is never published;
 * - listeners hear only of changes to the published tree.
 */
export class RegistryView {
  /** The tree being read and kept current by watches. */
  private live: Tree = emptyTree();
  /** The tree readers see: `live`, or the last complete one while a re-read fills `live`. */
  private shown: Tree = this.live;
  private readonly watched = new Set<string>();
  private readonly limiter = new Limiter(READ_CONCURRENCY);
  private readonly listeners = new Set<(change: ViewChange) => void>();
  private epoch = 0;
  private pending = 0;
  private syncing = false;
  private lastSync: number | null = null;
  private rereadStart: number | null = null;
  private seededAt: number | null = null;

  constructor(
    private readonly reader: ZkReader,
    readonly root: string,
    private readonly log: Logger,
  ) {}

  /** When the last full read finished; null before the first. */
  get syncedAt(): number | null {
    return this.lastSync;
  }

  /** When the re-read in progress started, while the last complete tree is shown; otherwise null. */
  get rereadingSince(): number | null {
    return this.lastSync !== null && this.shown !== this.live ? this.rereadStart : null;
  }

  /**
   * While a seeded snapshot (see {@link seed}) is shown because no full read has finished
   * yet, when that snapshot was last known current; otherwise null.
   */
  get cachedAt(): number | null {
    return this.lastSync === null ? this.seededAt : null;
  }

  get serviceNames(): IterableIterator<string> {
    return this.shown.services.keys();
  }

  get serviceCount(): number {
    return this.shown.services.size;
  }

  /** While a full read is under way, how many interface nodes it has read so far; otherwise null. */
  get readingCount(): number | null {
    return this.syncing ? this.live.services.size : null;
  }

  service(name: string): ServiceNode | undefined {
    return this.shown.services.get(name);
  }

  invalidNodes(): { path: string; reason: string }[] {
    return [...this.shown.invalid].map(([path, reason]) => ({ path, reason }));
  }

  /** The published tree as it is now; see {@link ViewSnapshot}. */
  snapshot(): ViewSnapshot {
    const services = new Map<string, ServiceNode>();
    for (const [name, node] of this.shown.services) services.set(name, new Map(node));
    return { services, invalid: this.invalidNodes() };
  }

  /**
   * Publishes `snapshot` (a view saved at `savedAt`, e.g. loaded from the disk cache) until
   * the first full read finishes, which then replaces it as any re-read replaces the last
   * complete tree. Does nothing and returns false once a full read has finished: a live
   * view always wins over a saved one.
   */
  seed(snapshot: ViewSnapshot, savedAt: number): boolean {
    if (this.lastSync !== null) return false;
    const tree = emptyTree();
    for (const [name, node] of snapshot.services) {
      tree.services.set(name, new Map([...node].map(([category, entries]) => [category, [...entries]])));
    }
    for (const { path, reason } of snapshot.invalid) tree.invalid.set(path, reason);
    this.shown = tree;
    this.seededAt = savedAt;
    this.emit({ type: "resynced" });
    return true;
  }

  onChange(listener: (change: ViewChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the whole tree and re-arms every watch; call on each new session. */
  resync(): void {
    this.epoch++;
    this.pending = 0;
    this.watched.clear();
    this.syncing = true;
    this.live = emptyTree();
    this.rereadStart = Date.now();
    this.track(this.epoch, () => this.readRoot(this.epoch));
  }

  private readRoot = async (epoch: number): Promise<void> => {
    const children = await this.reader.getChildren(this.root, this.rewatch(epoch, this.root, () => this.readRoot(epoch)));
    if (epoch !== this.epoch) return;
    if (children === null) {
      // No root yet: wait for it to be created.
      await this.reader.exists(this.root, this.rewatch(epoch, `${this.root}#exists`, () => this.readRoot(epoch)));
      for (const name of [...this.live.services.keys()]) this.removeService(name);
      return;
    }
    const names = new Set(children.filter((c) => !NON_SERVICE_CHILDREN.has(c)));
    for (const name of [...this.live.services.keys()]) if (!names.has(name)) this.removeService(name);
    for (const name of names) {
      if (!this.watched.has(this.servicePath(name))) this.track(epoch, () => this.readService(epoch, name));
    }
  };

  private readService = async (epoch: number, name: string): Promise<void> => {
    const path = this.servicePath(name);
    this.watched.add(path);
    const children = await this.reader.getChildren(path, this.rewatch(epoch, path, () => this.readService(epoch, name)));
    if (epoch !== this.epoch) return;
    if (children === null) {
      this.watched.delete(path);
      this.removeService(name);
      return;
    }
    for (const category of CATEGORIES) {
      const catPath = `${path}/${category}`;
      if (children.includes(category)) {
        if (!this.watched.has(catPath)) this.track(epoch, () => this.readCategory(epoch, name, category));
      } else {
        this.setCategory(name, category, []);
      }
    }
  };

  private readCategory = async (epoch: number, name: string, category: Category): Promise<void> => {
    const path = `${this.servicePath(name)}/${category}`;
    this.watched.add(path);
    const children = await this.reader.getChildren(path, this.rewatch(epoch, path, () => this.readCategory(epoch, name, category)));
    if (epoch !== this.epoch) return;
    this.forgetInvalidUnder(path);
    if (children === null) {
      this.watched.delete(path);
      this.setCategory(name, category, []);
      return;
    }
    const known = this.knownEntries(name, category);
    const entries: RegistryEntry[] = [];
    // The URLs of one category share most strings (interface, application, methods, ...).
    let like: DubboUrl | undefined;
    for (const node of children) {
      const entry = known?.get(node);
      if (entry) {
        entries.push(entry);
        like = entry.url;
        continue;
      }
      try {
        like = parseEncodedDubboUrl(node, "3.x", like);
        entries.push({ node, url: like });
      } catch (e) {
        this.live.invalid.set(`${path}/${node}`, isConsoleError(e) ? e.message : String(e));
      }
    }
    this.setCategory(name, category, entries);
  };

  /**
   * The entries already parsed for a category, by node name: in the tree being read, or
   * else in the one shown (a re-read after a new session). A child name is its URL, and an
   * entry is never changed, so an unchanged child keeps its entry instead of being parsed
   * again: a watch that fires for one provider re-parses that one, not all of its service.
   */
  private knownEntries(name: string, category: Category): Map<string, RegistryEntry> | null {
    const entries = this.live.services.get(name)?.get(category) ?? this.shown.services.get(name)?.get(category);
    if (!entries || entries.length === 0) return null;
    const known = new Map<string, RegistryEntry>();
    for (const e of entries) known.set(e.node, e);
    return known;
  }

  /** A watcher that re-reads `path` in the same epoch, once. */
  private rewatch(epoch: number, path: string, read: () => Promise<void>): () => void {
    return () => {
      if (epoch !== this.epoch) return;
      this.track(epoch, read);
      this.log.debug("registry watch fired", { path });
    };
  }

  /** Runs a read under the limiter; retries it later on failure; marks the sync done when none remain. */
  private track(epoch: number, read: () => Promise<void>): void {
    this.pending++;
    this.limiter.run(read).then(
      () => this.settle(epoch),
      (e: unknown) => {
        try {
          if (epoch !== this.epoch) return;
          if (isConsoleError(e) && e.code === "forbidden") {
            this.live.invalid.set(String(e.details?.node ?? "?"), e.message);
            return;
          }
          this.log.warn("registry read failed; retrying", { error: e instanceof Error ? e.message : String(e) });
          this.pending++; // the retry keeps the sync open until it has run
          setTimeout(() => {
            // A new epoch started its own count: an old retry must neither hold nor end its sync.
            if (epoch !== this.epoch) return;
            this.pending--;
            this.track(epoch, read);
          }, RETRY_DELAY_MS).unref();
        } finally {
          this.settle(epoch);
        }
      },
    );
  }

  /** A read of `epoch` finished: when it was the last one of the full read, publishes the tree. */
  private settle(epoch: number): void {
    if (epoch !== this.epoch) return;
    this.pending--;
    if (this.pending === 0 && this.syncing) {
      this.syncing = false;
      this.lastSync = Date.now();
      this.shown = this.live;
      this.emit({ type: "resynced" });
    }
  }

  private setCategory(name: string, category: Category, entries: RegistryEntry[]): void {
    let node = this.live.services.get(name);
    if (!node) {
      if (entries.length === 0 && !this.watched.has(this.servicePath(name))) return;
      node = new Map();
      this.live.services.set(name, node);
    }
    const before = node.get(category);
    if (before?.length === 0 && entries.length === 0) return;
    node.set(category, entries);
    this.emit({ type: "category", service: name, category });
  }

  private removeService(name: string): void {
    this.forgetInvalidUnder(this.servicePath(name));
    if (!this.live.services.delete(name)) return;
    this.emit({ type: "service-removed", service: name });
  }

  private forgetInvalidUnder(path: string): void {
    if (this.live.invalid.size === 0) return;
    const prefix = `${path}/`;
    for (const p of [...this.live.invalid.keys()]) if (p.startsWith(prefix)) this.live.invalid.delete(p);
  }

  private servicePath(name: string): string {
    return `${this.root}/${name}`;
  }

  /** Tells listeners of a change to the published tree; changes to a tree still being re-read wait for `resynced`. */
  private emit(change: ViewChange): void {
    if (this.live !== this.shown && change.type !== "resynced") return;
    for (const l of this.listeners) l(change);
  }
}
