import { describe, expect, it } from "vitest";
import { javaUrlEncode, parseEncodedDubboUrl } from "@/lib/dubbo/url";
import type { Category } from "@/server/registry/categories";
import {
  CACHE_FORMAT,
  CACHE_FORMAT_VERSION,
  type CacheDecodeResult,
  decodeRegistryCache,
  decodeRegistryCacheSteps,
  encodeRegistryCache,
} from "@/server/registry/cache/cache-format";
import type { RegistryEntry, ViewSnapshot } from "@/server/registry/registry-view";

const REGISTRY = { servers: ["10.0.0.1:2181", "10.0.0.2:2181"], root: "/dubbo" };
const SAVED_AT = 1_790_000_000_123;

const url = (s: string) => javaUrlEncode(s);
const entry = (s: string): RegistryEntry => ({ node: url(s), url: parseEncodedDubboUrl(url(s)) });

function snapshotOf(services: Record<string, Partial<Record<Category, string[]>>>, invalid: ViewSnapshot["invalid"] = []): ViewSnapshot {
  const map = new Map<string, Map<Category, RegistryEntry[]>>();
  for (const [name, categories] of Object.entries(services)) {
    map.set(name, new Map(Object.entries(categories).map(([c, urls]) => [c as Category, urls.map(entry)])));
  }
  return { services: map, invalid };
}

const sample = () =>
  snapshotOf(
    {
      "a.B": {
        providers: ["dubbo://10.1.0.1:20880/a.B?interface=a.B&application=app&methods=x,y", "dubbo://10.1.0.2:20880/a.B?interface=a.B&application=app"],
        consumers: ["consumer://10.1.0.9/a.B?interface=a.B&application=caller&category=consumers"],
        routers: [],
        configurators: [],
      },
      // Only some categories read (a service node without routers/configurators children).
      "c.D": { providers: ["tri://10.1.0.3:50051/c.D?interface=c.D&group=g&version=1.0.0"] },
      // A service whose providers all left: present, empty.
      "e.F": { providers: [] },
    },
    [{ path: "/dubbo/a.B/providers/garbage", reason: 'invalid Dubbo URL (no encoded "://")' }],
  );

const encode = (s: ViewSnapshot, registry = REGISTRY, savedAt = SAVED_AT) => [...encodeRegistryCache(s, registry, savedAt)].join("");

/** The view as plain data: service → category → child names, in order. */
function plain(s: ViewSnapshot) {
  return Object.fromEntries([...s.services].map(([name, node]) => [name, Object.fromEntries([...node].map(([c, es]) => [c, es.map((e) => e.node)]))]));
}

function rejection(result: CacheDecodeResult): string {
  if (result.ok) throw new Error("expected the cache to be rejected");
  return result.reason;
}

