import { describe, expect, it } from "vitest";
import type { Consumer } from "@/lib/api/catalog-entities";
import { tagPreviewBodySchema, tagPreviewResponseSchema } from "@/lib/api/tag-route-preview";
import { previewTagRoute, type TagPreviewSources } from "@/server/governance/preview/tag/tag-preview";

const SERVICE = "org.demo.Greeting";
const provider = (host: string, extra = "") => `dubbo://${host}:20880/${SERVICE}?application=greeting-app&interface=${SERVICE}&side=provider${extra}`;
const PROVIDERS = [provider("10.0.0.1", "&env=prod"), provider("10.0.0.2", "&dubbo.tag=gray"), provider("10.0.0.3", "&env=gray"), provider("10.0.0.4")];
const consumer = (host: string, release: string, extra: Record<string, string> = {}): Consumer => ({
  url: `consumer://${host}/${SERVICE}?application=shop&interface=${SERVICE}&release=${release}`,
  address: host,
  host,
  application: "shop",
  release,
  registry: "zookeeper://127.0.0.1:2181",
  parameters: { application: "shop", interface: SERVICE, release, ...extra },
});
const CONSUMERS = [consumer("10.1.0.1", "2.7.23"), consumer("10.1.0.2", "2.7.23"), consumer("10.1.0.3", "3.3.6"), consumer("10.1.0.4", "2.6.12"), consumer("10.1.0.5", "3.3.6", { "dubbo.tag": "gray" })];

function sources(current: string | null): TagPreviewSources {
  return {
    services: (app) => (app === "greeting-app" ? [{ key: SERVICE, providers: PROVIDERS, providerApplications: ["greeting-app"], consumers: CONSUMERS }] : []),
    currentRule: () => current,
  };
}
const body = (yaml: string | null) => tagPreviewBodySchema.parse({ application: "greeting-app", yaml });
const GRAY = "configVersion: v3.0\nforce: false\ntags:\n  - name: gray\n    addresses: [\"10.0.0.3/32\"]\n";

describe("previewTagRoute", () => {
  it("judges every consumer by its release, for no tag and each tag named, consumers alike sharing a row", () => {
    const answer = tagPreviewResponseSchema.parse(previewTagRoute(body(GRAY), sources(null)));
    const rows = answer.services[0]!.consumers;
    expect(rows.map((r) => [r.address, r.semantics, r.obeys, r.alike])).toEqual([
      ["10.1.0.1", "2.7", true, ["10.1.0.2"]],
      ["10.1.0.3", "3.x", true, []],
      ["10.1.0.4", "2.7", false, []],
      ["10.1.0.5", "3.x", true, []],
    ]);
    const gray27 = rows[0]!.requests.find((r) => r.tag === "gray")!;
    expect(gray27.before).toMatchObject({ path: "static", providers: { total: 1, addresses: ["10.0.0.2:20880"] } });
    expect(gray27.after).toMatchObject({ path: "dynamic", providers: { total: 1, addresses: ["10.0.0.3:20880"] }, ruleTag: "gray" });
    expect(gray27.changed).toBe(true);
    const none27 = rows[0]!.requests.find((r) => r.tag === null)!;
    expect(none27.after.providers.addresses).toEqual(["10.0.0.1:20880", "10.0.0.4:20880"]);
    // 2.6 reads no rule: static tags only, before and after.
    expect(rows[2]!.requests.every((r) => !r.changed)).toBe(true);
    // The consumer's own dubbo.tag=gray routes its untagged calls to the gray tag.
    expect(rows[3]!.requests.find((r) => r.tag === null)).toMatchObject({ routedTag: "gray", after: { path: "dynamic", providers: { total: 1 } } });
    expect(answer.impact).toMatchObject({ consumers: 5, changed: 4, stranded: [] });
    expect(answer.tags).toEqual([{ name: "gray", releases: [{ release: "2.7", source: "addresses", providers: { total: 1, addresses: ["10.0.0.3:20880"] } }, { release: "3.x", source: "addresses", providers: { total: 1, addresses: ["10.0.0.3:20880"] } }] }]);
  });

  it("says which providers each tag selects with no consumer at all, each address once across the application's services", () => {
    const OTHER = "org.demo.Other";
    const lonely: TagPreviewSources = {
      services: () => [
        { key: SERVICE, providers: PROVIDERS, providerApplications: ["greeting-app"], consumers: [] },
        { key: OTHER, providers: [`dubbo://10.0.0.3:20880/${OTHER}?application=greeting-app&interface=${OTHER}&side=provider`], providerApplications: ["greeting-app"], consumers: [] },
      ],
      currentRule: () => null,
    };
    const answer = previewTagRoute(body(GRAY), lonely);
    expect(answer.impact.consumers).toBe(0);
    expect(answer.tags).toEqual([{ name: "gray", releases: [{ release: "2.7", source: "addresses", providers: { total: 1, addresses: ["10.0.0.3:20880"] } }, { release: "3.x", source: "addresses", providers: { total: 1, addresses: ["10.0.0.3:20880"] } }] }]);
  });

  it("a draft a release refuses leaves its consumers on the rule they hold, and says why", () => {
    const refusedBy27 = GRAY.replace("force: false", 'force: "true"');
    const answer = previewTagRoute(body(refusedBy27), sources(GRAY));
    expect(answer.readings.after.map((r) => r.status)).toEqual(["refused", "active"]);
    const row27 = answer.services[0]!.consumers[0]!;
    expect(row27.requests.every((r) => !r.changed)).toBe(true);
    expect(answer.tags[0]!.releases.map((r) => r.release)).toEqual(["3.x"]);
  });

  it("deleting the rule returns every consumer to static tags, and a consumer left with nothing is stranded", () => {
    const everyone = "tags:\n  - name: gray\n    addresses: [\"*\"]\n";
    const gone = previewTagRoute(body(null), sources(GRAY));
    expect(gone.services[0]!.consumers[0]!.requests.find((r) => r.tag === "gray")!.after.path).toBe("static");
    const all = previewTagRoute(body(everyone), sources(null));
    expect(all.impact.stranded.map((s) => [s.address, s.tag])).toEqual([["10.1.0.1", null], ["10.1.0.3", null]]);
    expect(all.services[0]!.consumers[0]!.requests[0]!.after.reason).toMatch(/no request tag.*there are none/);
  });

  it("match selects by parameter for 3.3 alone", () => {
    const match = "configVersion: v3.0\ntags:\n  - name: gray\n    match:\n      - key: env\n        value: {exact: gray}\n";
    const answer = previewTagRoute(body(match), sources(null));
    expect(answer.tags[0]!.releases).toEqual([{ release: "2.7", source: "none", providers: { total: 0, addresses: [] } }, { release: "3.x", source: "match", providers: { total: 1, addresses: ["10.0.0.3:20880"] } }]);
  });
});
