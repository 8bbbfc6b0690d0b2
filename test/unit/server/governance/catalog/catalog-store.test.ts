import { describe, expect, it } from "vitest";
import { type DiscoveredProvider, providerIdentity } from "@/lib/dubbo/discovered-provider";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl, urlAddress } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import type { RegistryEntry } from "@/server/registry/registry-view";
import { type CatalogSource, CatalogStore } from "@/server/governance/catalog/catalog-store";
import { addressDetail } from "@/server/governance/catalog/entity-views";
import { RECENT_PROVIDER_MS, ServiceRetention } from "@/server/governance/catalog/service-retention";

/** A store whose clock the test moves. */
function clockedStore(start = 1_800_000_000_000): { store: CatalogStore; clock: { now: number } } {
  const clock = { now: start };
  return { store: new CatalogStore(new ServiceRetention(() => clock.now)), clock };
}

/** A registry as the store reads it, changed by hand. */
class FakeSource implements CatalogSource {
  readonly nodes = new Map<string, Map<Category, RegistryEntry[]>>();
  readonly instances = new Map<string, DiscoveredProvider[]>();

  constructor(readonly registry = "zookeeper://10.0.0.1:2181") {}

  serviceNames = () => this.nodes.keys();
  service = (name: string) => this.nodes.get(name);
  instanceKeys = () => this.instances.keys();
  instanceProviders = (key: string) => this.instances.get(key) ?? [];

  add(category: Category, url: string): void {
    const parsed = parseDubboUrl(url);
    const name = serviceIdOf(parsed).interface;
    let node = this.nodes.get(name);
    if (!node) this.nodes.set(name, (node = new Map()));
    node.set(category, [...(node.get(category) ?? []), { node: javaUrlEncode(url), url: parsed }]);
  }

  removeHost(category: Category, name: string, host: string): void {
    const node = this.nodes.get(name)!;
    node.set(category, node.get(category)!.filter((e) => e.url.host !== host));
  }

  addInstance(url: string, app: string): void {
    const parsed = parseDubboUrl(url);
    const service = serviceIdOf(parsed);
    const key = serviceKey(service);
    const p: DiscoveredProvider = { source: "instance", key, service, url: parsed, address: urlAddress(parsed), application: app, identity: providerIdentity(key, parsed), instance: null };
    this.instances.set(key, [...(this.instances.get(key) ?? []), p]);
  }
}

/** The keys provided (or consumed) at `value`, a host (over all its addresses) or an address. */
function at(store: CatalogStore, value: string, role: "provides" | "consumes" = "provides"): string[] {
  const onHost = store.index.bucketsOfHost(value);
  const buckets = onHost.length > 0 ? onHost : [store.index.addresses.get(value)!];
  return addressDetail(value, buckets, store.entries)[role].map((s) => s.key).sort();
}

const provider = (iface: string, host: string, app: string, extra = "") => `dubbo://${host}:20880/${iface}?interface=${iface}&application=${app}&release=3.3.6${extra}`;
const consumer = (iface: string, host: string, app: string) => `consumer://${host}/${iface}?interface=${iface}&application=${app}&category=consumers&side=consumer`;

function twoServices(): FakeSource {
  const s = new FakeSource();
  s.add("providers", provider("io.x.A", "10.1.0.1", "app-a"));
  s.add("providers", provider("io.x.A", "10.1.0.2", "app-a", "&group=g&version=1.0.0"));
  s.add("consumers", consumer("io.x.A", "10.9.0.1", "web"));
  s.add("providers", provider("io.x.B", "10.1.0.1", "app-b"));
  return s;
}

