import { describe, expect, it } from "vitest";
import type { DiscoveredProvider } from "@/lib/dubbo/discovered-provider";
import { serviceIdOf } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { Category } from "@/server/registry/categories";
import type { Registry } from "@/server/registry/registry";
import type { RegistryEntry, ViewChange } from "@/server/registry/registry-view";
import { type CatalogSource, CatalogStore } from "@/server/governance/catalog/catalog-store";
import { ServiceCatalog } from "@/server/governance/catalog/catalog";
import { SlicedRun } from "@/server/governance/catalog/sliced-run";

/** A registry as the store reads it: interface nodes of provider and consumer URLs, changed by hand. */
class Source implements CatalogSource {
  readonly nodes = new Map<string, Map<Category, RegistryEntry[]>>();
  constructor(readonly registry = "zookeeper://10.0.0.1:2181") {}
  serviceNames = () => this.nodes.keys();
  service = (name: string) => this.nodes.get(name);
  instanceKeys = () => [][Symbol.iterator]();
  instanceProviders = (): readonly DiscoveredProvider[] => [];

  add(category: Category, url: string): string {
    const parsed = parseDubboUrl(url);
    const name = serviceIdOf(parsed).interface;
    const node = new Map(this.nodes.get(name) ?? []);
    // The view replaces a list whole, never edits one.
    node.set(category, [...(node.get(category) ?? []), { node: javaUrlEncode(url), url: parsed }]);
    this.nodes.set(name, node);
    return name;
  }
}

const iface = (s: number) => `io.bench.d${s % 7}.Service${s}`;
const provider = (s: number, p: number) =>
  `dubbo://10.${s % 200}.${p}.${s % 50}:${20880 + (p % 3)}/${iface(s)}?interface=${iface(s)}&application=app-${s % 31}&release=${p % 2 ? "2.7.23" : "3.3.6"}${s % 5 === 0 ? `&group=g${s % 3}&version=1.${p % 2}` : ""}`;
const consumer = (s: number, c: number) => `consumer://10.200.${c}.${s % 60}/${iface(s)}?interface=${iface(s)}&application=web-${(s + c) % 13}&category=consumers&side=consumer`;

function registryOf(services: number, providers = 6): Source {
  const source = new Source();
  for (let s = 0; s < services; s++) {
    for (let p = 0; p < providers; p++) source.add("providers", provider(s, p));
    for (let c = 0; c < 2; c++) source.add("consumers", consumer(s, c));
  }
  return source;
}

/** Everything a reader of the store sees: the list in order, each entry, and the indexes by application and address. */
function snapshot(store: CatalogStore) {
  const counts = (m: ReadonlyMap<unknown, number>) => [...m].map(([k, n]) => `${String(k)}=${n}`).sort();
  return {
    list: store.sorted.all.map((e) => e.key),
    entries: [...store.entries.values()].map((e) => ({ key: e.key, summary: e.summary, providers: e.providers.map((p) => p.node), consumers: e.consumers.map((c) => c.node) })).sort((a, b) => (a.key < b.key ? -1 : 1)),
    applications: [...store.index.applications].map(([name, b]) => ({ name, provides: counts(b.provides), consumes: counts(b.consumes), instances: b.instances.size })).sort((a, b) => (a.name < b.name ? -1 : 1)),
    // An address's instances in any order: its views sort them.
    addresses: [...store.index.addresses].map(([a, b]) => `${a} ${b.instances.map((t) => `${t.role}:${t.application}:${counts(t.services).join(",")}`).sort().join(" ")}`).sort(),
  };
}

/** Runs `store.rebuildSteps(sources)` to its end, calling `between` after every step; answers the changes and how many steps it took. */
function stepThrough(store: CatalogStore, sources: readonly CatalogSource[], between: (step: number) => void = () => {}) {
  const steps = store.rebuildSteps(sources);
  for (let n = 1; ; n++) {
    const step = steps.next();
    if (step.done) return { changes: step.value, steps: n };
    between(n);
  }
}