describe("the registry cache format", () => {
  it("decodes what it encodes: every service, category, child name and parsed URL, the invalid nodes and the header", () => {
    const snapshot = sample();
    const result = decodeRegistryCache(encode(snapshot), REGISTRY);
    if (!result.ok) throw new Error(result.reason);
    expect(plain(result.snapshot)).toEqual(plain(snapshot));
    expect(result.snapshot.services.get("a.B")?.get("providers")?.[0]?.url).toEqual(snapshot.services.get("a.B")?.get("providers")?.[0]?.url);
    expect(result.snapshot.services.get("c.D")?.has("routers")).toBe(false);
    expect(result.snapshot.invalid).toEqual(snapshot.invalid);
    expect(result.header).toEqual({
      format: CACHE_FORMAT,
      version: CACHE_FORMAT_VERSION,
      registry: REGISTRY,
      savedAt: SAVED_AT,
      services: 3,
      urls: 4,
      invalid: 1,
    });
  });

  it("writes one header line, one line per service and one per invalid node, each ending in a newline", () => {
    const lines = [...encodeRegistryCache(sample(), REGISTRY, SAVED_AT)];
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(lines[1]!)).toEqual({ service: "a.B", providers: expect.any(Array), consumers: expect.any(Array), routers: [], configurators: [] });
  });

  it("round-trips an empty view", () => {
    const result = decodeRegistryCache(encode(snapshotOf({})), REGISTRY);
    expect(result.ok && result.snapshot.services.size).toBe(0);
  });

  it("accepts the registry's servers in another order", () => {
    const result = decodeRegistryCache(encode(sample()), { servers: [...REGISTRY.servers].reverse(), root: "/dubbo" });
    expect(result.ok).toBe(true);
  });

  it("lists a child name that no longer parses as an invalid node, as a live read would, and keeps the rest", () => {
    const text = encode(sample()).replace(url("dubbo://10.1.0.2:20880/a.B?interface=a.B&application=app"), "not-a-url");
    const result = decodeRegistryCache(text, REGISTRY);
    if (!result.ok) throw new Error(result.reason);
    expect(result.snapshot.services.get("a.B")?.get("providers")?.map((e) => e.url.host)).toEqual(["10.1.0.1"]);
    expect(result.snapshot.invalid).toContainEqual({ path: "/dubbo/a.B/providers/not-a-url", reason: expect.stringContaining('no encoded "://"') });
  });

  const good = encode(sample());
  const lines = good.slice(0, -1).split("\n");
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const withHeader = (h: Record<string, unknown>) => [JSON.stringify(h), ...lines.slice(1)].join("\n") + "\n";
  const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join("\n") + "\n";

  it.each<[string, string, string | RegExp]>([
    ["an empty file", "", "empty file"],
    ["a file cut inside a line", good.slice(0, good.length - 20), "line 5: cut short: the line has no end"],
    ["a file cut at a line boundary", lines.slice(0, 3).join("\n") + "\n", "cut short or altered: the header says 3 services, 4 URLs, 1 invalid nodes, the file holds 2 services, 4 URLs, 0 invalid nodes"],
    ["a file with a line too many", good + JSON.stringify({ service: "x.Y", providers: [] }) + "\n", /^cut short or altered: the header says 3 services.*the file holds 4 services/],
    ["a header that is not JSON", withLine(0, "{format"), /^line 1: not JSON \(/],
    ["a Dubbo properties file", "#Dubbo Registry Cache\na.B=dubbo\\://10.0.0.1\n", /^line 1: not JSON/],
    ["a JSON file of another kind", '{"name":"x"}\n', 'line 1: not a registry cache of the console (format missing)'],
    ["another format", withHeader({ ...header, format: "other" }), 'line 1: not a registry cache of the console (format "other")'],
    ["a newer version", withHeader({ ...header, version: 2 }), "line 1: format version 2; this console reads version 1"],
    ["no version", withHeader({ ...header, version: undefined }), "line 1: format version missing; this console reads version 1"],
    ["a savedAt that is not a number", withHeader({ ...header, savedAt: "yesterday" }), /^line 1: header savedAt: /],
    ["a negative count", withHeader({ ...header, urls: -1 }), /^line 1: header urls: /],
    ["a header field it does not know", withHeader({ ...header, extra: 1 }), /^line 1: header line: .*extra/],
    ["no servers", withHeader({ ...header, registry: { servers: [], root: "/dubbo" } }), /^line 1: header registry\.servers: /],
    ["another registry's servers", withHeader({ ...header, registry: { servers: ["10.9.9.9:2181"], root: "/dubbo" } }), "line 1: a cache of another registry (10.9.9.9:2181 /dubbo), not of 10.0.0.1:2181,10.0.0.2:2181 /dubbo"],
    ["another root", withHeader({ ...header, registry: { ...REGISTRY, root: "/prod" } }), /^line 1: a cache of another registry \(.* \/prod\)/],
    ["a service line that is not JSON", withLine(1, '{"service":"a.B","providers":["x'), /^line 2: not JSON/],
    ["a URL that is not a string", withLine(1, '{"service":"a.B","providers":[42]}'), /^line 2: providers\.0: /],
    ["a category it does not know", withLine(1, '{"service":"a.B","providers":[],"routes":[]}'), /^line 2: line: .*routes/],
    ["a service name with a slash", withLine(1, '{"service":"a/B","providers":[]}'), "line 2: service: is not a ZooKeeper child name"],
    ["a service listed twice", withLine(2, lines[1]!), "line 3: service a.B listed twice"],
    ["a blank line", withLine(2, ""), "line 3: empty line"],
    ["a line that is neither a service nor an invalid node", withLine(2, '{"x":1}'), "line 3: neither a service nor an invalid node"],
    ["an array where a line object belongs", withLine(2, "[1,2]"), "line 3: neither a service nor an invalid node"],
    ["an invalid node without a reason", withLine(4, '{"invalid":"/dubbo/a.B/providers/x"}'), /^line 5: reason: /],
  ])("rejects %s, saying why", (_what, text, reason) => {
    const why = rejection(decodeRegistryCache(text, REGISTRY));
    if (typeof reason === "string") expect(why).toBe(reason);
    else expect(why).toMatch(reason);
  });

  it("rejects the file cut at every offset, as text and as bytes", () => {
    const bytes = new TextEncoder().encode(good);
    for (let at = 0; at < good.length; at++) {
      expect(decodeRegistryCache(good.slice(0, at), REGISTRY).ok, `text cut at ${at}`).toBe(false);
    }
    for (let at = 0; at < bytes.length; at++) {
      expect(decodeRegistryCache(bytes.subarray(0, at), REGISTRY).ok, `bytes cut at ${at}`).toBe(false);
    }
  });

  it("decodes the UTF-8 bytes of a file as it decodes its text, names included", () => {
    const snapshot = snapshotOf({ "a.Ü": { providers: ["dubbo://10.1.0.1:20880/a.Ü?interface=a.Ü&application=アプリ"] } });
    const result = decodeRegistryCache(new TextEncoder().encode(encode(snapshot)), REGISTRY);
    if (!result.ok) throw new Error(result.reason);
    expect(plain(result.snapshot)).toEqual(plain(snapshot));
    expect(result.snapshot.services.get("a.Ü")?.get("providers")?.[0]?.url.parameters.application).toBe("アプリ");
  });

  it("rejects bytes that are not UTF-8, naming the line", () => {
    const bytes = new TextEncoder().encode(good);
    const at = good.indexOf("\n") + 5;
    bytes[at] = 0xff;
    expect(rejection(decodeRegistryCache(bytes, REGISTRY))).toBe("line 2: not UTF-8 text");
  });

  it("pauses about every 500 URLs while decoding a large view, and returns the same view as decoding at once", () => {
    const services: Record<string, { providers: string[] }> = {};
    for (let s = 0; s < 200; s++) services[`s.S${s}`] = { providers: Array.from({ length: 25 }, (_, i) => `dubbo://10.2.${s}.${i}:20880/s.S${s}?interface=s.S${s}`) };
    const text = encode(snapshotOf(services));
    const steps = decodeRegistryCacheSteps(text, REGISTRY);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(pauses).toBeGreaterThanOrEqual(9);
    expect(pauses).toBeLessThanOrEqual(11);
    expect(step.value.ok && step.value.snapshot.services.size).toBe(200);
  });
});
