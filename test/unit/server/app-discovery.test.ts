import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { AppDiscovery } from "@/server/registry/app-discovery";
import { MetadataReport } from "@/server/registry/metadata-report";
import type { ZkDataReader } from "@/server/registry/zk/zk-data-reader";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../../support/wait-for";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/**
 * An in-memory ZooKeeper tree with data and one-shot child, data and existence watches,
 * for the discovery's own logic (epochs, retries, the staged re-read). Interop with a real
 * server and real Dubbo providers is covered in test/integration/app-discovery.test.ts.
 */
class FakeTree implements ZkDataReader {
  private readonly nodes = new Map<string, string>([["/", ""]]);
  readonly reads: string[] = [];
  private readonly watches = { children: new Map<string, (() => void)[]>(), data: new Map<string, (() => void)[]>() };
  private readonly failures = new Map<string, number>();
  private readonly gates = new Map<string, Promise<void>>();

  /** Creates or updates `path` (and missing parents) and fires the watches ZooKeeper would. */
  set(path: string, data: string): void {
    const parent = path.slice(0, path.lastIndexOf("/")) || "/";
    if (!this.nodes.has(parent)) this.set(parent, "");
    const existed = this.nodes.has(path);
    this.nodes.set(path, data);
    this.fire("data", path);
    if (!existed) this.fire("children", parent);
  }

  delete(path: string): void {
    for (const p of [...this.nodes.keys()]) if (p === path || p.startsWith(`${path}/`)) this.nodes.delete(p);
    this.fire("data", path);
    this.fire("children", path);
    this.fire("children", path.slice(0, path.lastIndexOf("/")) || "/");
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
    await this.enter(path);
    if (!this.nodes.has(path)) return null;
    if (watcher) this.add("children", path, watcher);
    const prefix = path === "/" ? "/" : `${path}/`;
    return [...this.nodes.keys()].filter((p) => p.startsWith(prefix) && p !== path && !p.slice(prefix.length).includes("/")).map((p) => p.slice(prefix.length));
  }

  async getData(path: string, watcher?: () => void): Promise<Buffer | null> {
    await this.enter(path);
    const data = this.nodes.get(path);
    if (data === undefined) return null;
    if (watcher) this.add("data", path, watcher);
    return Buffer.from(data, "utf8");
  }

  async exists(path: string, watcher?: () => void): Promise<boolean> {
    await this.enter(path);
    if (watcher) this.add("data", path, watcher);
    return this.nodes.has(path);
  }

  private async enter(path: string): Promise<void> {
    this.reads.push(path);
    await this.gates.get(path);
    const left = this.failures.get(path) ?? 0;
    if (left > 0) {
      this.failures.set(path, left - 1);
      throw new RegistryUnavailableError(`injected failure of ${path}`);
    }
  }

  private add(kind: "children" | "data", path: string, watcher: () => void): void {
    this.watches[kind].set(path, [...(this.watches[kind].get(path) ?? []), watcher]);
  }

  private fire(kind: "children" | "data", path: string): void {
    const ws = this.watches[kind].get(path) ?? [];
    this.watches[kind].delete(path);
    for (const w of ws) w();
  }
}

const REMOTE = JSON.parse(fixture("instance-3.3.6-remote.json")) as { id: string; address: string; payload: { metadata: Record<string, string> } };
const REVISION = REMOTE.payload.metadata["dubbo.metadata.revision"]!;
const INSTANCE_PATH = `/services/demo-provider-33-instance/${REMOTE.id}`;
const METADATA_PATH = `/dubbo/metadata/demo-provider-33-instance/${REVISION}`;
const GREETING = "io.dubboconsole.demo.api.GreetingService";

/** The captured instance, moved to `address` and, optionally, another revision. */
function instanceAt(address: string, revision = REVISION): string {
  const [host, port] = address.split(":");
  const o = structuredClone(REMOTE) as Record<string, unknown> & typeof REMOTE;
  Object.assign(o, { id: address, address: host, port: Number(port) });
  o.payload.metadata["dubbo.metadata.revision"] = revision;
  o.payload.metadata["dubbo.endpoints"] = JSON.stringify([{ port: Number(port), protocol: "dubbo" }]);
  return JSON.stringify(o);
}

function setup(): { tree: FakeTree; discovery: AppDiscovery } {
  const tree = new FakeTree();
  tree.set(INSTANCE_PATH, fixture("instance-3.3.6-remote.json"));
  tree.set(METADATA_PATH, fixture("metadata-info-3.3.6.json"));
  const discovery = new AppDiscovery(tree, { services: "/services", root: "/dubbo" }, new MetadataReport(tree, "/dubbo", silentLogger), silentLogger);
  return { tree, discovery };
}

