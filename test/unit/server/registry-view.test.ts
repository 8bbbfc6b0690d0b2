import { describe, expect, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { ForbiddenError } from "@/server/errors/auth-errors";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { createLogger, silentLogger } from "@/server/runtime/logger";
import type { ZkReader } from "@/server/registry/zk/zk-reader";
import { RegistryView, type ViewChange } from "@/server/registry/registry-view";
import { waitFor } from "../../support/wait-for";

/**
 * An in-memory ZooKeeper tree with one-shot watches, for the view's own logic (re-arming,
 * retries, epochs). Interop with a real server is covered in test/integration.
 */
class FakeTree implements ZkReader {
  readonly nodes = new Map<string, string[]>();
  readonly reads: string[] = [];
  private readonly watches = new Map<string, (() => void)[]>();
  private readonly failures = new Map<string, number>();
  /** Paths whose reads ZooKeeper's ACL refuses, as ZkSession reports it. */
  readonly refused = new Set<string>();
  private readonly gates = new Map<string, Promise<void>>();

  set(path: string, children: string[]): void {
    this.nodes.set(path, children);
    this.fire(path);
  }

  delete(path: string): void {
    for (const p of [...this.nodes.keys()]) if (p === path || p.startsWith(`${path}/`)) this.nodes.delete(p);
    this.fire(path);
  }

  failNext(path: string, times = 1): void {
    this.failures.set(path, times);
  }

  /** Holds every read of `path` until the returned function is called (a slow server). */
  hold(path: string): () => void {
    let release = () => {};
    this.gates.set(path, new Promise<void>((r) => (release = r)));
    return () => {
      this.gates.delete(path);
      release();
    };
  }

  async getChildren(path: string, watcher?: () => void): Promise<string[] | null> {
    this.reads.push(path);
    await this.gates.get(path);
    if (this.refused.has(path)) throw new ForbiddenError(`ZooKeeper refused getChildren on ${path}: NoAuth`, { node: path });
    const left = this.failures.get(path) ?? 0;
    if (left > 0) {
      this.failures.set(path, left - 1);
      throw new RegistryUnavailableError(`injected failure of ${path}`);
    }
    const children = this.nodes.get(path);
    if (!children) return null;
    if (watcher) this.watches.set(path, [...(this.watches.get(path) ?? []), watcher]);
    return [...children];
  }

  async exists(path: string, watcher?: () => void): Promise<boolean> {
    if (watcher) this.watches.set(path, [...(this.watches.get(path) ?? []), watcher]);
    return this.nodes.has(path);
  }

  private fire(path: string): void {
    const ws = this.watches.get(path) ?? [];
    this.watches.delete(path);
    for (const w of ws) w();
  }
}

const provider = (host: string) => javaUrlEncode(`dubbo://${host}:20880/a.B?interface=a.B&application=app`);

function seed(): FakeTree {
  const tree = new FakeTree();
  tree.nodes.set("/dubbo", ["a.B", "config", "metadata"]);
  tree.nodes.set("/dubbo/a.B", ["providers", "consumers"]);
  tree.nodes.set("/dubbo/a.B/providers", [provider("10.0.0.1"), provider("10.0.0.2")]);
  tree.nodes.set("/dubbo/a.B/consumers", []);
  return tree;
}

async function synced(view: RegistryView): Promise<void> {
  await waitFor("the view to sync", () => view.syncedAt !== null);
}

describe("RegistryView", () => {
  it("reads every service's categories, parses each URL and skips config/metadata/mapping", async () => {
    const tree = seed();
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await synced(view);
    expect([...view.serviceNames]).toEqual(["a.B"]);
    expect(view.service("a.B")?.get("providers")?.map((e) => e.url.host)).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(tree.reads).not.toContain("/dubbo/config");
  });

  it("re-reads only the category whose watch fired, and reports that change", async () => {
    const tree = seed();
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    const changes: ViewChange[] = [];
    view.onChange((c) => changes.push(c));
    view.resync();
    await synced(view);
    tree.reads.length = 0;
    changes.length = 0;
    tree.set("/dubbo/a.B/providers", [provider("10.0.0.3")]);
    await waitFor("the new provider", () => view.service("a.B")?.get("providers")?.[0]?.url.host === "10.0.0.3");
    expect(tree.reads).toEqual(["/dubbo/a.B/providers"]);
    expect(changes).toEqual([{ type: "category", service: "a.B", category: "providers" }]);
  });

  it("retries a failed read, and declares the sync done only once it succeeded", async () => {
    const tree = seed();
    tree.failNext("/dubbo/a.B/providers", 2);
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await waitFor("the failed reads", () => tree.reads.filter((p) => p === "/dubbo/a.B/providers").length === 2);
    expect(view.syncedAt).toBeNull();
    await waitFor("the retried read", () => view.syncedAt !== null, 10_000);
    expect(view.service("a.B")?.get("providers")).toHaveLength(2);
  });

  it("finishes the sync without a service whose node the ACL refuses, lists that node with the refusal, and does not retry it", async () => {
    const tree = seed();
    tree.nodes.set("/dubbo", ["a.B", "c.D"]);
    tree.nodes.set("/dubbo/c.D", ["providers"]);
    tree.refused.add("/dubbo/c.D");
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await synced(view);
    expect([...view.serviceNames]).toEqual(["a.B"]);
    expect(view.invalidNodes()).toEqual([{ path: "/dubbo/c.D", reason: "ZooKeeper refused getChildren on /dubbo/c.D: NoAuth" }]);
    expect(tree.reads.filter((p) => p === "/dubbo/c.D")).toHaveLength(1);
  });

  it("ignores watches armed in an earlier session once a new one re-read the tree", async () => {
    const tree = seed();
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await synced(view);
    view.resync();
    await waitFor("the second sync", () => tree.reads.filter((p) => p === "/dubbo").length === 2 && view.rereadingSince === null);
    tree.reads.length = 0;
    tree.set("/dubbo/a.B/providers", []);
    await waitFor("the re-read", () => view.service("a.B")?.get("providers")?.length === 0);
    expect(tree.reads).toEqual(["/dubbo/a.B/providers"]);
  });

  it("drops a deleted service with its invalid nodes, and lists a broken node until it goes", async () => {
    const tree = seed();
    tree.nodes.set("/dubbo/a.B/providers", [provider("10.0.0.1"), "dubbo%3A%2F%2Fh%3Axx%2Fa.B"]);
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await synced(view);
    expect(view.invalidNodes()).toEqual([{ path: "/dubbo/a.B/providers/dubbo%3A%2F%2Fh%3Axx%2Fa.B", reason: expect.stringContaining('port "xx"') }]);
    expect(view.service("a.B")?.get("providers")).toHaveLength(1);
    tree.delete("/dubbo/a.B");
    tree.set("/dubbo", ["config", "metadata"]);
    await waitFor("the service to go", () => view.serviceCount === 0);
    expect(view.invalidNodes()).toEqual([]);
  });

  it("keeps showing the last complete tree while a new session re-reads, then publishes the new one whole", async () => {
    const tree = seed();
    tree.nodes.set("/dubbo", ["a.B", "c.D"]);
    tree.nodes.set("/dubbo/c.D", ["providers"]);
    tree.nodes.set("/dubbo/c.D/providers", [provider("10.0.0.7")]);
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    const changes: ViewChange[] = [];
    view.onChange((c) => changes.push(c));
    view.resync();
    await synced(view);
    const firstSync = view.syncedAt;
    expect(view.rereadingSince).toBeNull();

    // After an outage: a.B's providers have not re-registered yet, c.D is slow to read.
    tree.nodes.set("/dubbo/a.B/providers", []);
    const release = tree.hold("/dubbo/c.D/providers");
    changes.length = 0;
    view.resync();
    await waitFor("the re-read to reach the held path", () => tree.reads.filter((p) => p === "/dubbo/c.D/providers").length === 2);
    await waitFor("a.B to be re-read", () => tree.reads.filter((p) => p === "/dubbo/a.B/providers").length === 2);
    expect(view.rereadingSince).not.toBeNull();
    expect(view.service("a.B")?.get("providers")).toHaveLength(2);
    expect(view.serviceCount).toBe(2);
    expect(view.syncedAt).toBe(firstSync);
    expect(changes).toEqual([]);

    release();
    await waitFor("the re-read to finish", () => view.rereadingSince === null);
    expect(view.service("a.B")?.get("providers")).toEqual([]);
    expect(view.service("c.D")?.get("providers")?.map((e) => e.url.host)).toEqual(["10.0.0.7"]);
    expect(changes).toEqual([{ type: "resynced" }]);
  });

  it("finishes a new session's re-read while a read of the old session still waits for its retry", async () => {
    const tree = seed();
    const lines: string[] = [];
    const view = new RegistryView(tree, "/dubbo", createLogger("warn", (l) => lines.push(l)));
    view.resync();
    await synced(view);
    const firstSync = view.syncedAt;
    // The old session dies: a watch fires, its read fails, a retry waits for a second.
    tree.failNext("/dubbo/a.B/providers");
    tree.set("/dubbo/a.B/providers", [provider("10.0.0.3")]);
    await waitFor("the failed read's retry", () => lines.some((l) => l.includes("registry read failed; retrying")));
    // A new session re-reads everything before that retry is due.
    view.resync();
    await waitFor("the re-read to finish", () => view.syncedAt !== firstSync && view.rereadingSince === null, 5_000);
    expect(view.service("a.B")?.get("providers")?.map((e) => e.url.host)).toEqual(["10.0.0.3"]);
  });

  it("waits for a missing root to be created", async () => {
    const tree = new FakeTree();
    const view = new RegistryView(tree, "/dubbo", silentLogger);
    view.resync();
    await synced(view);
    expect(view.serviceCount).toBe(0);
    tree.nodes.set("/dubbo/a.B", ["providers"]);
    tree.nodes.set("/dubbo/a.B/providers", [provider("10.0.0.9")]);
    tree.set("/dubbo", ["a.B"]);
    await waitFor("the created root's service", () => view.serviceCount === 1);
  });
});