describe("CatalogStore", () => {
  it("lists one entry per group/interface:version, in list order", () => {
    const store = new CatalogStore();
    store.rebuild([twoServices()]);
    expect(store.sorted.all.map((e) => e.key)).toEqual(["io.x.A", "g/io.x.A:1.0.0", "io.x.B"]);
    expect(store.entry("io.x.A")?.summary).toEqual({
      key: "io.x.A",
      interface: "io.x.A",
      group: "",
      version: "",
      providers: 1,
      consumers: 1,
      applications: ["app-a"],
      consumerApplications: ["web"],
      releases: ["3.3.6"],
      registries: ["zookeeper://10.0.0.1:2181"],
      sources: ["interface"],
      providersLastSeen: null,
    });
  });

  it("merges a provider seen at both levels into one, marked both, and keeps an instance-only one", () => {
    const s = twoServices();
    s.addInstance(provider("io.x.B", "10.1.0.1", "app-b"), "app-b");
    s.addInstance(provider("io.x.B", "10.1.0.7", "app-b"), "app-b");
    s.addInstance(provider("io.x.C", "10.1.0.8", "app-c"), "app-c");
    const store = new CatalogStore();
    store.rebuild([s]);
    expect(store.entry("io.x.B")?.providers.map((p) => [p.address, p.source])).toEqual([
      ["10.1.0.1:20880", "both"],
      ["10.1.0.7:20880", "instance"],
    ]);
    expect(store.entry("io.x.B")?.summary).toMatchObject({ providers: 2, sources: ["interface", "instance"] });
    expect(store.entry("io.x.C")?.summary).toMatchObject({ providers: 1, sources: ["instance"], applications: ["app-c"] });
  });

  it("keeps providers of the same address in two registries apart, each with its registry", () => {
    const second = new FakeSource("zookeeper://10.0.0.2:2181");
    second.add("providers", provider("io.x.B", "10.1.0.1", "app-b"));
    const store = new CatalogStore();
    store.rebuild([twoServices(), second]);
    expect(store.entry("io.x.B")?.providers.map((p) => p.registry)).toEqual(["zookeeper://10.0.0.1:2181", "zookeeper://10.0.0.2:2181"]);
    expect(store.entry("io.x.B")?.summary.registries).toEqual(["zookeeper://10.0.0.1:2181", "zookeeper://10.0.0.2:2181"]);
  });

  it("indexes consumer-only applications, hosts and host:port addresses", () => {
    const store = new CatalogStore();
    store.rebuild([twoServices()]);
    const web = store.index.applications.get("web")!;
    expect([[...web.provides.keys()], [...web.consumes.keys()]]).toEqual([[], ["io.x.A"]]);
    expect(at(store, "10.1.0.1")).toEqual(["io.x.A", "io.x.B"]);
    expect(at(store, "10.1.0.2:20880")).toEqual(["g/io.x.A:1.0.0"]);
    // A consumer registers no port: its address is its host.
    expect(at(store, "10.9.0.1", "consumes")).toEqual(["io.x.A"]);
    expect(store.index.addresses.has("10.9.0.1")).toBe(true);
  });

  it("re-derives only the services of the interface node that changed, and leaves the others' entries as they were", () => {
    const s = twoServices();
    for (let i = 0; i < 50; i++) s.add("providers", provider(`io.y.S${i}`, "10.2.0.1", "bulk"));
    const store = new CatalogStore();
    store.rebuild([s]);
    const before = new Map(store.entries);
    const derived = store.derivations;

    s.add("providers", provider("io.x.B", "10.1.0.3", "app-b"));
    const changes = store.nodeChanged(0, "io.x.B", "providers");

    expect(changes).toEqual([{ key: "io.x.B", kind: "providers" }]);
    expect(store.derivations - derived).toBe(1);
    for (const [key, entry] of before) if (key !== "io.x.B") expect(store.entry(key)).toBe(entry);
    expect(store.entry("io.x.B")?.summary.providers).toBe(2);
    expect(at(store, "10.1.0.3")).toEqual(["io.x.B"]);
  });

  it("reports nothing and keeps the entry when a re-read changed nothing", () => {
    const s = twoServices();
    const store = new CatalogStore();
    store.rebuild([s]);
    const entry = store.entry("io.x.B");
    expect(store.nodeChanged(0, "io.x.B", "providers")).toEqual([]);
    expect(store.entry("io.x.B")).toBe(entry);
  });

  it("removes a service whose last provider went a day ago, and its application, host and address with it", () => {
    const s = twoServices();
    const { store, clock } = clockedStore();
    store.rebuild([s]);
    s.removeHost("providers", "io.x.B", "10.1.0.1");
    expect(store.nodeChanged(0, "io.x.B", "providers")).toEqual([{ key: "io.x.B", kind: "providers" }]);
    clock.now += RECENT_PROVIDER_MS - 1;
    expect(store.expire()).toEqual([]);
    clock.now += 60_001;
    expect(store.expire()).toEqual([{ key: "io.x.B", kind: "removed" }]);
    expect(store.sorted.all.map((e) => e.key)).toEqual(["io.x.A", "g/io.x.A:1.0.0"]);
    expect(store.index.applications.has("app-b")).toBe(false);
    expect(at(store, "10.1.0.1")).toEqual(["io.x.A"]);
    expect([...store.index.instances()].map((t) => t.application)).not.toContain("app-b");
  });

  it("inserts a new service in list order without re-sorting", () => {
    const s = twoServices();
    const store = new CatalogStore();
    store.rebuild([s]);
    s.add("providers", provider("io.x.AB", "10.1.0.4", "app-ab"));
    store.nodeChanged(0, "io.x.AB", "providers");
    expect(store.sorted.all.map((e) => e.key)).toEqual(["io.x.A", "g/io.x.A:1.0.0", "io.x.AB", "io.x.B"]);
  });

  it("gives a service the routes of its interface that name its group and version or none", () => {
    const s = twoServices();
    s.add("routers", "route://0.0.0.0/io.x.A?interface=io.x.A&category=routers&rule=x");
    s.add("routers", "route://0.0.0.0/io.x.A?interface=io.x.A&category=routers&group=g&version=1.0.0&rule=y");
    s.add("configurators", "override://0.0.0.0/io.x.A?interface=io.x.A&category=configurators&version=2.0.0");
    const store = new CatalogStore();
    store.rebuild([s]);
    expect(store.entry("io.x.A")?.routes.map((r) => r.node)).toEqual([javaUrlEncode("route://0.0.0.0/io.x.A?interface=io.x.A&category=routers&rule=x")]);
    expect(store.entry("g/io.x.A:1.0.0")?.routes).toHaveLength(2);
  });

  it("re-derives the keys application-level discovery names, and notices a provider moving to both levels", () => {
    const s = twoServices();
    const store = new CatalogStore();
    store.rebuild([s]);
    s.addInstance(provider("io.x.B", "10.1.0.1", "app-b"), "app-b");
    expect(store.refresh(["io.x.B"], "providers")).toEqual([{ key: "io.x.B", kind: "providers" }]);
    expect(store.entry("io.x.B")?.providers.map((p) => p.source)).toEqual(["both"]);
    const tally = [...store.index.instances()].find((t) => t.application === "app-b" && t.address === "10.1.0.1:20880");
    expect(tally?.source).toBe("both");
  });

  it("derives nothing again when a registry re-read finds the same URLs, and only what changed when some did", () => {
    const s = twoServices();
    for (let i = 0; i < 20; i++) s.add("providers", provider(`io.y.S${i}`, "10.2.0.1", "bulk"));
    const store = new CatalogStore();
    store.rebuild([s]);
    const before = new Map(store.entries);
    // A re-read: every list replaced by an equal one.
    for (const node of s.nodes.values()) for (const [category, list] of node) node.set(category, list.map((e) => ({ ...e })));
    s.add("providers", provider("io.y.S3", "10.2.0.9", "bulk"));
    const derived = store.derivations;
    expect(store.rebuild([s])).toEqual([{ key: "io.y.S3", kind: "providers" }]);
    expect(store.derivations - derived).toBe(1);
    for (const [key, entry] of before) if (key !== "io.y.S3") expect(store.entry(key)).toBe(entry);
  });

  it("forgets the services of an interface node gone in a re-read once their provider is no longer recent", () => {
    const s = twoServices();
    const { store, clock } = clockedStore();
    store.rebuild([s]);
    s.nodes.delete("io.x.B");
    expect(store.rebuild([s])).toEqual([{ key: "io.x.B", kind: "providers" }]);
    clock.now += RECENT_PROVIDER_MS;
    expect(store.expire()).toEqual([{ key: "io.x.B", kind: "removed" }]);
    expect(store.sorted.all.map((e) => e.key)).toEqual(["io.x.A", "g/io.x.A:1.0.0"]);
  });

  it("shows a consumer of version * on every version it matches, and not as a service of its own", () => {
    const s = new FakeSource();
    s.add("providers", provider("io.x.V", "10.1.0.1", "app-v", "&version=1.0.0"));
    s.add("providers", provider("io.x.V", "10.1.0.2", "app-v", "&version=2.0.0"));
    s.add("providers", provider("io.x.V", "10.1.0.3", "app-v", "&group=other&version=1.0.0"));
    s.add("consumers", `${consumer("io.x.V", "10.9.0.1", "any-version")}&version=*`);
    const store = new CatalogStore();
    store.rebuild([s]);
    expect(store.sorted.all.map((e) => [e.key, e.summary.consumers])).toEqual([
      ["io.x.V:1.0.0", 1],
      ["io.x.V:2.0.0", 1],
      ["other/io.x.V:1.0.0", 0],
    ]);
    expect(store.entry("io.x.V:*")).toBeUndefined();
    expect(store.entry("io.x.V:2.0.0")?.summary.consumerApplications).toEqual(["any-version"]);
    expect(at(store, "10.9.0.1", "consumes")).toEqual(["io.x.V:1.0.0", "io.x.V:2.0.0"]);
  });

  it("attaches consumers of group * and of a list of groups to each group they name", () => {
    const s = new FakeSource();
    for (const group of ["a", "b", "c"]) s.add("providers", provider("io.x.G", "10.1.0.1", "app-g", `&group=${group}`));
    s.add("consumers", `${consumer("io.x.G", "10.9.0.1", "every-group")}&group=*`);
    s.add("consumers", `${consumer("io.x.G", "10.9.0.2", "two-groups")}&group=a,c`);
    const store = new CatalogStore();
    store.rebuild([s]);
    expect(store.sorted.all.map((e) => [e.key, e.summary.consumerApplications])).toEqual([
      ["a/io.x.G", ["every-group", "two-groups"]],
      ["b/io.x.G", ["every-group"]],
      ["c/io.x.G", ["every-group", "two-groups"]],
    ]);
  });

  it("lists a pattern consumer under its own key while it matches no service, and moves it as providers come and go", () => {
    const s = new FakeSource();
    s.add("consumers", `${consumer("io.x.W", "10.9.0.1", "waiting")}&version=*`);
    const { store, clock } = clockedStore();
    store.rebuild([s]);
    expect(store.sorted.all.map((e) => [e.key, e.summary.providers, e.summary.consumers])).toEqual([["io.x.W:*", 0, 1]]);
    s.add("providers", provider("io.x.W", "10.1.0.1", "app-w", "&version=3.0.0"));
    const changes = store.nodeChanged(0, "io.x.W", "providers");
    expect(changes).toEqual(expect.arrayContaining([{ key: "io.x.W:3.0.0", kind: "providers" }, { key: "io.x.W:*", kind: "removed" }]));
    expect(store.sorted.all.map((e) => [e.key, e.summary.providers, e.summary.consumers])).toEqual([["io.x.W:3.0.0", 1, 1]]);
    // Its provider gone, 3.0.0 stays listed a while (recently seen), the consumer with it; then the consumer is on its own again.
    s.removeHost("providers", "io.x.W", "10.1.0.1");
    store.nodeChanged(0, "io.x.W", "providers");
    expect(store.sorted.all.map((e) => [e.key, e.summary.providers, e.summary.consumers])).toEqual([["io.x.W:3.0.0", 0, 1]]);
    clock.now += RECENT_PROVIDER_MS;
    store.expire();
    expect(store.sorted.all.map((e) => [e.key, e.summary.providers, e.summary.consumers])).toEqual([["io.x.W:*", 0, 1]]);
  });

  it("attaches a pattern consumer to a service seen only at application level, once discovery names it", () => {
    const s = new FakeSource();
    s.add("consumers", `${consumer("io.x.I", "10.9.0.1", "any-version")}&version=*`);
    const store = new CatalogStore();
    store.rebuild([s]);
    s.addInstance(provider("io.x.I", "10.1.0.1", "app-i", "&version=1.0.0"), "app-i");
    store.refresh(["io.x.I:1.0.0"], "providers");
    expect(store.sorted.all.map((e) => [e.key, e.summary.providers, e.summary.consumers])).toEqual([["io.x.I:1.0.0", 1, 1]]);
  });

  it("keeps a service whose last provider left listed, with when it was last seen, and a consumer-only one without a time", () => {
    const s = twoServices();
    const { store, clock } = clockedStore();
    store.rebuild([s]);
    const seen = clock.now;
    clock.now += 5_000;
    s.removeHost("providers", "io.x.A", "10.1.0.1");
    store.nodeChanged(0, "io.x.A", "providers");
    expect(store.entry("io.x.A")?.summary).toMatchObject({ providers: 0, consumers: 1, providersLastSeen: clock.now });
    clock.now += 5_000;
    s.removeHost("consumers", "io.x.A", "10.9.0.1");
    store.nodeChanged(0, "io.x.A", "consumers");
    // The time the provider was last seen is kept while the service is listed, whatever else changes.
    expect(store.entry("io.x.A")?.summary).toMatchObject({ providers: 0, consumers: 0, providersLastSeen: seen + 5_000 });
    s.add("providers", provider("io.x.A", "10.1.0.5", "app-a"));
    store.nodeChanged(0, "io.x.A", "providers");
    expect(store.entry("io.x.A")?.summary).toMatchObject({ providers: 1, providersLastSeen: null });
  });

  it("keeps a service without providers or consumers listed while routes concern it, and drops it once they are gone", () => {
    const s = twoServices();
    s.add("routers", "condition://0.0.0.0/io.x.B?category=routers&dynamic=false&enabled=true&force=false&name=r&priority=0&rule=host%3D1.2.3.4&runtime=false");
    const { store, clock } = clockedStore();
    store.rebuild([s]);
    s.removeHost("providers", "io.x.B", "10.1.0.1");
    store.nodeChanged(0, "io.x.B", "providers");
    clock.now += 2 * RECENT_PROVIDER_MS;
    expect(store.expire()).toEqual([]);
    expect(store.entry("io.x.B")?.summary).toMatchObject({ providers: 0, consumers: 0 });
    expect(store.entry("io.x.B")?.routes).toHaveLength(1);
    s.nodes.get("io.x.B")!.set("routers", []);
    expect(store.nodeChanged(0, "io.x.B", "routers")).toEqual([{ key: "io.x.B", kind: "removed" }]);
  });

  it("keeps a service listed while it has config-center rules, and never lists one from rules alone", () => {
    const s = twoServices();
    const rules = new Set(["io.x.B::"]);
    const { store, clock } = clockedStore();
    store.retention.setConfigRules((id) => rules.has(`${id.interface}:${id.version}:${id.group}`));
    rules.add("io.x.Never::");
    store.rebuild([s]);
    s.removeHost("providers", "io.x.B", "10.1.0.1");
    store.nodeChanged(0, "io.x.B", "providers");
    clock.now += 2 * RECENT_PROVIDER_MS;
    expect(store.expire()).toEqual([]);
    expect(store.entry("io.x.B")?.summary.providers).toBe(0);
    expect(store.entry("io.x.Never")).toBeUndefined();
    rules.delete("io.x.B::");
    expect(store.refresh(["io.x.B"], "routers")).toEqual([{ key: "io.x.B", kind: "removed" }]);
  });
});