describe("the catalog's build in steps (issue 15 item 21)", () => {
  it("builds in many steps exactly what one rebuild builds", () => {
    const source = registryOf(400);
    const whole = new CatalogStore();
    const wholeChanges = whole.rebuild([source]);
    const stepped = new CatalogStore();
    const { changes, steps } = stepThrough(stepped, [source]);
    expect(steps).toBeGreaterThan(400);
    expect(snapshot(stepped)).toEqual(snapshot(whole));
    expect(changes).toEqual(wholeChanges);
  });

  it("keeps the list in order, each service's entry whole, between the steps of a rebuild that changes most services", () => {
    const source = registryOf(120);
    const store = new CatalogStore();
    store.rebuild([source]);
    for (let s = 0; s < 120; s += 2) source.add("providers", provider(s, 9));
    for (let s = 120; s < 140; s++) source.add("providers", provider(s, 0));
    const reference = new CatalogStore();
    reference.rebuild([source]);
    stepThrough(store, [source], () => {
      const listed = store.sorted.all;
      expect(listed.length).toBe(store.entries.size);
      for (const e of listed) expect(store.entry(e.key)).toBe(e);
    });
    expect(snapshot(store)).toEqual(snapshot(reference));
  });

  it("loses no change reported while the steps run: to a node already read, and a node that came afterwards", () => {
    const source = registryOf(200);
    const store = new CatalogStore();
    stepThrough(store, [source], (n) => {
      if (n === 150) store.nodeChanged(0, source.add("providers", provider(3, 11)), "providers");
      if (n === 180) store.nodeChanged(0, source.add("providers", provider(777, 0)), "providers");
    });
    const reference = new CatalogStore();
    reference.rebuild([source]);
    expect(snapshot(store)).toEqual(snapshot(reference));
    expect(store.entry(iface(777))?.summary.providers).toBe(1);
  });
});

describe("SlicedRun", () => {
  it("runs the steps over several turns of the event loop, letting others run between, and hands over the result once", async () => {
    function* busy(): Generator<void, string, void> {
      for (let i = 0; i < 40; i++) {
        const until = performance.now() + 1;
        while (performance.now() < until);
        yield;
      }
      return "built";
    }
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const results: string[] = [];
    await new Promise<void>((resolve) => {
      new SlicedRun(busy(), (v) => {
        results.push(v);
        resolve();
      }, 5, 1).runSlice();
    });
    clearInterval(tick);
    expect(results).toEqual(["built"]);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});

/** A registry as ServiceCatalog reads it, usable from the start, its view being `source`. */
function fakeRegistry(source: Source): Registry {
  const none = () => () => {};
  return {
    address: { source: source.registry },
    usable: true,
    stale: () => null,
    view: {
      get serviceNames() {
        return source.nodes.keys();
      },
      service: (n: string) => source.service(n),
      onChange: (_listener: (c: ViewChange) => void) => () => {},
    },
    discovery: { serviceKeys: () => [], providers: () => [], onChange: none },
    report: { onChange: none },
    session: { onState: none, state: { type: "connected" }, lastError: null },
  } as unknown as Registry;
}

describe("ServiceCatalog's first build of a large registry", () => {
  it("does not hold the event loop: a read meanwhile says the catalog is being built, timers run, and then every service is listed", async () => {
    const source = registryOf(3000, 10);
    const catalog = new ServiceCatalog([fakeRegistry(source)]);
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const early = (() => {
      try {
        return catalog.list({ limit: 1 });
      } catch (e) {
        return e;
      }
    })();
    expect(early).toBeInstanceOf(RegistryUnavailableError);
    expect((early as Error).message).toMatch(/^the catalog is being built from zookeeper:\/\/10\.0\.0\.1:2181 \(\d+ services so far\)/);
    // The page words it from the details: being built, and how far.
    expect((early as RegistryUnavailableError).details).toEqual({ building: true, sources: ["zookeeper://10.0.0.1:2181"], services: expect.any(Number) });
    const listed = await new Promise<number>((resolve) => {
      const poll = () => {
        try {
          resolve(catalog.list({ limit: 1 }).total);
        } catch {
          setImmediate(poll);
        }
      };
      poll();
    });
    clearInterval(tick);
    const reference = new CatalogStore();
    reference.rebuild([source]);
    expect(listed).toBe(reference.entries.size);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});

describe("whether a provider is registered at an address (the connection pool's per-address look-up)", () => {
  it("answers for provider addresses, not consumer addresses, and follows the registry", () => {
    const source = registryOf(3, 2);
    const store = new CatalogStore();
    store.rebuild([source]);
    expect(store.index.hasProviderAt("10.1.1.1:20881")).toBe(true);
    expect(store.index.hasProviderAt("10.1.0.1:20880")).toBe(true);
    expect(store.index.hasProviderAt("10.200.0.1")).toBe(false);
    expect(store.index.hasProviderAt("10.1.1.1:20880")).toBe(false);
    source.nodes.delete(iface(1));
    store.rebuild([source]);
    expect(store.index.hasProviderAt("10.1.1.1:20881")).toBe(false);
    expect(store.index.hasProviderAt("10.2.1.2:20881")).toBe(true);
  });
});
