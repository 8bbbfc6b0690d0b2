import { describe, expect, it } from "vitest";
import { decodeServicesCursor, type SearchMode, type ServicesCursor } from "@/lib/api/services-cursor";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { EntityIndex } from "@/server/governance/catalog/entity-index";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";
import { searchServices, textMatcher } from "@/server/governance/catalog/search/service-search";
import { SortedServices } from "@/server/governance/catalog/sorted-services";
import { JoinedText } from "@/server/governance/catalog/search/search-text";

/** A service with one provider and one consumer, its names drawn from small alphabets so that searches find several. */
function entry(s: number): ServiceEntry {
  const iface = `io.d${s % 7}.Svc${s}`;
  const gv = s % 5 === 0 ? `&group=g${s % 3}&version=1.${s % 2}` : "";
  const url = `dubbo://10.${s % 9}.0.${s % 13}:${20880 + (s % 3)}/${iface}?interface=${iface}&application=app-${s % 17}${gv}`;
  const parsed = parseDubboUrl(url);
  const consumer = parseDubboUrl(`consumer://10.99.0.${s % 11}/${iface}?interface=${iface}&application=web-${s % 5}${gv}`);
  const id = serviceIdOf(parsed);
  return deriveServiceEntry(id, serviceKey(id), [{ registry: "r", providers: [{ node: javaUrlEncode(url), url: parsed }], consumers: [{ node: "c", url: consumer }], routes: [], instanceProviders: [] }])!;
}

/** The search as it was before places: every entry tested, in list order (the reference the answers must equal). */
function scanned(sorted: SortedServices, index: EntityIndex, q: string, by: SearchMode | undefined): string[] {
  const matches = textMatcher(q);
  const hostOf = (a: string) => (a.lastIndexOf(":") < 0 ? a : a.slice(0, a.lastIndexOf(":")));
  const keys = new Set<string>();
  if (by === "address") {
    for (const b of index.addresses.values()) if (q.includes("*") ? matches(b.lower) || matches(hostOf(b.lower)) : matches(b.lower)) for (const t of b.instances) for (const k of t.services.keys()) keys.add(k);
  } else if (by !== "service") {
    for (const b of index.applications.values()) if (matches(b.lower)) for (const k of [...b.provides.keys(), ...b.consumes.keys()]) keys.add(k);
  }
  return sorted.all.filter((e) => (by === "service" ? matches(e.haystack) : by ? keys.has(e.key) : keys.has(e.key) || matches(e.haystack))).map((e) => e.key);
}

const QUERIES = ["svc1", "SVC2", "io.d3", "d3.svc3", "app-1", "app-16", "web-4", "10.3", "10.99.0.1", ":20881", "g1/", ":1.0", "*svc1*", "io.d*.svc2*", "10.*.0.3*", "app-*", "*", "nothing", "\n", "io.d1\ng", "svc1\ng1", ".", "(x*", "[a"];
const MODES: (SearchMode | undefined)[] = ["service", "application", "address", undefined];

describe("searching by place (issue 15 item 22)", () => {
  const entries = Array.from({ length: 600 }, (_, s) => entry(s));
  const sorted = new SortedServices();
  sorted.reset(entries);
  const index = new EntityIndex();
  for (const e of entries) index.add(e);

  it.each(MODES.map((by) => [by ?? "any"]))("finds exactly what a scan of every entry finds, by %s", (mode) => {
    const by = mode === "any" ? undefined : (mode as SearchMode);
    for (const q of QUERIES) {
      const reference = scanned(sorted, index, q, by);
      const page = searchServices(sorted, index, { q, by, limit: 10_000 });
      expect([q, page.entries.map((e) => e.key), page.total]).toEqual([q, reference, reference.length]);
    }
  });

  it("pages through the matches with the cursor exactly as the scan orders them", () => {
    const reference = scanned(sorted, index, "app-1", "application");
    expect(reference.length).toBeGreaterThan(50);
    const seen: string[] = [];
    let cursor: ServicesCursor | undefined;
    for (;;) {
      const page = searchServices(sorted, index, { q: "app-1", by: "application", limit: 7, cursor });
      seen.push(...page.entries.map((e) => e.key));
      expect(page.total).toBe(reference.length);
      if (page.nextCursor === null) break;
      cursor = decodeServicesCursor(page.nextCursor) ?? undefined;
    }
    expect(seen).toEqual(reference);
  });

  it("sees services come and go, and an address leave", () => {
    const list = new SortedServices();
    const idx = new EntityIndex();
    const some = entries.slice(0, 100);
    list.reset(some);
    for (const e of some) idx.add(e);
    expect(searchServices(list, idx, { q: "svc7", by: "service", limit: 100 }).total).toBe(11);
    const added = entry(7007);
    list.upsert(added);
    idx.add(added);
    const after = searchServices(list, idx, { q: "svc7", by: "service", limit: 100 }).entries.map((e) => e.key);
    expect([after.length, after]).toEqual([12, scanned(list, idx, "svc7", "service")]);
    list.remove(added.id);
    idx.remove(added);
    expect(searchServices(list, idx, { q: "svc7007", limit: 100 }).total).toBe(0);
    expect(searchServices(list, idx, { q: "10.4.0.", by: "address", limit: 100 }).entries.map((e) => e.key)).toEqual(scanned(list, idx, "10.4.0.", "address"));
  });
});

describe("JoinedText", () => {
  it("finds each item holding a substring or a line matching a pattern once, in order", () => {
    const text = new JoinedText(["ab\nabc", "x", "cab", "", "ab"]);
    expect(text.find("ab")).toEqual([0, 2, 4]);
    expect(text.find("b\na")).toEqual([0]);
    expect(text.find(/^ab$/gm)).toEqual([0, 4]);
    expect(text.find(/^[^\n]*$/gm)).toEqual([0, 1, 2, 3, 4]);
    expect(new JoinedText([]).find("a")).toEqual([]);
  });
});
