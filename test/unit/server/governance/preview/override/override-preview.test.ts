import { describe, expect, it } from "vitest";
import { configPreviewBodySchema } from "@/lib/api/overrides/configs";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { NO_OVERRIDE_COPIES, type OverrideCopies } from "@/lib/override/override-copies";
import { previewOverrides } from "@/server/governance/preview/override/override-preview";
import { previewConsumer } from "@/server/governance/preview/override/override-reader";

const SVC = "io.x.Svc";
const NOW = 1_800_000_000_000;
const OLD = NOW - 3_600_000;
const provider = (host: string, release: string, extra = "") => parseDubboUrl(`dubbo://${host}:20880/${SVC}?application=orders&interface=${SVC}&release=${release}&side=provider&timestamp=${OLD}&timeout=3000${extra}`);
const consumer = (host: string, app: string, release: string) => {
  const text = `consumer://${host}/${SVC}?application=${app}&category=consumers&interface=${SVC}&release=${release}&side=consumer&timeout=1000`;
  return previewConsumer(text, parseDubboUrl(text), false);
};
const P1 = provider("10.0.0.1", "2.7.23");
const P2 = provider("10.0.0.2", "3.3.6");
const C27 = consumer("10.0.1.1", "storefront-27", "2.7.23");
const C33 = consumer("10.0.1.2", "storefront-33", "3.3.6");

function registry(...urls: string[]): OverrideCopies {
  return { registry: new Map([[SVC, urls.map((u) => parseDubboUrl(u))]]), center: new Map() };
}
function center(key: string, text: string): OverrideCopies {
  return { registry: new Map(), center: new Map([[key, text]]) };
}
const preview = (before: OverrideCopies, after: OverrideCopies, providers = [P1, P2], now = NOW) =>
  previewOverrides({ service: { interface: SVC, group: "", version: "" }, before, after, providers, consumers: [C27, C33], clock: { now: () => now } });

