import { describe, expect, it } from "vitest";
import { decodeServicesCursor } from "@/lib/api/services-cursor";
import { servicesQuerySchema } from "@/lib/api/services";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { EntityIndex } from "@/server/governance/catalog/entity-index";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";
import { listServices } from "@/server/governance/catalog/search/service-order";
import type { ServiceSearch } from "@/server/governance/catalog/search/service-search";
import { SortedServices } from "@/server/governance/catalog/sorted-services";

/** A service with `providers` providers (one application each, `apps` distinct) and `consumers` consumers. */
function entry(iface: string, providers: number, consumers: number, apps = providers): ServiceEntry {
  const provider = (i: number) => {
    const url = `dubbo://10.0.0.${i + 1}:20880/${iface}?interface=${iface}&application=app-${i % Math.max(apps, 1)}`;
    return { node: javaUrlEncode(url), url: parseDubboUrl(url) };
  };
  const consumer = (i: number) => {
    const url = `consumer://10.9.0.${i + 1}/${iface}?interface=${iface}&application=web-${i}`;
    return { node: javaUrlEncode(url), url: parseDubboUrl(url) };
  };
  const id = serviceIdOf(parseDubboUrl(`dubbo://x/${iface}?interface=${iface}`));
  const shares = [{ registry: "r", providers: Array.from({ length: providers }, (_, i) => provider(i)), consumers: Array.from({ length: consumers }, (_, i) => consumer(i)), routes: [], instanceProviders: [] }];
  return deriveServiceEntry(id, serviceKey(id), shares, null, true)!;
}

const entries = [entry("io.x.A", 3, 0, 1), entry("io.x.B", 1, 4), entry("io.x.C", 0, 2), entry("io.x.D", 3, 1, 3), entry("io.x.E", 0, 0)];
const sorted = new SortedServices();
sorted.reset(entries);
const index = new EntityIndex();
for (const e of entries) index.add(e);

/** The keys of every page of a search, following the cursors, and each page's total. */
function walk(query: Record<string, string>, limit = 2): { keys: string[]; totals: number[] } {
  const keys: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const parsed = servicesQuerySchema.parse({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = listServices(sorted, index, parsed as ServiceSearch);
    keys.push(...page.entries.map((e) => e.key));
    totals.push(page.total);
    cursor = page.nextCursor;
  } while (cursor);
  return { keys, totals };
}

describe("the service list sorted and filtered (issue 15 item 14)", () => {
  it("sorts by providers, the most first by default, ties in name order, page after page", () => {
    expect(walk({ sort: "providers" }).keys).toEqual(["io.x.A", "io.x.D", "io.x.B", "io.x.C", "io.x.E"]);
    expect(walk({ sort: "providers", order: "asc" }).keys).toEqual(["io.x.C", "io.x.E", "io.x.B", "io.x.A", "io.x.D"]);
  });

  it("sorts by consumers and by providing applications", () => {
    expect(walk({ sort: "consumers" }).keys).toEqual(["io.x.B", "io.x.C", "io.x.D", "io.x.A", "io.x.E"]);
    expect(walk({ sort: "applications" }).keys).toEqual(["io.x.D", "io.x.A", "io.x.B", "io.x.C", "io.x.E"]);
  });

  it("sorts by name either way", () => {
    expect(walk({}).keys).toEqual(["io.x.A", "io.x.B", "io.x.C", "io.x.D", "io.x.E"]);
    expect(walk({ sort: "name", order: "desc" }).keys).toEqual(["io.x.E", "io.x.D", "io.x.C", "io.x.B", "io.x.A"]);
  });

  it("keeps only the services without providers, or without consumers, and counts only those", () => {
    expect(walk({ filter: "no-providers" }, 1)).toEqual({ keys: ["io.x.C", "io.x.E"], totals: [2, 2] });
    expect(walk({ filter: "no-consumers", sort: "providers" }).keys).toEqual(["io.x.A", "io.x.E"]);
    expect(walk({ filter: "no-providers", q: "io.x.c", by: "service" }).keys).toEqual(["io.x.C"]);
  });

  it("binds a cursor to its order and filter, and refuses it for another", () => {
    const first = listServices(sorted, index, servicesQuerySchema.parse({ sort: "consumers", limit: "2" }) as ServiceSearch);
    expect(decodeServicesCursor(first.nextCursor!)).toMatchObject({ sort: "consumers", order: "desc", filter: "", after: { interface: "io.x.C" }, afterValue: 2 });
    const other = servicesQuerySchema.safeParse({ sort: "providers", limit: "2", cursor: first.nextCursor });
    expect(other.success ? null : other.error.issues.map((i) => i.message)).toEqual([
      "cursor belongs to another order or filter (sort, order or filter differ): repeat them, or leave cursor out to start again",
    ]);
    expect(servicesQuerySchema.safeParse({ sort: "popularity", limit: "2" }).error?.issues[0]?.message).toBe(
      'sort must be one of name, providers, consumers or applications, got "popularity"',
    );
  });
});
