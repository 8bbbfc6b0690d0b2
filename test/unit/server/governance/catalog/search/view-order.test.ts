import { describe, expect, it } from "vitest";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";
import { SortedServices } from "@/server/governance/catalog/sorted-services";
import { viewOrder } from "@/server/governance/catalog/search/view-order";

function entry(iface: string, providers: number, consumers: number): ServiceEntry {
  const url = (kind: string, i: number) => (kind === "p" ? `dubbo://10.0.0.${i + 1}:20880/${iface}?interface=${iface}&application=app-${i}` : `consumer://10.9.0.${i + 1}/${iface}?interface=${iface}&application=web-${i}`);
  const of = (kind: string, n: number) => Array.from({ length: n }, (_, i) => ({ node: javaUrlEncode(url(kind, i)), url: parseDubboUrl(url(kind, i)) }));
  const id = serviceIdOf(parseDubboUrl(`dubbo://x/${iface}?interface=${iface}`));
  return deriveServiceEntry(id, serviceKey(id), [{ registry: "r", providers: of("p", providers), consumers: of("c", consumers), routes: [], instanceProviders: [] }], null, true)!;
}

function listOf(entries: ServiceEntry[]): SortedServices {
  const sorted = new SortedServices();
  sorted.reset(entries);
  return sorted;
}

const keysIn = (list: SortedServices, places: Int32Array) => [...places].map((p) => list.all[p]!.key);

describe("viewOrder", () => {
  const list = listOf([entry("io.x.A", 3, 0), entry("io.x.B", 1, 4), entry("io.x.C", 0, 2), entry("io.x.D", 3, 1)]);

  it("orders by a count, ties in name order, and ranks each place", () => {
    const order = viewOrder(list, { sort: "providers", order: "desc", filter: "" });
    expect(keysIn(list, order.places)).toEqual(["io.x.A", "io.x.D", "io.x.B", "io.x.C"]);
    expect([...order.ranks]).toEqual([0, 2, 3, 1]);
    expect(keysIn(list, viewOrder(list, { sort: "consumers", order: "asc", filter: "" }).places)).toEqual(["io.x.A", "io.x.D", "io.x.C", "io.x.B"]);
  });

  it("orders by name backwards without comparing names", () => {
    expect(keysIn(list, viewOrder(list, { sort: "name", order: "desc", filter: "" }).places)).toEqual(["io.x.D", "io.x.C", "io.x.B", "io.x.A"]);
  });

  it("is made once per revision and made again when the revision moves", () => {
    const changing = listOf([entry("io.y.A", 1, 0), entry("io.y.B", 2, 0)]);
    const view = { sort: "providers", order: "desc", filter: "" } as const;
    const first = viewOrder(changing, view, 7);
    expect(viewOrder(changing, view, 7)).toBe(first);
    expect(keysIn(changing, first.places)).toEqual(["io.y.B", "io.y.A"]);
    // io.y.A gains providers in place (the list's own version does not move): only the revision tells.
    changing.upsert(entry("io.y.A", 5, 0));
    const second = viewOrder(changing, view, 8);
    expect(second).not.toBe(first);
    expect(keysIn(changing, second.places)).toEqual(["io.y.A", "io.y.B"]);
  });
});
