import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import { cacheFilePath, RegistryCacheFile } from "@/server/registry/cache/registry-cache";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { createLogger } from "@/server/runtime/logger";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * The disk cache against a real ZooKeeper: written after a sync, served when ZooKeeper is
 * down at start, replaced by the live view when it comes back; a corrupt file ignored.
 */

const SVC = "io.cache.Svc";
const OTHER = "io.cache.Other";
const node = (service: string, category: "providers" | "consumers", url: string) => `/dubbo/${service}/${category}/${javaUrlEncode(url)}`;
const provider = (service: string, host: string) => node(service, "providers", `dubbo://${host}:20880/${service}?interface=${service}&application=cache-app`);
const consumer = node(SVC, "consumers", `consumer://10.6.9.1/${SVC}?interface=${SVC}&application=cache-caller&category=consumers`);

const dir = mkdtempSync(join(tmpdir(), "disk-cache-it-"));
let server: ZooKeeperHandle | undefined;
const engines: Engine[] = [];

function startEngine(registry: string, cacheDir: string): { engine: Engine; lines: string[] } {
  const lines: string[] = [];
  const engine = new Engine(parseConfig({ DUBBO_REGISTRY: registry, DUBBO_CONSOLE_CACHE_DIR: cacheDir }), createLogger("debug", (l) => lines.push(l)));
  engines.push(engine);
  engine.start();
  return { engine, lines };
}

afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A registry view as plain data: service → category → sorted child names. */
function plainView(services: ReadonlyMap<string, ReadonlyMap<string, readonly { node: string }[]>>) {
  return Object.fromEntries([...services].map(([name, n]) => [name, Object.fromEntries([...n].map(([c, es]) => [c, es.map((e) => e.node).sort()]))]));
}

describe("the registry disk cache", () => {
  it("is written after a sync, served marked stale when ZooKeeper is down at start, and replaced by the live view with what changed meanwhile", async () => {
    server = await startZooKeeper();
    const cacheDir = join(dir, "serve");
    const zk = await connectTestZk(server.connectString);
    await zk.mkdirp(`/dubbo/${SVC}/providers`);
    await zk.mkdirp(`/dubbo/${SVC}/consumers`);
    await zk.create(provider(SVC, "10.6.0.1"));
    await zk.create(consumer);

    // 1. ZooKeeper up: the view syncs and the cache is written with it.
    const first = startEngine(server.dubboAddress, cacheDir);
    const registry = first.engine.registries[0]!;
    await waitFor("the first sync", () => registry.usable);
    const file = new RegistryCacheFile(cacheFilePath(cacheDir, registry.address), registry.address);
    const saved = await waitFor("the cache file", async () => {
      const loaded = await file.load();
      return loaded.type === "loaded" ? loaded : undefined;
    });
    expect(plainView(saved.snapshot.services)).toEqual(plainView(registry.view.snapshot().services));
    expect(plainView(saved.snapshot.services)[SVC]).toMatchObject({ providers: [provider(SVC, "10.6.0.1").split("/").pop()] });
    expect(saved.header.savedAt).toBeGreaterThanOrEqual(registry.view.syncedAt!);
    expect(saved.header.savedAt).toBeLessThanOrEqual(Date.now());
    const liveList = first.engine.catalog.list({ limit: 10 });
    first.engine.close();

    // 2. Changed after the cache was written, then ZooKeeper goes down.
    await zk.remove(provider(SVC, "10.6.0.1"));
    await zk.create(provider(SVC, "10.6.0.2"));
    await zk.mkdirp(`/dubbo/${OTHER}/providers`);
    await zk.create(provider(OTHER, "10.6.1.1"));
    zk.close();
    await server.kill(0);

    // 3. A new console with ZooKeeper down serves the cached view, stale "cached" since savedAt.
    const second = startEngine(server.dubboAddress, cacheDir);
    const registry2 = second.engine.registries[0]!;
    await waitFor("the cached view", () => registry2.usable);
    const cachedList = second.engine.catalog.list({ limit: 10 });
    expect(cachedList.services).toEqual(liveList.services);
    expect(cachedList.services).toMatchObject([{ key: SVC, providers: 1, consumers: 1, applications: ["cache-app"] }]);
    expect(cachedList.stale).toEqual([{ registry: server.dubboAddress, reason: "cached", since: saved.header.savedAt, ageMs: expect.any(Number) }]);
    expect(registry2.view.service(SVC)?.get("providers")?.map((e) => e.url.host)).toEqual(["10.6.0.1"]);
    expect(registry2.status()).toMatchObject({ syncedAt: null, serviceCount: 1, stale: { reason: "cached", since: saved.header.savedAt } });
    expect(registry2.session.state.type).not.toBe("connected");
    expect(second.lines.some((l) => l.includes("info serving the cached registry view until a full read") && l.includes(file.path))).toBe(true);

    // 4. ZooKeeper back: the live view replaces the cached one, with what changed meanwhile.
    await server.restart(0);
    const live = await waitFor("the live view", () => {
      const listed = second.engine.catalog.list({ limit: 10 });
      return listed.stale.length === 0 ? listed : undefined;
    });
    expect(live.services.map((s) => [s.key, s.providers])).toEqual([
      [OTHER, 1],
      [SVC, 1],
    ]);
    expect(registry2.view.service(SVC)?.get("providers")?.map((e) => e.url.host)).toEqual(["10.6.0.2"]);
    expect(registry2.view.cachedAt).toBeNull();
    // And the cache follows the live view.
    await waitFor("the cache rewritten with the live view", async () => {
      const loaded = await file.load();
      return loaded.type === "loaded" && loaded.header.savedAt > saved.header.savedAt && loaded.snapshot.services.has(OTHER);
    });
  });

  it.each<[string, () => Buffer | string, RegExp]>([
    ["text that is not gzip", () => "#Dubbo Registry Cache\nio.cache.Svc=dubbo\\://10.6.0.1\\:20880/io.cache.Svc\n", /"reason":"not a whole gzip file \(incorrect header check\)"/],
    ["a file cut short", () => cutInHalf(gzipSync(`{"format":"dubbo-console/registry-cache"}\n`.repeat(100))), /"reason":"not a whole gzip file \(unexpected end of file\)"/],
    ["a cache of a newer format", () => gzipSync('{"format":"dubbo-console/registry-cache","version":2}\n'), /"reason":"line 1: format version 2; this console reads version 1"/],
  ])("ignores %s with a warning naming the file, and answers 503 as if there were none", async (what, bytes, reason) => {
    const cacheDir = join(dir, `corrupt-${what.replace(/\W+/g, "-")}`);
    const registry = `zookeeper://127.0.0.1:${await freePort()}`;
    const path = cacheFilePath(cacheDir, parseConfig({ DUBBO_REGISTRY: registry }).registries[0]!);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path, bytes());

    const { engine, lines } = startEngine(registry, cacheDir);
    const warning = await waitFor("the warning", () => lines.find((l) => l.includes("registry cache ignored")));
    expect(warning).toMatch(/ warn registry cache ignored \{/);
    expect(warning).toContain(`"file":"${path}"`);
    expect(warning).toMatch(reason);
    expect(engine.registries[0]!.usable).toBe(false);
    let error: unknown;
    try {
      engine.catalog.list({ limit: 10 });
    } catch (e) {
      error = e;
    }
    expect(isConsoleError(error) && error.code).toBe("registry_unavailable");
    // The bad file is left for the operator to look at, and replaced by the first save.
    expect(existsSync(path)).toBe(true);
  });
});

function cutInHalf(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}
