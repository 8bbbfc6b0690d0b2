import { createHash, randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { promisify } from "node:util";
import { createGzip, gunzip } from "node:zlib";
import { type CacheHeader, type CacheIdentity, decodeRegistryCacheSteps, encodeRegistryCache } from "./cache-format";
import type { ViewSnapshot } from "../registry-view";

const gunzipAsync = promisify(gunzip);

/**
 * Encoded text handed to gzip at a time; other work runs between two. At about 450 bytes
 * a URL that is some 600 URLs, a few milliseconds of JSON.stringify.
 */
const CHUNK_BYTES = 256 * 1024;
/**
 * gzip level. A registry's URLs repeat themselves, so a 50,000-URL view (20 MiB of text)
 * shrinks about 30 times; levels 1 to 3 cost about the same CPU there and 3 is the
 * smallest of them; 6 costs three times as much for 10% less.
 */
const GZIP_LEVEL = 3;

/** An open file being written; {@link CacheFileSystem.create} makes one. */
export interface CacheFileHandle {
  /** Appends all of `chunk`. */
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes what was written to the disk (fsync). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The few file operations the cache makes, so tests can make one of them fail. Every
 * failure rejects with the system's error (with its `code`, e.g. ENOENT, EACCES).
 */
export interface CacheFileSystem {
  /** Makes the folder and its parents, private to the user, if missing. */
  mkdir(dir: string): Promise<void>;
  /** Creates a new file, private to the user; fails if it exists. */
  create(path: string): Promise<CacheFileHandle>;
  /** Replaces `to` with `from` in one step (rename(2): both in the same folder). */
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; no error if it is already gone. */
  remove(path: string): Promise<void>;
  /** The whole file. */
  read(path: string): Promise<Buffer>;
}

/** The real file system. */
export const nodeCacheFileSystem: CacheFileSystem = {
  mkdir: async (dir) => void (await fsp.mkdir(dir, { recursive: true, mode: 0o700 })),
  create: async (path) => {
    const handle = await fsp.open(path, "wx", 0o600);
    return {
      write: async (chunk) => {
        for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at)).bytesWritten;
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  rename: (from, to) => fsp.rename(from, to),
  remove: (path) => fsp.rm(path, { force: true }),
  read: (path) => fsp.readFile(path),
};

/** What {@link RegistryCacheFile.load} found. */
export type CacheLoad =
  | { type: "missing" }
  | { type: "loaded"; header: CacheHeader; snapshot: ViewSnapshot }
  /** The file is there but cannot be used; `reason` says why, for the warning. */
  | { type: "rejected"; reason: string };

/**
 * Where `registry`'s cache lives in `dir`: its first server and root, readable, and a
 * hash of all its servers and its root, since two registries may share a first server.
 */
export function cacheFilePath(dir: string, registry: CacheIdentity): string {
  const identity = `${[...registry.servers].sort().join(",")}${registry.root}`;
  const hash = createHash("sha256").update(identity).digest("hex").slice(0, 12);
  const readable = `${registry.servers[0] ?? "zookeeper"}${registry.root}`.replace(/[^\w.-]+/g, "_");
  return join(dir, `registry-${readable}-${hash}.cache.gz`);
}

/**
 * One registry's cache file: gzip of the text of cache-format.ts.
 *
 * Saving writes a new file beside the old one (same folder, a name of its own per
 * process and attempt), fsyncs it, then renames it over the old one, so the file at
 * `path` is always a whole cache: the old one until the rename, the new one after. Two
 * consoles sharing a folder each write whole files; the last rename wins. A failed save
 * removes its temporary file and leaves the old file as it was.
 */
export class RegistryCacheFile {
  constructor(
    readonly path: string,
    private readonly registry: CacheIdentity,
    private readonly fs: CacheFileSystem = nodeCacheFileSystem,
  ) {}

  /** Reads and decodes the file, letting other work run while it parses. Never rejects. */
  async load(): Promise<CacheLoad> {
    let bytes: Buffer;
    try {
      bytes = await this.fs.read(this.path);
    } catch (e) {
      if (errorCode(e) === "ENOENT") return { type: "missing" };
      return { type: "rejected", reason: `cannot read it (${errorMessage(e)})` };
    }
    let text: Buffer;
    try {
      text = await gunzipAsync(bytes);
    } catch (e) {
      return { type: "rejected", reason: `not a whole gzip file (${errorMessage(e)})` };
    }
    const steps = decodeRegistryCacheSteps(text, this.registry);
    for (;;) {
      const step = steps.next();
      if (step.done) {
        const r = step.value;
        return r.ok ? { type: "loaded", header: r.header, snapshot: r.snapshot } : { type: "rejected", reason: r.reason };
      }
      await nextTurn();
    }
  }

  /**
   * Replaces the file with `snapshot`, last known current at `savedAt`; resolves with the
   * size written. Rejects with the file system's error, the old file left intact.
   */
  async save(snapshot: ViewSnapshot, savedAt: number): Promise<{ bytes: number }> {
    await this.fs.mkdir(dirname(this.path));
    const temp = `${this.path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    const file = await this.fs.create(temp);
    let open = true;
    let bytes = 0;
    try {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          file.write(chunk).then(() => done(), done);
        },
      });
      await pipeline(Readable.from(chunks(encodeRegistryCache(snapshot, this.registry, savedAt))), createGzip({ level: GZIP_LEVEL }), sink);
      await file.sync();
      open = false;
      await file.close();
      await this.fs.rename(temp, this.path);
    } catch (e) {
      if (open) await file.close().catch(() => undefined);
      await this.fs.remove(temp).catch(() => undefined);
      throw e;
    }
    return { bytes };
  }
}

/** Joins encoded lines into chunks of about {@link CHUNK_BYTES}, letting other work run between two. */
async function* chunks(lines: Iterable<string>): AsyncGenerator<Buffer> {
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_BYTES) {
      yield Buffer.from(chunk);
      chunk = "";
      await nextTurn();
    }
  }
  if (chunk !== "") yield Buffer.from(chunk);
}

function errorCode(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : undefined;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
