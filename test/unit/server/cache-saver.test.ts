import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { javaUrlEncode, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import { CacheSaver } from "@/server/registry/cache/cache-saver";
import { type CacheFileSystem, cacheFilePath, nodeCacheFileSystem, RegistryCacheFile } from "@/server/registry/cache/registry-cache";
import type { RegistryEntry, ViewSnapshot } from "@/server/registry/registry-view";
import { createLogger } from "@/server/runtime/logger";
import { waitFor } from "../../support/wait-for";

const REGISTRY = { servers: ["127.0.0.1:2181"], root: "/dubbo" };
const TIMING = { delayMs: 30, intervalMs: 100, retryMs: 150 };

/** A view with one provider whose `pid` says which version of the view it is. */
function version(n: number): ViewSnapshot {
  const node = javaUrlEncode(`dubbo://10.4.0.1:20880/a.B?interface=a.B&pid=${n}`);
  const entries: RegistryEntry[] = [{ node, url: parseEncodedDubboUrl(node) }];
  return { services: new Map([["a.B", new Map<Category, RegistryEntry[]>([["providers", entries]])]]), invalid: [] };
}

/** How the saver's file system behaves: counts and times the files it starts, holds or refuses them. */
interface FsControl {
  creates: number[];
  broken: boolean;
  hold: Promise<void> | null;
}

/** The real file system, recording when each file is started, held while `hold` is pending, refusing to write while `broken`. */
function controlledFs(control: FsControl): CacheFileSystem {
  return {
    ...nodeCacheFileSystem,
    async create(path) {
      control.creates.push(Date.now());
      await control.hold;
      if (control.broken) throw Object.assign(new Error(`EROFS: read-only file system, open '${path}'`), { code: "EROFS" });
      return nodeCacheFileSystem.create(path);
    },
  };
}

let dir: string;
let saver: CacheSaver | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cache-saver-"));
});
afterEach(() => {
  saver?.close();
  rmSync(dir, { recursive: true, force: true });
});

function setUp(control: FsControl = { creates: [], broken: false, hold: null }) {
  const file = new RegistryCacheFile(cacheFilePath(dir, REGISTRY), REGISTRY, controlledFs(control));
  const lines: string[] = [];
  const state = { current: 0, live: true, asked: 0, askedAt: [] as number[] };
  const source = () => {
    state.asked++;
    state.askedAt.push(Date.now());
    return state.live ? { snapshot: version(state.current), savedAt: 1000 + state.current } : null;
  };
  saver = new CacheSaver(file, source, createLogger("debug", (l) => lines.push(l)), TIMING);
  const saved = async () => {
    const loaded = await file.load();
    return loaded.type === "loaded" ? loaded.snapshot.services.get("a.B")?.get("providers")?.[0]?.url.parameters.pid : undefined;
  };
  return { file, control, lines, state, saved, saver };
}

describe("the cache saver", () => {
  it("writes a burst of changes once, as the view is at the time of the write", async () => {
    const { control, state, saved, saver } = setUp();
    for (let i = 1; i <= 100; i++) {
      state.current = i;
      saver.changed();
    }
    await waitFor("the save", async () => (await saved()) === "100");
    state.current = 101;
    saver.changed();
    await waitFor("the next save", async () => (await saved()) === "101");
    expect(control.creates).toHaveLength(2);
  });

  it("saves again after a change made while it was writing, starting the two saves at least the interval apart", async () => {
    let release = () => {};
    const control: FsControl = { creates: [], broken: false, hold: new Promise<void>((r) => (release = r)) };
    const { state, saved, saver } = setUp(control);
    state.current = 1;
    saver.changed();
    await waitFor("the first save to be writing", () => control.creates.length === 1);
    state.current = 2;
    saver.changed();
    saver.changed();
    release();
    await waitFor("the second save", async () => (await saved()) === "2");
    expect(control.creates).toHaveLength(2);
    // A save starts by taking the view.
    expect(state.askedAt).toHaveLength(2);
    expect(state.askedAt[1]! - state.askedAt[0]!).toBeGreaterThanOrEqual(TIMING.intervalMs - 1);
  });

  it("writes nothing while there is no live view to save, and saves at the next change once there is", async () => {
    const { control, state, saved, saver } = setUp();
    state.live = false;
    saver.changed();
    await waitFor("the saver to ask for the view", () => state.asked === 1);
    expect(control.creates).toHaveLength(0);
    state.live = true;
    state.current = 3;
    saver.changed();
    await waitFor("the save", async () => (await saved()) === "3");
  });

  it("logs a failing write once, retries it without a new change, and says when it works again", async () => {
    const control: FsControl = { creates: [], broken: true, hold: null };
    const { lines, state, saved, saver } = setUp(control);
    state.current = 7;
    saver.changed();
    await waitFor("three attempts", () => control.creates.length >= 3);
    const warnings = lines.filter((l) => / warn /.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/warn registry cache not written; will retry \{"file":".*\.cache\.gz","error":"EROFS: read-only file system, open '.*\.tmp'","retryInMs":150\}$/);
    expect(state.askedAt[2]! - state.askedAt[1]!).toBeGreaterThanOrEqual(TIMING.retryMs - 1);
    control.broken = false;
    await waitFor("the retry to succeed", async () => (await saved()) === "7");
    expect(lines.filter((l) => l.includes("info registry cache written again"))).toHaveLength(1);
  });
});
