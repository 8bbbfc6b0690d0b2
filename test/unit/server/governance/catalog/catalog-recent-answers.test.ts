import { describe, expect, it } from "vitest";
import { decodeServicesCursor } from "@/lib/api/services-cursor";
import { serviceIdOf } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import type { Registry } from "@/server/registry/registry";
import type { RegistryEntry, ViewChange } from "@/server/registry/registry-view";
import { ServiceCatalog } from "@/server/governance/catalog/catalog";
import type { ServiceSearch } from "@/server/governance/catalog/search/service-search";

/** A registry's view changed by hand; each change is told to the catalog as the real view tells it. */
class FakeRegistry {
  readonly nodes = new Map<string, Map<Category, RegistryEntry[]>>();
  private listener: (change: ViewChange) => void = () => {};

  add(category: Category, url: string): void {
    const parsed = parseDubboUrl(url);
    const name = serviceIdOf(parsed).interface;
    const node = new Map(this.nodes.get(name) ?? []);
    node.set(category, [...(node.get(category) ?? []), { node: javaUrlEncode(url), url: parsed }]);
    this.nodes.set(name, node);
    this.listener({ type: "category", service: name, category });
  }

  asRegistry(): Registry {
    const none = () => () => {};
    const nodes = this.nodes;
    return {
      address: { source: "zookeeper://10.0.0.1:2181" },
      usable: true,
      stale: () => null,
      view: {
        get serviceNames() {
          return nodes.keys();
        },
        service: (n: string) => nodes.get(n),
        onChange: (l: (c: ViewChange) => void) => {
          this.listener = l;
          return () => {};
        },
      },
      discovery: { serviceKeys: () => [], providers: () => [], onChange: none },
      report: { onChange: none },
      session: { onState: none, state: { type: "connected" }, lastError: null },
    } as unknown as Registry;
  }
}

const provider = (iface: string, host: string, app: string) => `dubbo://${host}:20880/${iface}?interface=${iface}&application=${app}&release=3.3.6`;

function setUp() {
  const fake = new FakeRegistry();
  const registry = fake.asRegistry();
  for (let s = 0; s < 30; s++) fake.add("providers", provider(`io.x.Svc${s}`, `10.0.0.${s + 1}`, `app-${s % 3}`));
  return { fake, catalog: new ServiceCatalog([registry]) };
}

const parse = (json: string) => JSON.parse(json) as { services: { key: string; providers: number }[]; total: number; nextCursor: string | null };

describe("ServiceCatalog's recent answers of the service list (issue 15 item 22)", () => {
  it("answers a repeated search from the kept answer, spelled in another case", () => {
    const { catalog } = setUp();
    const first = catalog.listAnswer({ q: "app-1", by: "application", limit: 100 });
    const again = catalog.listAnswer({ q: "APP-1", by: "application", limit: 100 });
    expect(first.cached).toBe(false);
    expect(again.cached).toBe(true);
    expect(again.json).toBe(first.json);
    expect(parse(first.json).total).toBe(10);
  });

  it("never serves a kept answer after a change: a provider added shows at once", () => {
    const { fake, catalog } = setUp();
    const search: ServiceSearch = { q: "app-1", by: "application", limit: 100 };
    const before = parse(catalog.listAnswer(search).json);
    expect(before.services.find((s) => s.key === "io.x.Svc1")?.providers).toBe(1);
    fake.add("providers", provider("io.x.Svc1", "10.1.0.1", "app-1"));
    const after = catalog.listAnswer(search);
    expect(after.cached).toBe(false);
    expect(parse(after.json).services.find((s) => s.key === "io.x.Svc1")?.providers).toBe(2);
    // A new service of the application is listed too.
    fake.add("providers", provider("io.x.New", "10.1.0.2", "app-1"));
    expect(parse(catalog.listAnswer(search).json).total).toBe(11);
  });

  it("re-sorts a sorted view after a count changed, not from the order kept", () => {
    const { fake, catalog } = setUp();
    const search: ServiceSearch = { limit: 1, sort: "providers", order: "desc" };
    const top = parse(catalog.listAnswer(search).json).services[0]!.key;
    expect(top).toBe("io.x.Svc0");
    for (let i = 0; i < 3; i++) fake.add("providers", provider("io.x.Svc17", `10.2.0.${i + 1}`, "app-2"));
    expect(parse(catalog.listAnswer(search).json).services[0]).toMatchObject({ key: "io.x.Svc17", providers: 4 });
  });

  it("answers what an uncached search answers, page after page", () => {
    const { catalog } = setUp();
    let cursor: string | null = null;
    const keys: string[] = [];
    do {
      const search: ServiceSearch = { q: "svc", by: "service", limit: 7, sort: "name", order: "desc", ...(cursor ? { cursor: decodeServicesCursor(cursor)! } : {}) };
      const answer = parse(catalog.listAnswer(search).json);
      expect(answer).toEqual(parse(JSON.stringify(catalog.list(search))));
      keys.push(...answer.services.map((s) => s.key));
      cursor = answer.nextCursor;
    } while (cursor);
    expect(keys).toHaveLength(30);
    expect(keys[0]).toBe("io.x.Svc9");
  });
});
