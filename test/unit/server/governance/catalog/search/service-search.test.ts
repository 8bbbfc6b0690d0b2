import { describe, expect, it } from "vitest";
import { decodeServicesCursor } from "@/lib/api/services-cursor";
import { servicesQuerySchema } from "@/lib/api/services";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { EntityIndex } from "@/server/governance/catalog/entity-index";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";
import { pageJson, pageResponse, searchServices, textMatcher } from "@/server/governance/catalog/search/service-search";
import { SortedServices } from "@/server/governance/catalog/sorted-services";

function entry(iface: string, opts: { group?: string; version?: string; app?: string; host?: string; consumerApp?: string } = {}): ServiceEntry {
  const params = `interface=${iface}&application=${opts.app ?? "app"}${opts.group ? `&group=${opts.group}` : ""}${opts.version ? `&version=${opts.version}` : ""}`;
  const url = `dubbo://${opts.host ?? "10.0.0.1"}:20880/${iface}?${params}`;
  const parsed = parseDubboUrl(url);
  const consumers = opts.consumerApp ? [{ node: "c", url: parseDubboUrl(`consumer://10.9.9.9/${iface}?${params.replace(/application=[^&]*/, `application=${opts.consumerApp}`)}`) }] : [];
  const id = serviceIdOf(parsed);
  return deriveServiceEntry(id, serviceKey(id), [{ registry: "r", providers: [{ node: javaUrlEncode(url), url: parsed }], consumers, routes: [], instanceProviders: [] }])!;
}

/** A catalog's list and index holding `entries`. */
function catalogOf(...entries: ServiceEntry[]): { sorted: SortedServices; index: EntityIndex } {
  const sorted = new SortedServices();
  sorted.reset(entries);
  const index = new EntityIndex();
  for (const e of entries) index.add(e);
  return { sorted, index };
}

const catalog = catalogOf(
  entry("io.dubboconsole.demo.api.GreetingService", { app: "shop-backend", host: "127.0.0.2", consumerApp: "storefront" }),
  entry("io.dubboconsole.demo.api.TypesService", { group: "demo", version: "1.0.0", app: "shop-backend", host: "127.0.0.3" }),
  entry("io.dubboconsole.demo.api.FaultService", { version: "2.0.0", app: "inventory", host: "127.0.0.33" }),
  entry("com.acme.Greeter", { app: "acme", host: "10.1.2.3" }),
);

const search = (c: ReturnType<typeof catalogOf>, s: Parameters<typeof searchServices>[2]) => searchServices(c.sorted, c.index, s);
const keys = (q: string | undefined, by?: "service" | "application" | "address") => search(catalog, { q, by, limit: 100 }).entries.map((s) => s.key);

describe("textMatcher", () => {
  it("finds a case-insensitive substring on any line", () => {
    expect(textMatcher("GREET")("a\nio.greeter")).toBe(true);
    expect(textMatcher("greet")("nothing")).toBe(false);
  });

  it("takes * as any run of characters within one whole line, and everything else literally", () => {
    const m = textMatcher("io.dubbo*.Greet*");
    expect(m("io.dubboconsole.demo.api.greetingservice")).toBe(true);
    expect(m("xio.dubboconsole.demo.api.greetingservice")).toBe(false);
    expect(m("other\nio.dubbo.greet")).toBe(true);
    expect(textMatcher("a.b*")("axb")).toBe(false);
    expect(textMatcher("(x*")("(xyz")).toBe(true);
  });
});

