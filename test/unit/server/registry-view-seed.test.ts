import { describe, expect, it } from "vitest";
import { parseRegistryAddresses } from "@/lib/dubbo/registry-address";
import { javaUrlEncode, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import { liveSnapshot } from "@/server/registry/cache/disk-cache";
import { Registry } from "@/server/registry/registry";
import { type RegistryEntry, RegistryView, type ViewChange, type ViewSnapshot } from "@/server/registry/registry-view";
import type { ZkReader } from "@/server/registry/zk/zk-reader";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../../support/wait-for";

const provider = (host: string) => javaUrlEncode(`dubbo://${host}:20880/a.B?interface=a.B&application=app`);

/** A fixed tree whose reads all wait until `open()`: a ZooKeeper still being read. */
function slowTree(nodes: Record<string, string[]>): ZkReader & { open(): void } {
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  return {
    open,
    async getChildren(path) {
      await gate;
      return nodes[path] ?? null;
    },
    async exists(path) {
      return path in nodes;
    },
  };
}

function cached(hosts: string[]): ViewSnapshot {
  const entries: RegistryEntry[] = hosts.map((h) => ({ node: provider(h), url: parseEncodedDubboUrl(provider(h)) }));
  return { services: new Map([["a.B", new Map<Category, RegistryEntry[]>([["providers", entries]])]]), invalid: [{ path: "/dubbo/a.B/providers/x", reason: "bad" }] };
}

const hosts = (view: RegistryView) => view.service("a.B")?.get("providers")?.map((e) => e.url.host);

describe("a view seeded from a saved snapshot", () => {
  it("shows the snapshot, with cachedAt, until the first full read replaces it", async () => {
    const tree = slowTree({ "/dubbo": ["a.B"], "/dubbo/a.B": ["providers"], "/dubbo/a.B/providers": [provider("10.5.0.2")] });
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    const changes: ViewChange[] = [];
    view.onChange((c) => changes.push(c));
    view.resync();
    expect(view.seed(cached(["10.5.0.1"]), 1_234)).toBe(true);
    expect(changes).toEqual([{ type: "resynced" }]);
    expect(hosts(view)).toEqual(["10.5.0.1"]);
    expect(view.invalidNodes()).toEqual([{ path: "/dubbo/a.B/providers/x", reason: "bad" }]);
    expect(view.cachedAt).toBe(1_234);
    expect(view.syncedAt).toBeNull();
    expect(view.rereadingSince).toBeNull();

    tree.open();
    await waitFor("the full read", () => view.syncedAt !== null);
    expect(hosts(view)).toEqual(["10.5.0.2"]);
    expect(view.invalidNodes()).toEqual([]);
    expect(view.cachedAt).toBeNull();
    expect(changes.at(-1)).toEqual({ type: "resynced" });
    // Nothing of the half-read live tree was announced while the snapshot was shown.
    expect(changes.filter((c) => c.type !== "resynced")).toEqual([]);
  });

  it("ignores a snapshot once a full read has finished: the live view wins", async () => {
    const tree = slowTree({ "/dubbo": ["a.B"], "/dubbo/a.B": ["providers"], "/dubbo/a.B/providers": [provider("10.5.0.2")] });
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    tree.open();
    await waitFor("the full read", () => view.syncedAt !== null);
    expect(view.seed(cached(["10.5.0.1"]), 1_234)).toBe(false);
    expect(hosts(view)).toEqual(["10.5.0.2"]);
    expect(view.cachedAt).toBeNull();
  });

  it("gives a copy of the shown tree that later changes do not touch", async () => {
    const view = new RegistryView(slowTree({}), "/dubbo", silentLogger);
    view.seed(cached(["10.5.0.1"]), 1);
    const snapshot = view.snapshot();
    view.seed(cached(["10.5.0.3", "10.5.0.4"]), 2);
    expect(snapshot.services.get("a.B")?.get("providers")?.map((e) => e.url.host)).toEqual(["10.5.0.1"]);
    expect(view.snapshot().services.get("a.B")?.get("providers")).toHaveLength(2);
  });
});

describe("a registry seeded from its disk cache", () => {
  it("is usable before any session, marked stale with reason cached since the cache's savedAt", () => {
    const registry = new Registry(parseRegistryAddresses("zookeeper://127.0.0.1:1")[0]!, silentLogger);
    expect(registry.usable).toBe(false);
    expect(registry.stale()).toBeNull();
    registry.view.seed(cached(["10.5.0.1"]), 1_000);
    expect(registry.usable).toBe(true);
    expect(registry.stale(61_000)).toEqual({ since: 1_000, ageMs: 60_000, reason: "cached" });
    expect(registry.status()).toMatchObject({ syncedAt: null, serviceCount: 1, stale: { since: 1_000, reason: "cached" } });
    registry.close();
    expect(registry.usable).toBe(false);
  });

  it("gives the disk cache nothing to save before a full read of ZooKeeper, neither an empty view nor the cached one", () => {
    const registry = new Registry(parseRegistryAddresses("zookeeper://127.0.0.1:1")[0]!, silentLogger);
    expect(liveSnapshot(registry)).toBeNull();
    registry.view.seed(cached(["10.5.0.1"]), 1_000);
    expect(liveSnapshot(registry)).toBeNull();
  });
});