describe("previewOverrides", () => {
  it("shows a registry weight override splitting the calls 90/10 for both releases, decided by the override URL", () => {
    const url = `override://10.0.0.1:20880/${SVC}?category=configurators&dynamic=false&enabled=true&weight=900`;
    const answer = preview(NO_OVERRIDE_COPIES, registry(url));
    const [r27, r33] = answer.consumers;
    for (const r of [r27!, r33!]) {
      expect(r.changed).toBe(true);
      expect(r.providersChanged).toBe(1);
      const row = r.providers[0]!;
      expect(row.address).toBe("10.0.0.1:20880");
      expect(row.values.before.weight).toBeNull();
      expect(row.values.after.weight).toBe("900");
      expect(row.beforeBy.weight).toBeNull();
      expect(row.afterBy.weight).toEqual({ copy: "registry", source: url, index: 0 });
      expect(row.share).toEqual({ before: 0.5, after: 0.9 });
      expect(r.summary).toContain("weight split 50/50 → 90/10");
    }
    expect(r27!.summary).toBe("storefront-27: 10.0.0.1:20880: weight unset → 900; weight split 50/50 → 90/10");
    // The consumer's timeout wins in the merged URL (2.7) and through the address URL (3.x).
    expect(r27!.providers[0]!.values.after.timeout).toBe("1000");
    expect(r33!.providers[0]!.values.after.timeout).toBe("1000");
    expect(answer.stranded).toEqual([]);
  });

  it("gives a 2.7.23 consumer's providers alike one outcome of a rule reaching all, over each provider's own values", () => {
    const url = `override://0.0.0.0/${SVC}?category=configurators&dynamic=false&~weight=100&retries=7`;
    const providers = [provider("10.0.0.1", "2.7.23", "&weight=100"), provider("10.0.0.2", "2.7.23", "&weight=100&loadbalance=roundrobin"), provider("10.0.0.3", "2.7.23", "&weight=200")];
    const rows = preview(NO_OVERRIDE_COPIES, registry(url), providers).consumers[0]!.providers;
    const row = (address: string) => rows.find((r) => r.address === address)!;
    expect(row("10.0.0.1:20880").values.after).toMatchObject({ retries: "7", weight: "100", loadbalance: null });
    expect(row("10.0.0.2:20880").values.after).toMatchObject({ retries: "7", weight: "100", loadbalance: "roundrobin" });
    expect(row("10.0.0.1:20880").afterBy.retries).toMatchObject({ copy: "registry", index: 0 });
    expect(row("10.0.0.2:20880").afterBy.retries).toMatchObject({ copy: "registry", index: 0 });
    expect(row("10.0.0.2:20880").afterBy.loadbalance).toBeNull();
    // The third's weight fails the rule's condition: the rule leaves it as it was.
    expect(row("10.0.0.3:20880").values.after).toMatchObject({ retries: null, weight: "200" });
    expect(row("10.0.0.3:20880").afterBy.retries).toBeNull();
  });

  it("leaves a 3.3.6 consumer's split uniform when its first provider has no weight (needWeightLoadBalance)", () => {
    const answer = preview(NO_OVERRIDE_COPIES, registry(`override://10.0.0.2:20880/${SVC}?category=configurators&dynamic=false&weight=900`));
    expect(answer.consumers[0]!.providers.find((p) => p.address === "10.0.0.2:20880")!.share.after).toBeCloseTo(0.9);
    expect(answer.consumers[1]!.providers.find((p) => p.address === "10.0.0.2:20880")!.share.after).toBe(0.5);
  });

  it("takes a provider offline through a consumer-side config-center rule, and strands consumers when both go", () => {
    const one = `configVersion: v3.0\nscope: service\nkey: ${SVC}\nenabled: true\nconfigs:\n  - side: consumer\n    addresses: [0.0.0.0]\n    providerAddresses: ["10.0.0.2:20880"]\n    parameters:\n      disabled: true\n`;
    const answer = preview(NO_OVERRIDE_COPIES, center(`${SVC}::`, one));
    for (const r of answer.consumers) {
      const row = r.providers.find((p) => p.address === "10.0.0.2:20880")!;
      expect(row.usable).toEqual({ before: true, after: false });
      expect(row.afterBy.disabled).toEqual({ copy: "center", source: `${SVC}::.configurators`, index: 0 });
      expect(r.usable).toEqual({ before: 2, after: 1 });
      expect(r.summary).toContain("10.0.0.2:20880 leaves its providers");
      expect(r.summary).toContain("weight split 50/50 → 100/0");
    }
    const both = one.replace('["10.0.0.2:20880"]', '["10.0.0.1:20880", "10.0.0.2:20880"]');
    const stranded = preview(NO_OVERRIDE_COPIES, center(`${SVC}::`, both));
    expect(stranded.stranded).toEqual([C27.text, C33.text]);
    expect(stranded.consumers[0]!.summary).toContain("no provider is left");
  });

  it("ignores a provider-side rule on the consumers and applies it to the provider's own URL", () => {
    const rule = `configVersion: v3.0\nscope: service\nkey: ${SVC}\nconfigs:\n  - side: provider\n    addresses: ["10.0.0.1:20880"]\n    parameters:\n      timeout: 5000\n`;
    const answer = preview(NO_OVERRIDE_COPIES, center(`${SVC}::`, rule));
    expect(answer.consumers.every((r) => !r.changed)).toBe(true);
    expect(answer.providerSideChanged).toBe(1);
    const side = answer.providerSide[0]!;
    expect(side.address).toBe("10.0.0.1:20880");
    expect(side.values.before.timeout).toBe("3000");
    expect(side.values.after.timeout).toBe("5000");
    expect(side.afterBy.timeout).toEqual({ copy: "center", source: `${SVC}::.configurators`, index: 0 });
  });

  it("keeps what a consumer held when its release refuses the draft's rule", () => {
    const good = `configVersion: v3.0\nscope: service\nkey: ${SVC}\nconfigs:\n  - side: consumer\n    parameters:\n      timeout: 5000\n`;
    const bad = `configVersion: v3.0\nscope: service\nkey: ${SVC}\nconfigs:\n  - side: consumer\n    parameters: {}\n`;
    const before = center(`${SVC}::`, good);
    const answer = preview(before, center(`${SVC}::`, bad));
    for (const r of answer.consumers) {
      expect(r.changed).toBe(false);
      expect(r.providers[0]!.values.after.timeout).toBe("5000");
    }
    expect(answer.notes.some((n) => n.includes("refuses the draft's"))).toBe(true);
  });

  it("weighs a 2.7.23 provider that is warming up quadratically (AbstractLoadBalance.getWeight)", () => {
    const young = provider("10.0.0.3", "2.7.23").parameters;
    const warming = { ...P1, host: "10.0.0.3", parameters: { ...young, timestamp: String(NOW - 300_000) } };
    const url = `override://10.0.0.1:20880/${SVC}?category=configurators&weight=200`;
    const answer = preview(NO_OVERRIDE_COPIES, registry(url), [P1, warming]);
    // 5 of 10 minutes up: round(0.25 * 100) = 25 against 100 before, 200 after.
    const r27 = answer.consumers[0]!;
    expect(r27.summary).toContain("weight split 80/20 → 89/11");
    // 3.3.6 strips the timestamp: no warm-up, 100 against 200.
    expect(answer.consumers[1]!.providers[0]!.share).toEqual({ before: 0.5, after: 200 / 300 });
  });

  it("judges a consumer described by hand and says when a release is unknown", () => {
    const text = `consumer://10.0.9.9/${SVC}?application=by-hand&interface=${SVC}&side=consumer`;
    const answer = previewOverrides({ service: { interface: SVC, group: "", version: "" }, before: NO_OVERRIDE_COPIES, after: registry(`override://0.0.0.0/${SVC}?category=configurators&timeout=7000`), providers: [P1, P2], consumers: [], byHand: previewConsumer(text, parseDubboUrl(text), true), clock: { now: () => NOW } });
    const row = answer.consumers[0]!;
    expect(row.byHand).toBe(true);
    expect(row.semantics).toBe("3.x");
    expect(row.providers.map((p) => p.values.after.timeout)).toEqual(["7000", "7000"]);
    expect(answer.notes.some((n) => n.includes("states no Dubbo release"))).toBe(true);
  });

  it("answers alike for a provider list it has seen (what it keeps of the list) and a fresh one, over drafts and a warm-up in progress", () => {
    const warming = parseDubboUrl(`dubbo://10.0.0.3:20880/${SVC}?application=orders&interface=${SVC}&release=2.7.23&side=provider&timestamp=${NOW - 60_000}&weight=100`);
    const kept = [P1, P2, warming];
    const item = (extra: string) => `  - side: consumer\n    ${extra}\n`;
    const rule = (...items: string[]) => center(`${SVC}::`, `configVersion: v3.0\nscope: service\nkey: ${SVC}\nenabled: true\nconfigs:\n${items.join("")}`);
    const timeout = item("applications: [storefront-27]\n    parameters:\n      timeout: 5000");
    const offline = item('addresses: [0.0.0.0]\n    providerAddresses: ["10.0.0.1:20880"]\n    parameters:\n      disabled: true');
    const heavier = item('addresses: [0.0.0.0]\n    providerAddresses: ["10.0.0.3:20880"]\n    parameters:\n      weight: 400');
    const drafts: [OverrideCopies, OverrideCopies, number][] = [
      [rule(timeout), rule(timeout, offline), NOW],
      [rule(timeout), rule(timeout, heavier), NOW + 1_000],
      [rule(timeout, offline), rule(heavier), NOW + 120_000],
      [NO_OVERRIDE_COPIES, rule(timeout, offline, heavier), NOW + 900_000],
    ];
    for (const [before, after, now] of drafts) {
      const again = preview(before, after, kept, now);
      const fresh = preview(before, after, [...kept], now);
      expect(again).toEqual(fresh);
      expect(again.consumers.some((r) => r.changed)).toBe(true);
    }
  });

  it("names an address once in a summary when the registry holds two URLs of it", () => {
    const again = parseDubboUrl(`dubbo://10.0.0.1:20880/${SVC}?application=orders&interface=${SVC}&release=2.7.23&side=provider&timestamp=${OLD + 5}&timeout=3000`);
    const url = `override://10.0.0.1:20880/${SVC}?category=configurators&dynamic=false&enabled=true&disabled=true`;
    const row = preview(NO_OVERRIDE_COPIES, registry(url), [P1, again, P2]).consumers[0]!;
    expect(row.providersChanged).toBe(2);
    expect(row.summary).toBe("storefront-27: 10.0.0.1:20880 leaves its providers; weight split 33/33/33 → 0/0/100");
    const more = [P1, again, P2, provider("10.0.0.4", "2.7.23"), provider("10.0.0.5", "2.7.23")];
    expect(preview(NO_OVERRIDE_COPIES, registry(url), more).consumers[0]!.summary).toBe("storefront-27: 10.0.0.1:20880 leaves its providers; 10.0.0.1:20880 share 20.0% → none");
  });

  it("lists at most listMax provider rows, and its shares' others take every provider not listed", () => {
    const many = Array.from({ length: 8 }, (_, i) => provider(`10.0.0.${i + 1}`, "2.7.23"));
    const run = (url: string) => previewOverrides({ service: { interface: SVC, group: "", version: "" }, before: NO_OVERRIDE_COPIES, after: registry(url), providers: many, consumers: [C27], clock: { now: () => NOW }, listMax: 3 });
    // A timeout for all: every consumer row and the providers' own URLs change; three of each listed.
    const wide = run(`override://0.0.0.0/${SVC}?category=configurators&dynamic=false&enabled=true&timeout=9000`);
    const row = wide.consumers[0]!;
    expect(row.providersChanged).toBe(8);
    expect(row.providers.map((p) => [p.address, p.changed, p.values.after.timeout])).toEqual([
      ["10.0.0.1:20880", true, "9000"],
      ["10.0.0.2:20880", true, "9000"],
      ["10.0.0.3:20880", true, "9000"],
    ]);
    expect(wide.providerSide.map((p) => p.address)).toEqual(["10.0.0.1:20880", "10.0.0.2:20880", "10.0.0.3:20880"]);
    expect(wide.providerSideChanged).toBe(8);
    // Five providers to weight 300: three listed with their shares, the other five together (two of them changed).
    const five = many.slice(0, 5).map((p) => `${p.host}:${p.port}`).join(",");
    const heavier = run(`override://0.0.0.0/${SVC}?category=configurators&dynamic=false&enabled=true&providerAddresses=${five}&weight=300`).consumers[0]!;
    expect(heavier.providersChanged).toBe(5);
    expect(heavier.shares.rows.map((r) => [r.address, r.before, r.after])).toEqual([
      ["10.0.0.1:20880", 1 / 8, 300 / 1800],
      ["10.0.0.2:20880", 1 / 8, 300 / 1800],
      ["10.0.0.3:20880", 1 / 8, 300 / 1800],
    ]);
    expect(heavier.shares.othersCount).toBe(5);
    expect(heavier.shares.others.before).toBeCloseTo(5 / 8, 12);
    expect(heavier.shares.others.after).toBeCloseTo(1 - 900 / 1800, 12);
  });

  it("takes listMax in the preview body: 1 to 100, 100 when left out, and says what was wrong otherwise", () => {
    const body = { config: { scope: "service", service: SVC, side: "consumer", parameters: { timeout: "9000" } } };
    expect(configPreviewBodySchema.parse(body).listMax).toBe(100);
    expect(configPreviewBodySchema.parse({ ...body, listMax: 7 }).listMax).toBe(7);
    for (const [listMax, says] of [[0, "listMax must be at least 1"], [101, "listMax must be at most 100"], [2.5, "listMax must be a whole number"], ["9", "listMax must be a whole number from 1 to 100"]] as const) {
      const result = configPreviewBodySchema.safeParse({ ...body, listMax });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(says);
    }
  });

  it("changes the own URL of the one provider a registry override's providerAddresses names, not of those alike", () => {
    for (const release of ["2.7.23", "3.3.6"]) {
      const alike = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((h) => provider(h, release));
      const url = `override://0.0.0.0/${SVC}?category=configurators&dynamic=false&enabled=true&providerAddresses=10.0.0.2:20880&timeout=7000`;
      const answer = preview(NO_OVERRIDE_COPIES, registry(url), alike);
      expect(answer.providerSideChanged, release).toBe(1);
      expect(answer.providerSide.map((r) => [r.address, r.values.before.timeout, r.values.after.timeout]), release).toEqual([["10.0.0.2:20880", "3000", "7000"]]);
    }
  });
});