describe("searchServices", () => {
  it("lists everything in list order without q", () => {
    expect(keys(undefined)).toEqual([
      "com.acme.Greeter",
      "io.dubboconsole.demo.api.FaultService:2.0.0",
      "io.dubboconsole.demo.api.GreetingService",
      "demo/io.dubboconsole.demo.api.TypesService:1.0.0",
    ]);
  });

  it("matches by=service against the key: interface, group and version", () => {
    expect(keys("greet", "service")).toEqual(["com.acme.Greeter", "io.dubboconsole.demo.api.GreetingService"]);
    expect(keys("DEMO/", "service")).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(keys(":2.0.0", "service")).toEqual(["io.dubboconsole.demo.api.FaultService:2.0.0"]);
    expect(keys("io.dubbo*.Greet*", "service")).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
    expect(keys("*Service:*", "service")).toEqual(["io.dubboconsole.demo.api.FaultService:2.0.0", "demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(keys("shop-backend", "service")).toEqual([]);
  });

  it("matches by=application against provider and consumer applications", () => {
    expect(keys("shop-BACKEND", "application")).toEqual(["io.dubboconsole.demo.api.GreetingService", "demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(keys("storefront", "application")).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
    expect(keys("greet", "application")).toEqual([]);
  });

  it("matches by=address against hosts and host:port, as a substring or a glob", () => {
    expect(keys("127.0.0.3", "address")).toEqual(["io.dubboconsole.demo.api.FaultService:2.0.0", "demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(keys("127.0.0.3:20880", "address")).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(keys("127.0.0.3", "address")).toContain("demo/io.dubboconsole.demo.api.TypesService:1.0.0");
    expect(keys("127.0.0.3", "address")).not.toContain("io.dubboconsole.demo.api.GreetingService");
    expect(keys("10.*.3", "address")).toEqual(["com.acme.Greeter"]);
    expect(keys("10.9.9.9", "address")).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
  });

  it("matches the service or an application when by is absent", () => {
    expect(keys("acme")).toEqual(["com.acme.Greeter"]);
    expect(keys("storefront")).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
    expect(keys("127.0.0")).toEqual([]);
  });

  it("pages with a cursor that ends each page, counting every match, null after the last", () => {
    const first = search(catalog, { q: "e", limit: 2 });
    expect([first.entries.map((s) => s.key), first.total]).toEqual([["com.acme.Greeter", "io.dubboconsole.demo.api.FaultService:2.0.0"], 4]);
    const cursor = servicesQuerySchema.parse({ q: "E", limit: "2", cursor: first.nextCursor! }).cursor!;
    const second = search(catalog, { q: "e", limit: 2, cursor });
    expect([second.entries.map((s) => s.key), second.total, second.nextCursor]).toEqual([
      ["io.dubboconsole.demo.api.GreetingService", "demo/io.dubboconsole.demo.api.TypesService:1.0.0"],
      4,
      null,
    ]);
  });

  it("answers the same as JSON text as it does as objects, each summary serialised once", () => {
    const page = search(catalog, { q: "e", limit: 3 });
    const stale = [{ registry: "zookeeper://10.0.0.1:2181", since: 1, ageMs: 2, reason: "disconnected" as const }];
    expect(JSON.parse(pageJson(page, stale))).toEqual(pageResponse(page, stale));
    expect(pageJson(page, stale)).toBe(pageJson(search(catalog, { q: "e", limit: 3 }), stale));
  });

  it("continues after the cursor's service even when services before it came or went", () => {
    const list = catalogOf(entry("a.A"), entry("b.B"), entry("c.C"), entry("d.D"));
    const first = search(list, { limit: 2 });
    list.sorted.upsert(entry("a.A0"));
    list.sorted.remove({ interface: "b.B", group: "", version: "" });
    const next = search(list, { limit: 2, cursor: decodeServicesCursor(first.nextCursor!)! });
    expect(next.entries.map((s) => s.key)).toEqual(["c.C", "d.D"]);
  });
});

describe("servicesQuerySchema", () => {
  const issues = (input: Record<string, string>) => {
    const r = servicesQuerySchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
  };
  const cursor = search(catalog, { q: "io", by: "service", limit: 1 }).nextCursor!;

  it("accepts a cursor with the search it came from, q compared case-insensitively", () => {
    expect(issues({ q: "IO", by: "service", cursor })).toEqual([]);
  });

  it.each([
    [{ q: "io", cursor }, "cursor belongs to another search (q or by differ): repeat that search's q and by, or leave cursor out to start again"],
    [{ q: "other", by: "service", cursor }, "cursor belongs to another search (q or by differ): repeat that search's q and by, or leave cursor out to start again"],
    [{ cursor: "not-a-cursor" }, "cursor is not one this API gave out: pass the nextCursor of an earlier answer unchanged"],
    [{ cursor: `${cursor}x` }, "cursor is not one this API gave out: pass the nextCursor of an earlier answer unchanged"],
    [{ cursor: "%%%" }, "cursor is not one this API gave out: pass the nextCursor of an earlier answer unchanged"],
    [{ q: "io", cursor: "A".repeat(2_001) }, "cursor must be at most 2000 characters: the nextCursor of an earlier answer"],
    [{ by: "host" }, 'by must be one of service, application or address, got "host"'],
    [{ by: "" }, 'by must be one of service, application or address, got ""'],
  ])("rejects query %# with one issue: %s", (input, message) => {
    expect(issues(input)).toEqual([[message.startsWith("by") ? "by" : "cursor", message]]);
  });
});
