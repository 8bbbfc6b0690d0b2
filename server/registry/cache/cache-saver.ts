import type { Logger } from "../../runtime/logger";
import type { ViewSnapshot } from "../registry-view";

/** The first save after a quiet spell waits this long, so a burst of changes costs one write. */
export const SAVE_DELAY_MS = 1_000;
/** Two saves start at least this far apart, however fast changes arrive. */
export const SAVE_INTERVAL_MS = 1_000;
/** After a failed save, the next attempt (FailbackRegistry retries every 5 s too). */
export const SAVE_RETRY_MS = 5_000;

/** Where the saver writes: one registry's cache file (registry-cache.ts), or a stand-in. */
export interface CacheTarget {
  readonly path: string;
  save(snapshot: ViewSnapshot, savedAt: number): Promise<{ bytes: number }>;
}

/** What to save now: the view and when it was last known current; null when there is nothing worth saving. */
export type SnapshotSource = () => { snapshot: ViewSnapshot; savedAt: number } | null;

/**
 * Keeps a cache file up to date with a view, off the path of whoever changed it, as
 * Dubbo's AbstractRegistry saves its cache file on another thread: `changed()` only bumps a
 * version counter; a save follows a little later and writes the view as it is then, so
 * many changes cost one write; a save never overlaps another; changes made while one runs
 * bring another afterwards. A failed save is logged once (until a save works again) and
 * retried later; it never throws to the caller.
 */
export class CacheSaver {
  private version = 0;
  private savedVersion = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private failing = false;
  private closed = false;

  constructor(
    private readonly target: CacheTarget,
    private readonly source: SnapshotSource,
    private readonly log: Logger,
    private readonly timing = { delayMs: SAVE_DELAY_MS, intervalMs: SAVE_INTERVAL_MS, retryMs: SAVE_RETRY_MS },
  ) {}

  /** The view changed: save it soon. Cheap; call it on every change. */
  changed(): void {
    this.version++;
    if (!this.timer && !this.running) this.schedule(this.timing.delayMs);
  }

  /** Stops saving; a save already writing finishes its file. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    const wait = Math.max(delayMs, this.lastStart + this.timing.intervalMs - Date.now());
    this.timer = setTimeout(() => void this.run(), wait);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.timer = null;
    const taken = this.source();
    if (taken === null) return; // the next change asks again
    const version = this.version;
    this.running = true;
    this.lastStart = Date.now();
    let retry = false;
    try {
      const { bytes } = await this.target.save(taken.snapshot, taken.savedAt);
      this.savedVersion = version;
      const fields = { file: this.target.path, bytes, ms: Date.now() - this.lastStart };
      if (this.failing) this.log.info("registry cache written again", fields);
      else this.log.debug("registry cache written", fields);
      this.failing = false;
    } catch (e) {
      retry = true;
      const fields = { file: this.target.path, error: e instanceof Error ? e.message : String(e), retryInMs: this.timing.retryMs };
      if (this.failing) this.log.debug("registry cache still not written", fields);
      else this.log.warn("registry cache not written; will retry", fields);
      this.failing = true;
    } finally {
      this.running = false;
    }
    if (this.version > this.savedVersion) this.schedule(retry ? this.timing.retryMs : 0);
  }
}
