import { isConsoleError } from "@/lib/errors";
import type { Logger } from "../../runtime/logger";
import { Limiter } from "../limiter";
import type { ZkDataReader } from "./zk-data-reader";

/** How long to wait before re-running a read that failed. */
export const RETRY_DELAY_MS = 1_000;

/**
 * The bookkeeping of a mirror kept current by one-shot ZooKeeper watches, in epochs (one
 * per session), shared by the application-level readers:
 *
 * - `track` runs a read under a concurrency limit and, if it fails, runs it again after
 *   {@link RETRY_DELAY_MS} for as long as its epoch lasts; a read never throws to its caller;
 *   one that ZooKeeper's ACL refuses (a ForbiddenError) is logged and not run again in the
 *   epoch: retrying cannot change the answer, and must not hold the sync open;
 * - `watcher` gives at most one armed watcher per key (watch kind + path) per epoch, so a
 *   path read again before its watch fired does not pile up watchers in the client; a
 *   watcher from an older epoch does nothing;
 * - `onSynced` is called once per epoch, when every read started in it (and every read
 *   those started, and their retries) has finished: the first complete picture;
 * - `children` and `data` read a node and leave a watch that runs `onChange` once, and, when
 *   asked, watch a missing node's creation.
 */
export class WatchedReads {
  private current = 0;
  private pending = 0;
  private syncing = false;
  /** Armed watch keys of the current epoch → what to do when the watch fires. */
  private readonly armed = new Map<string, () => void>();
  private readonly limiter: Limiter;

  constructor(
    private readonly reader: ZkDataReader,
    private readonly log: Logger,
    concurrency: number,
    private readonly onSynced: (epoch: number) => void,
  ) {
    this.limiter = new Limiter(concurrency);
  }

  get epoch(): number {
    return this.current;
  }

  /** Whether the first full read of the current epoch is still running. */
  get isSyncing(): boolean {
    return this.syncing;
  }

  /** Starts a new epoch (a new session): forgets the old one's watches; its reads and retries stop mattering. */
  begin(): number {
    this.current++;
    this.armed.clear();
    this.syncing = true;
    return this.current;
  }

  /** Ends every epoch: nothing runs or fires any more. */
  stop(): void {
    this.current++;
    this.armed.clear();
    this.syncing = false;
  }

  /** Runs `read` in `epoch` under the limiter; retries it on failure while the epoch lasts. */
  track(epoch: number, what: string, read: () => Promise<void>): void {
    if (epoch !== this.current) return;
    this.pending++;
    void this.limiter
      .run(read)
      .catch((e: unknown) => {
        if (epoch !== this.current) return;
        if (isConsoleError(e) && e.code === "forbidden") {
          this.log.warn("registry read refused by ZooKeeper's ACL; skipped until the next session", { read: what, error: e.message });
          return;
        }
        this.log.warn("registry read failed; retrying", { read: what, error: e instanceof Error ? e.message : String(e) });
        this.pending++; // the retry keeps the sync open until it has run
        setTimeout(() => {
          this.pending--;
          this.track(epoch, what, read);
          this.settle(epoch);
        }, RETRY_DELAY_MS).unref();
      })
      .finally(() => {
        this.pending--;
        this.settle(epoch);
      });
  }

  /**
   * A one-shot watcher for `key` in `epoch`, or undefined when one is armed already; either
   * way `onFire` is what runs when the armed watch fires.
   */
  watcher(epoch: number, key: string, onFire: () => void): (() => void) | undefined {
    if (epoch !== this.current) return undefined;
    const armed = this.armed.has(key);
    this.armed.set(key, onFire);
    if (armed) return undefined;
    return () => {
      if (epoch !== this.current) return;
      const action = this.armed.get(key);
      this.armed.delete(key);
      this.log.debug("registry watch fired", { watch: key });
      action?.();
    };
  }

  /** Forgets the watch armed for `key`: the read found no node, so ZooKeeper set none. */
  disarm(epoch: number, key: string): void {
    if (epoch === this.current) this.armed.delete(key);
  }

  /**
   * The children of `path`, with a watch that runs `onChange` once when they change; null
   * when the node does not exist, and then, if `watchCreation`, `onChange` runs once it is created.
   */
  async children(epoch: number, path: string, onChange: () => void, watchCreation: boolean): Promise<string[] | null> {
    const key = `children ${path}`;
    const children = await this.reader.getChildren(path, this.watcher(epoch, key, onChange));
    if (children !== null) return children;
    this.disarm(epoch, key);
    return (await this.watchCreation(epoch, path, onChange, watchCreation)) ? this.children(epoch, path, onChange, watchCreation) : null;
  }

  /** Like {@link children}, for the node's data. */
  async data(epoch: number, path: string, onChange: () => void, watchCreation: boolean): Promise<Buffer | null> {
    const key = `data ${path}`;
    const data = await this.reader.getData(path, this.watcher(epoch, key, onChange));
    if (data !== null) return data;
    this.disarm(epoch, key);
    return (await this.watchCreation(epoch, path, onChange, watchCreation)) ? this.data(epoch, path, onChange, watchCreation) : null;
  }

  /** Watches a missing node's creation; true when it exists already (created between two reads: read again). */
  private async watchCreation(epoch: number, path: string, onChange: () => void, wanted: boolean): Promise<boolean> {
    if (!wanted) return false;
    return this.reader.exists(path, this.watcher(epoch, `exists ${path}`, onChange));
  }

  private settle(epoch: number): void {
    if (this.pending === 0 && this.syncing && epoch === this.current) {
      this.syncing = false;
      this.onSynced(epoch);
    }
  }
}