const greetingAddresses = (d: AppDiscovery) => d.providers(GREETING).map((p) => p.address);

describe("application-level discovery over a ZooKeeper tree", () => {
  it("reads instances and their published MetadataInfo into providers per service key", async () => {
    const { discovery } = setup();
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    expect(discovery.serviceKeys()).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0", "io.dubboconsole.demo.api.FaultService:2.0.0", GREETING]);
    expect(greetingAddresses(discovery)).toEqual(["127.0.0.6:43209"]);
  });

  it("retries a read that failed, and counts the sync complete only once the retry has run", async () => {
    const { tree, discovery } = setup();
    tree.failNext(INSTANCE_PATH, 2);
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null, 10_000);
    expect(greetingAddresses(discovery)).toEqual(["127.0.0.6:43209"]);
    expect(tree.reads.filter((p) => p === INSTANCE_PATH)).toHaveLength(3);
  });

  it("answers from the last complete state while a re-read is in progress, then switches at once", async () => {
    const { tree, discovery } = setup();
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    const changes: string[] = [];
    discovery.onChange((c) => changes.push(c.type));
    const release = tree.hold("/services/demo-provider-33-instance/127.0.0.9:9");
    tree.set("/services/demo-provider-33-instance/127.0.0.9:9", instanceAt("127.0.0.9:9"));
    tree.delete(INSTANCE_PATH);
    discovery.resync();
    await waitFor("the re-read to reach the held instance", () => tree.reads.includes("/services/demo-provider-33-instance/127.0.0.9:9"));
    // The session that brought these changes is being re-read: nothing half-read is shown or told.
    expect(greetingAddresses(discovery)).toEqual(["127.0.0.6:43209"]);
    expect(changes).toEqual([]);
    release();
    await waitFor("the re-read to finish", () => changes.includes("resynced"));
    expect(greetingAddresses(discovery)).toEqual(["127.0.0.9:9"]);
    expect(changes).toEqual(["resynced"]);
  });

  it("ignores the watches of an older epoch, and re-reads a changed node once", async () => {
    const { tree, discovery } = setup();
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    discovery.resync();
    await waitFor("the second sync", () => tree.reads.filter((p) => p === INSTANCE_PATH).length === 2 && greetingAddresses(discovery).length === 1);
    await new Promise((r) => setTimeout(r, 20));
    const before = tree.reads.length;
    tree.set(INSTANCE_PATH, instanceAt("127.0.0.6:43209", "0ther"));
    await waitFor("the revision change", () => discovery.instances("demo-provider-33-instance")[0]?.instance.revision === "0ther");
    // Both epochs armed a watch on the instance; only the current one reads it again.
    expect(tree.reads.slice(before).filter((p) => p === INSTANCE_PATH)).toEqual([INSTANCE_PATH]);
  });

  it("forgets an instance, a malformed one and a mapping that left, and reads each afresh when it comes back", async () => {
    const { tree, discovery } = setup();
    tree.set("/services/demo-provider-33-instance/10.0.0.1:1", "{");
    tree.set(`/dubbo/mapping/${GREETING}`, "a");
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    expect(discovery.invalidNodes().map((n) => n.path)).toEqual(["/services/demo-provider-33-instance/10.0.0.1:1"]);
    tree.delete(INSTANCE_PATH);
    tree.delete("/services/demo-provider-33-instance/10.0.0.1:1");
    tree.delete(`/dubbo/mapping/${GREETING}`);
    await waitFor("everything to leave", () => greetingAddresses(discovery).length === 0 && discovery.invalidNodes().length === 0 && discovery.mappedApplications(GREETING).length === 0);
    expect(discovery.applications()).toEqual([]);
    tree.set(INSTANCE_PATH, fixture("instance-3.3.6-remote.json"));
    tree.set(`/dubbo/mapping/${GREETING}`, "b");
    await waitFor("everything to come back", () => greetingAddresses(discovery).length === 1 && discovery.mappedApplications(GREETING).length === 1);
    expect([discovery.applications(), discovery.mappedApplications(GREETING)]).toEqual([["demo-provider-33-instance"], ["b"]]);
  });

  it("infers an application's services from its mapping and service definitions when its MetadataInfo is not published, and follows a late definition", async () => {
    const { tree, discovery } = setup();
    tree.delete(METADATA_PATH);
    tree.set(`/dubbo/mapping/${GREETING}`, "other-app, demo-provider-33-instance");
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    expect(discovery.instances("demo-provider-33-instance").map((i) => i.metadata)).toEqual(["missing"]);
    expect(discovery.serviceKeys()).toEqual([]);

    const definition = fixture("definition-3.3.6-TypesService.json")
      .replaceAll("io.dubboconsole.demo.api.TypesService", GREETING)
      .replace('"group":"demo",', "")
      .replace('"version":"1.0.0",', "");
    tree.set(`/dubbo/metadata/${GREETING}/provider/demo-provider-33-instance`, definition);
    const inferred = await waitFor("the inferred provider", () => discovery.providers(GREETING)[0]);
    expect([inferred.address, inferred.instance?.metadata, inferred.url.protocol, inferred.url.parameters.interface]).toEqual(["127.0.0.6:43209", "service-definitions", "dubbo", GREETING]);
    expect(discovery.mappedApplications(GREETING)).toEqual(["demo-provider-33-instance", "other-app"]);

    tree.set(METADATA_PATH, fixture("metadata-info-3.3.6.json"));
    await waitFor("the published MetadataInfo to take over", () => discovery.providers(GREETING)[0]?.instance?.metadata === "metadata-info");
    expect(discovery.serviceKeys()).toHaveLength(3);
  });
  it("infers one provider per endpoint of a dual-protocol instance (dubbo and tri), each on its own port", async () => {
    const { tree, discovery } = setup();
    // Captured from a 3.3.6 provider exporting dubbo and tri with the default metadata-type=local.
    tree.set("/services/dual/127.0.0.9:32837", fixture("instance-3.3.6-dual-local.json"));
    tree.set(`/dubbo/mapping/${GREETING}`, "dual");
    const definition = fixture("definition-3.3.6-TypesService.json")
      .replaceAll("io.dubboconsole.demo.api.TypesService", GREETING)
      .replaceAll("demo-provider-33-all", "dual")
      .replace('"group":"demo",', "")
      .replace('"version":"1.0.0",', "");
    tree.set(`/dubbo/metadata/${GREETING}/provider/dual`, definition);
    discovery.resync();
    const inferred = await waitFor("the dual instance's providers", () => {
      const found = discovery.providers(GREETING).filter((p) => p.application === "dual");
      return found.length >= 2 ? found : undefined;
    }, 5_000);
    expect(inferred.map((p) => [p.url.protocol, p.address, p.instance?.metadata])).toEqual([
      ["dubbo", "127.0.0.9:32837", "service-definitions"],
      ["tri", "127.0.0.9:42795", "service-definitions"],
    ]);
  });

  it("under a registry group that roots both levels, skips interface nodes and the root's metadata, mapping and config without calling them malformed", async () => {
    const tree = new FakeTree();
    const app = "demo-provider-33-instance";
    tree.set(`/foo/${app}/${REMOTE.id}`, fixture("instance-3.3.6-remote.json"));
    tree.set(`/foo/metadata/${app}/${REVISION}`, fixture("metadata-info-3.3.6.json"));
    tree.set(`/foo/mapping/${GREETING}`, app);
    tree.set("/foo/config/dubbo/dubbo.properties", "");
    tree.set(`/foo/${GREETING}/providers/dubbo%3A%2F%2F127.0.0.2%3A20880%2Fx`, "");
    tree.set(`/foo/${GREETING}/consumers`, "");
    const discovery = new AppDiscovery(tree, { services: "/foo", root: "/foo" }, new MetadataReport(tree, "/foo", silentLogger), silentLogger);
    discovery.resync();
    await waitFor("the first sync", () => discovery.syncedAt !== null);
    expect([discovery.applications(), discovery.invalidNodes(), greetingAddresses(discovery)]).toEqual([[app], [], ["127.0.0.6:43209"]]);
    // A new interface node is told apart as it appears; its categories are never read as instances.
    const before = tree.reads.length;
    tree.set("/foo/com.other.Svc/routers", "");
    tree.set(`/foo/${app}/127.0.0.7:1`, instanceAt("127.0.0.7:1"));
    await waitFor("the new instance", () => greetingAddresses(discovery).length === 2);
    expect(discovery.invalidNodes()).toEqual([]);
    expect(tree.reads.slice(before).filter((p) => p.startsWith("/foo/com.other.Svc/"))).toEqual([]);
    expect(tree.reads.slice(before).filter((p) => p.startsWith(`/foo/${GREETING}`))).toEqual([]);
  });
});
