import type { Logger } from "../../runtime/logger";
import { CacheSaver } from "./cache-saver";
import type { Registry } from "../registry";
import type { ViewSnapshot } from "../registry-view";
import { cacheFilePath, RegistryCacheFile } from "./registry-cache";

/**
 * While the registry is live and quiet, how often its cache is written anyway, so that the
 * `since` of a cached view loaded at the next start is at most this old for a quiet
 * registry (a save otherwise follows changes only).
 */
export const CACHE_REFRESH_MS = 10 * 60_000;

/**
 * What to save of `registry`: its view, once a full read of ZooKeeper has finished (never
 * a half-read tree, nor one loaded from the cache), with when it was last known current
 * (now while live; the start of its staleness otherwise); null before the first full read.
 */
export function liveSnapshot(registry: Registry, now = Date.now()): { snapshot: ViewSnapshot; savedAt: number } | null {
  if (registry.view.syncedAt === null) return null;
  return { snapshot: registry.view.snapshot(), savedAt: registry.stale(now)?.since ?? now };
}

/** A registry's disk cache while attached; see {@link attachDiskCache}. */
export interface DiskCache {
  readonly file: RegistryCacheFile;
  /** Stops saving and listening; the file stays. */
  detach(): void;
}

/**
 * Gives `registry` a disk cache of its last complete view in `dir`, as Dubbo's
 * AbstractRegistry keeps its cache file:
 * - loads the file at once, and if no full read has finished by the time it is decoded,
 *   serves it (marked stale, reason `cached`) until one does; a corrupt file, or one of
 *   another registry or format, is ignored with a warning naming the file and the fault;
 * - saves the view after it changes (see {@link CacheSaver}), only once a full read has
 *   finished, with `savedAt` the moment it was last known current.
 * Call before `registry.start()`: the load races the first session, and the live view wins.
 */
export function attachDiskCache(registry: Registry, dir: string, log: Logger): DiskCache {
  const file = new RegistryCacheFile(cacheFilePath(dir, registry.address), registry.address);
  const source = registry.address.source;
  let detached = false;
  void file.load().then((loaded) => {
    if (detached) return;
    switch (loaded.type) {
      case "missing":
        log.info("no registry cache yet", { registry: source, file: file.path });
        return;
      case "rejected":
        log.warn("registry cache ignored", { registry: source, file: file.path, reason: loaded.reason });
        return;
      case "loaded": {
        const { savedAt, services } = loaded.header;
        if (registry.view.seed(loaded.snapshot, savedAt)) log.info("serving the cached registry view until a full read", { registry: source, file: file.path, savedAt, services });
        else log.debug("registry cache loaded after the first full read; not used", { registry: source, file: file.path });
      }
    }
  });
  const saver = new CacheSaver(file, () => liveSnapshot(registry), log);
  const stopListening = registry.view.onChange(() => saver.changed());
  const refresh = setInterval(() => {
    if (registry.view.syncedAt !== null && registry.stale() === null) saver.changed();
  }, CACHE_REFRESH_MS);
  refresh.unref();
  return {
    file,
    detach() {
      detached = true;
      clearInterval(refresh);
      stopListening();
      saver.close();
    },
  };
}
