import { describe, expect, it } from "vitest";
import { IMPACT_NAMES_MAX, PREVIEW_PAGE_MAX, type RoutePreviewRequest, routePreviewBodySchema, routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import { NotFoundError } from "@/server/errors/request-errors";
import { routeCondition } from "@/lib/routing/evaluate/condition-route";
import { type PreviewSources, previewRoute } from "@/server/governance/preview/route-preview";

const SERVICE = "com.foo.BarService";
const CONSUMER = `consumer://1.1.1.1/${SERVICE}?application=x&interface=${SERVICE}&side=consumer`;
const provider = (i: number, extra = "") => `dubbo://10.0.${i >> 8}.${i & 255}:20880/${SERVICE}?application=bar&interface=${SERVICE}${extra}`;
/** 250 providers: every fifth in zone west. */
const MANY = Array.from({ length: 250 }, (_, i) => provider(i, i % 5 === 0 ? "&zone=west" : "&zone=east"));

const from = (providers: readonly string[]): PreviewSources => ({
  catalog: {
    routing: (key) => {
      if (key !== SERVICE) throw new NotFoundError(`no service ${key}`);
      return { providers, consumers: [] };
    },
  },
  routes: { list: () => ({ routes: [] }) },
});

const preview = (request: Omit<RoutePreviewRequest, "service" | "consumer">, providers: readonly string[] = MANY) =>
  routePreviewResponseSchema.parse(JSON.parse(JSON.stringify(previewRoute(routePreviewBodySchema.parse({ service: SERVICE, consumer: CONSUMER, ...request }), from(providers)))));

describe("the preview answers a summary and one page of providers (issue 15 item 20)", () => {
  it("holds the first 100 providers and counts them all", () => {
    const answer = preview({ rule: "=> zone = west" });
    expect([answer.providers.length, answer.providerCount, answer.providerOffset]).toEqual([100, 250, 0]);
    expect(answer.providers.map((p) => p.url)).toEqual(MANY.slice(0, 100));
  });

  it("gives, page by page, exactly the providers and reasons of the whole route", () => {
    const whole = routeCondition({ rule: "=> zone = west", semantics: "2.7", consumer: CONSUMER, providers: MANY });
    const pages = [0, 1, 2].flatMap((p) => preview({ rule: "=> zone = west", providerPage: { offset: p * 100, limit: 100 }, include: [] }).providers);
    expect(pages).toEqual(JSON.parse(JSON.stringify(whole.providers)));
    const last = preview({ rule: "=> zone = west", providerPage: { offset: 240, limit: 100 } });
    expect([last.providers.length, last.providerOffset, last.providers[0]!.url]).toEqual([10, 240, MANY[240]]);
  });

  it("names the first 100 providers of the result and counts it all, here and in the other semantics' result", () => {
    const answer = preview({ rule: "=> zone = east" });
    const east = MANY.filter((u) => u.endsWith("zone=east"));
    expect([answer.result, answer.resultCount]).toEqual([east.slice(0, 100), 200]);
    expect([answer.otherSemantics!.result.length, answer.otherSemantics!.resultCount, answer.chain!.result.length, answer.chain!.resultCount]).toEqual([100, 200, 100, 200]);
  });

  it("counts the providers by reason, without their own values, largest group first", () => {
    const answer = preview({ rule: "=> zone = east & host != 10.0.0.7" });
    expect(answer.reasons).toEqual([
      { kept: true, reason: "kept: zone matches east; host is none of != 10.0.0.7", count: 199, first: 1 },
      { kept: false, reason: "dropped: zone matches none of east", count: 50, first: 0 },
      { kept: false, reason: "dropped: host is excluded by != 10.0.0.7", count: 1, first: 7 },
    ]);
    expect(answer.reasonCount).toBe(3);
  });

  it("counts every provider under one reason when the route does not apply to the consumer", () => {
    const answer = preview({ rule: "application = other => zone = east" });
    expect(answer.reasons).toEqual([{ kept: true, reason: "kept: the route does not apply to this consumer (application x is not in other)", count: 250, first: 0 }]);
  });

  it("refuses a page it cannot give with a message naming the field", () => {
    for (const providerPage of [{ offset: -1 }, { limit: 0 }, { limit: PREVIEW_PAGE_MAX + 1 }, { offset: 1.5 }, { size: 3 }]) {
      const parsed = routePreviewBodySchema.safeParse({ service: SERVICE, consumer: CONSUMER, rule: "=> zone = east", providerPage });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toMatch(/^providerPage/);
    }
  });
});

describe("listMax", () => {
  it("cuts every list of provider URLs to listMax and keeps every count whole", () => {
    const consumers = Array.from({ length: 3 }, (_, i) => ({
      url: `consumer://1.1.1.${i}/${SERVICE}?application=x${i}&interface=${SERVICE}&release=2.7.23&side=consumer`,
      address: `1.1.1.${i}`,
      host: `1.1.1.${i}`,
      application: `x${i}`,
      release: "2.7.23",
      registry: "zk",
      parameters: { application: `x${i}`, interface: SERVICE, release: "2.7.23", side: "consumer" },
    }));
    const sources: PreviewSources = { catalog: { routing: () => ({ providers: MANY, consumers }) }, routes: { list: () => ({ routes: [] }) } };
    const ask = (listMax?: number) =>
      routePreviewResponseSchema.parse(JSON.parse(JSON.stringify(previewRoute(routePreviewBodySchema.parse({ service: SERVICE, consumer: CONSUMER, rule: "=> zone = west", ...(listMax ? { listMax } : {}) }), sources))));
    const full = ask();
    const cut = ask(10);
    const lists = (a: typeof full) => [a.result.length, a.otherSemantics!.result.length, a.chain!.result.length, a.chain!.steps[0]!.dropped.length, ...a.impact!.consumers.map((c) => c.lost!.length)];
    const counts = (a: typeof full) => [a.resultCount, a.otherSemantics!.resultCount, a.chain!.resultCount, a.chain!.steps[0]!.input - a.chain!.steps[0]!.output, ...a.impact!.consumers.map((c) => c.lostCount)];
    expect(lists(full)).toEqual([50, 50, 50, 100, 100, 100, 100]);
    expect(lists(cut)).toEqual([10, 10, 10, 10, 10, 10, 10]);
    expect(counts(cut)).toEqual(counts(full));
    expect(counts(full)).toEqual([50, 50, 50, 200, 200, 200, 200]);
    expect(cut.impact!.consumers[0]!.lost).toEqual(full.impact!.consumers[0]!.lost!.slice(0, 10));
    expect(routePreviewBodySchema.safeParse({ service: SERVICE, consumer: CONSUMER, rule: "=> a = b", listMax: 101 }).error?.issues[0]?.message).toBe("listMax must be at most 100");
  });
});

describe("impactUrls: the impact rows' URL lists on request (issue 15 item 20)", () => {
  const consumers = Array.from({ length: 40 }, (_, i) => ({
    url: `consumer://1.1.${i >> 8}.${i & 255}/${SERVICE}?application=x${i}&interface=${SERVICE}&release=2.7.23&side=consumer`,
    address: `1.1.${i >> 8}.${i & 255}`,
    host: `1.1.${i >> 8}.${i & 255}`,
    application: `x${i}`,
    release: "2.7.23",
    registry: "zk",
    parameters: { application: `x${i}`, interface: SERVICE, release: "2.7.23", side: "consumer" },
  }));
  const sources: PreviewSources = { catalog: { routing: () => ({ providers: MANY, consumers }) }, routes: { list: () => ({ routes: [] }) } };
  const ask = (extra: Partial<RoutePreviewRequest>) => {
    const text = JSON.stringify(previewRoute(routePreviewBodySchema.parse({ service: SERVICE, consumer: CONSUMER, rule: "=> zone = west", ...extra }), sources));
    return { answer: routePreviewResponseSchema.parse(JSON.parse(text)), bytes: text.length };
  };
  const east = MANY.filter((u) => u.endsWith("zone=east"));

  it("names each row's first lost providers by address and lists no URL with none", () => {
    const { answer, bytes } = ask({ impactUrls: "none" });
    const rows = answer.impact!.consumers;
    expect(rows).toHaveLength(40);
    for (const c of rows) {
      expect([c.gained, c.lost, c.gainedNames, c.lostNames, c.gainedCount, c.lostCount]).toEqual([null, null, [], ["10.0.0.1:20880", "10.0.0.2:20880", "10.0.0.3:20880"], 0, 200]);
    }
    expect(rows[0]!.lostNames.length).toBe(IMPACT_NAMES_MAX);
    // Bounded: 40 rows of 200 lost providers each cost less than the full lists of one row.
    const all = ask({ impactUrls: "all" });
    expect(all.answer.impact!.consumers[0]!.lost).toEqual(east.slice(0, 100));
    expect(all.bytes - bytes).toBeGreaterThan(40 * 100 * east[0]!.length);
  });

  it("lists the URLs of the one consumer named, and of no other", () => {
    const { answer } = ask({ impactUrls: consumers[7]!.url, listMax: 100 });
    const rows = answer.impact!.consumers;
    expect(rows.filter((c) => c.lost !== null).map((c) => [c.url, c.lost, c.lostCount])).toEqual([[consumers[7]!.url, east.slice(0, 100), 200]]);
    expect([answer.impact!.total, answer.impact!.changed]).toEqual([40, 40]);
  });

  it("refuses an empty impactUrls, naming the field", () => {
    const parsed = routePreviewBodySchema.safeParse({ service: SERVICE, consumer: CONSUMER, rule: "=> zone = west", impactUrls: "" });
    expect(parsed.error?.issues[0]?.message).toBe('impactUrls must be "all", "none" or the URL of a registered consumer, got ""');
  });
});
