import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { javaUrlEncode, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import { encodeRegistryCache } from "@/server/registry/cache/cache-format";
import { type CacheFileSystem, type CacheLoad, cacheFilePath, nodeCacheFileSystem, RegistryCacheFile } from "@/server/registry/cache/registry-cache";
import type { RegistryEntry, ViewSnapshot } from "@/server/registry/registry-view";

const REGISTRY = { servers: ["127.0.0.1:2181"], root: "/dubbo" };

/** `services` services of `urls` providers each; URLs differ by `tag`, so two views can be told apart. */
function view(services: number, urls: number, tag: string): ViewSnapshot {
  const map = new Map<string, Map<Category, RegistryEntry[]>>();
  for (let s = 0; s < services; s++) {
    const name = `io.cache.S${s}`;
    const entries = Array.from({ length: urls }, (_, i) => {
      const node = javaUrlEncode(`dubbo://10.3.${s % 256}.${i}:20880/${name}?interface=${name}&application=${tag}&pid=${s * 1000 + i}`);
      return { node, url: parseEncodedDubboUrl(node) };
    });
    map.set(name, new Map<Category, RegistryEntry[]>([["providers", entries]]));
  }
  return { services: map, invalid: [] };
}

const applicationOf = (loaded: CacheLoad) => (loaded.type === "loaded" ? loaded.snapshot.services.get("io.cache.S0")?.get("providers")?.[0]?.url.parameters.application : loaded);

/** The real file system, with one operation made to fail: a disk that fills up, a rename refused. */
function failing(fault: Partial<{ writeNumber: number; sync: boolean; rename: boolean }>, counts = { writes: 0 }): CacheFileSystem {
  return {
    ...nodeCacheFileSystem,
    async create(path) {
      const file = await nodeCacheFileSystem.create(path);
      return {
        ...file,
        async write(chunk) {
          counts.writes++;
          if (counts.writes === fault.writeNumber) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
          await file.write(chunk);
        },
        async sync() {
          if (fault.sync) throw Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
          await file.sync();
        },
      };
    },
    async rename(from, to) {
      if (fault.rename) throw Object.assign(new Error(`EACCES: permission denied, rename '${from}' -> '${to}'`), { code: "EACCES" });
      await nodeCacheFileSystem.rename(from, to);
    },
  };
}

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "registry-cache-"));
  path = cacheFilePath(join(dir, "cache"), REGISTRY);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a registry cache file", () => {
  it("saves a view and loads it back, creating the folder, gzip-compressed, leaving no temporary file", async () => {
    const file = new RegistryCacheFile(path, REGISTRY);
    const { bytes } = await file.save(view(20, 5, "first"), 1_790_000_000_000);
    const loaded = await file.load();
    expect(loaded.type).toBe("loaded");
    if (loaded.type !== "loaded") return;
    expect(loaded.header.savedAt).toBe(1_790_000_000_000);
    expect(loaded.snapshot.services.size).toBe(20);
    expect(applicationOf(loaded)).toBe("first");
    expect(readdirSync(join(dir, "cache"))).toEqual([path.split("/").pop()]);
    const raw = readFileSync(path);
    expect(raw.length).toBe(bytes);
    expect(gunzipSync(raw).toString().split("\n")[0]).toContain('"format":"dubbo-console/registry-cache"');
  });

  it("says a missing file is missing", async () => {
    expect(await new RegistryCacheFile(path, REGISTRY).load()).toEqual({ type: "missing" });
  });

  it.each<[string, () => Buffer, RegExp]>([
    ["plain text", () => Buffer.from("#Dubbo Registry Cache\n"), /^not a whole gzip file \(incorrect header check\)$/],
    ["an empty file", () => Buffer.alloc(0), /^not a whole gzip file \(unexpected end of file\)$/],
    ["gzip cut short", () => readFileSync(path).subarray(0, 200), /^not a whole gzip file \(unexpected end of file\)$/],
    ["gzip with a flipped byte", () => flipByte(readFileSync(path), 100), /^not a whole gzip file \(/],
    ["gzip of text that is not a cache", () => gzipSync("hello\n"), /^line 1: not JSON/],
    ["gzip of a cache of another registry", () => gzipSync([...encodeRegistryCache(view(1, 1, "x"), { servers: ["10.0.0.1:2181"], root: "/dubbo" }, 1)].join("")), /^line 1: a cache of another registry/],
  ])("rejects %s with the reason", async (_what, bytes, reason) => {
    const file = new RegistryCacheFile(path, REGISTRY);
    await file.save(view(50, 20, "good"), 1);
    writeFileSync(path, bytes());
    const loaded = await file.load();
    expect(loaded.type).toBe("rejected");
    expect(loaded.type === "rejected" && loaded.reason).toMatch(reason);
  });

  it("rejects a path it cannot read as a file, saying why", async () => {
    const loaded = await new RegistryCacheFile(dir, REGISTRY).load();
    expect(loaded).toEqual({ type: "rejected", reason: expect.stringMatching(/^cannot read it \(EISDIR/) });
  });

  it.each<[string, Parameters<typeof failing>[0]]>([
    ["the disk fills up in the middle of the write", { writeNumber: 3 }],
    ["fsync fails", { sync: true }],
    ["the rename is refused", { rename: true }],
  ])("keeps the old file whole and removes its temporary file when %s", async (_what, fault) => {
    await new RegistryCacheFile(path, REGISTRY).save(view(300, 25, "old"), 1);
    const before = readFileSync(path);
    const counts = { writes: 0 };
    const broken = new RegistryCacheFile(path, REGISTRY, failing(fault, counts));
    await expect(broken.save(view(300, 25, "new"), 2)).rejects.toMatchObject({ code: expect.stringMatching(/^(ENOSPC|EIO|EACCES)$/) });
    if (fault.writeNumber) expect(counts.writes).toBe(fault.writeNumber); // failed midway, after two writes went through
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(join(dir, "cache"))).toEqual([path.split("/").pop()]);
    expect(applicationOf(await broken.load())).toBe("old");
  });

  it("stays whole when two consoles save to the same folder at once", async () => {
    const a = new RegistryCacheFile(path, REGISTRY);
    const b = new RegistryCacheFile(path, REGISTRY);
    await Promise.all([a.save(view(200, 25, "a"), 1), b.save(view(200, 25, "b"), 2)]);
    expect(["a", "b"]).toContain(applicationOf(await a.load()));
    expect(readdirSync(join(dir, "cache"))).toHaveLength(1);
  });

  it("names the file after the registry: the same for its servers in any order, another for other servers or root", () => {
    const name = (servers: string[], root: string) => cacheFilePath("/c", { servers, root });
    expect(name(["10.0.0.1:2181", "10.0.0.2:2181"], "/dubbo")).toMatch(/^\/c\/registry-10\.0\.0\.1_2181_dubbo-[0-9a-f]{12}\.cache\.gz$/);
    expect(name(["10.0.0.2:2181", "10.0.0.1:2181"], "/dubbo").split("-").pop()).toBe(name(["10.0.0.1:2181", "10.0.0.2:2181"], "/dubbo").split("-").pop());
    expect(name(["10.0.0.1:2181"], "/dubbo")).not.toBe(name(["10.0.0.1:2181", "10.0.0.2:2181"], "/dubbo"));
    expect(name(["10.0.0.1:2181"], "/dubbo")).not.toBe(name(["10.0.0.1:2181"], "/prod"));
  });
});

function flipByte(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}
