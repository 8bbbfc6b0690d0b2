import { describe, expect, it } from "vitest";
import type { Consumer } from "@/lib/api/catalog-entities";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { type OverrideDraft, renderOverrideRule } from "@/lib/override/override-draft";
import { overrideNodeNames } from "@/lib/override/override-url";
import { centerConfigId, parseConfigId, urlConfigId } from "@/server/governance/rules/override/config-id";
import { listConfigs } from "@/server/governance/rules/override/config-list";
import { planConfig } from "@/server/governance/rules/override/config-plan";
import { strandedByConfigs } from "@/server/governance/rules/override/config-stranding";

const IFACE = "com.example.DemoService";
const DIR = javaUrlEncode(IFACE);
const KEY = `${IFACE}::`;
const offline = (address: string): OverrideDraft => ({ scope: "service", service: IFACE, group: "", version: "", side: "consumer", providerAddresses: [address], parameters: { disabled: "true" }, enabled: true });
const timeout: OverrideDraft = { scope: "service", service: IFACE, group: "", version: "", side: "consumer", parameters: { timeout: "3000" }, enabled: true };

describe("config ids", () => {
  it("round-trips both kinds and refuses others", () => {
    expect(parseConfigId(centerConfigId(1, "service", KEY, 2))).toEqual({ kind: "center", registry: 1, scope: "service", key: KEY, index: 2 });
    const u = parseConfigId(urlConfigId(0, DIR, "node"));
    expect(u).toMatchObject({ kind: "url", registry: 0, dir: DIR });
    expect(() => parseConfigId("0.x.y")).toThrow(/not a config id/);
  });
});

describe("planConfig", () => {
  it("adds an item and its registry copy, then lists them as one config with both targets", () => {
    const at = { dir: DIR, children: [], key: KEY, center: null };
    const planned = planConfig(at, { removeNodes: [], draft: offline("10.0.0.1:20880"), targets: ["registry", "center"] });
    expect(planned.index).toBe(0);
    expect(planned.added).toEqual(overrideNodeNames(offline("10.0.0.1:20880")));
    const listing = listConfigs({ index: 0, source: "zk", registry: new Map([[DIR, planned.children]]), center: new Map([[KEY, planned.center!]]) });
    expect(listing.configs).toHaveLength(1);
    expect(listing.configs[0]!.config).toMatchObject({ id: centerConfigId(0, "service", KEY, 0), targets: ["registry", "center"], origin: "console", providerAddresses: ["10.0.0.1:20880"], parameters: { disabled: "true" } });
  });

  it("replaces one item keeping the others, and removes the rule with its last item", () => {
    const center = renderOverrideRule([timeout, offline("10.0.0.1:20880")]);
    const nodes = overrideNodeNames(offline("10.0.0.1:20880"));
    const at = { dir: DIR, children: [...nodes, "other"], key: KEY, center };
    const edited = planConfig(at, { index: 1, removeNodes: nodes, draft: { ...offline("10.0.0.1:20880"), enabled: false }, targets: ["registry", "center"] });
    expect(edited.removed).toEqual(nodes);
    expect(edited.added).toHaveLength(1);
    expect(edited.children).toContain("other");
    const listed = listConfigs({ index: 0, source: "zk", registry: new Map([[DIR, edited.children]]), center: new Map([[KEY, edited.center!]]) }).configs;
    expect(listed.filter((c) => c.item).map((c) => [c.config.parameters, c.config.enabled])).toEqual([
      [{ timeout: "3000" }, true],
      [{ disabled: "true" }, false],
    ]);
    const gone = planConfig({ dir: DIR, children: [], key: KEY, center: renderOverrideRule([timeout]) }, { index: 0, removeNodes: [], draft: null, targets: [] });
    expect(gone.center).toBeNull();
  });

  it("refuses to rewrite a rule holding a match item", () => {
    const text = `configVersion: v3.1\nscope: service\nkey: ${IFACE}\nconfigs:\n  - side: provider\n    match:\n      address:\n        wildcard: "*"\n    parameters:\n      weight: 5\n`;
    expect(() => planConfig({ dir: DIR, children: [], key: KEY, center: text }, { removeNodes: [], draft: timeout, targets: ["center"] })).toThrow(/cannot be rewritten/);
  });

  it("lists a foreign registry URL as a config of its own", () => {
    const node = encodeURIComponent(`override://10.0.0.2:20880/${IFACE}?category=configurators&disabled=true&dynamic=false`);
    const listed = listConfigs({ index: 0, source: "zk", registry: new Map([[DIR, [node]]]), center: new Map() }).configs;
    expect(listed.map((c) => [c.config.id, c.config.origin, c.config.targets])).toEqual([[urlConfigId(0, DIR, node), "dubbo", ["registry"]]]);
  });
});

describe("stranding", () => {
  const consumer = { url: "consumer://10.0.0.9/x", address: "10.0.0.9", host: "10.0.0.9", application: "shop", release: "2.7.23", registry: "zk", parameters: {} } as Consumer;
  const svc = { service: IFACE, group: "", version: "", providers: [`dubbo://10.0.0.1:20880/${IFACE}`, `dubbo://10.0.0.2:20880/${IFACE}`], consumers: [consumer] };
  it("names a consumer whose last provider goes offline, not one that keeps another", () => {
    expect(strandedByConfigs(svc, [], [offline("10.0.0.1:20880")])).toEqual([]);
    expect(strandedByConfigs(svc, [offline("10.0.0.1:20880")], [offline("10.0.0.1:20880"), offline("10.0.0.2:20880")])).toMatchObject([{ application: "shop", host: "10.0.0.9", before: 1 }]);
    expect(strandedByConfigs(svc, [], [{ ...offline("10.0.0.1:20880"), providerAddresses: undefined } as OverrideDraft])).toHaveLength(1);
    expect(strandedByConfigs(svc, [], [{ ...offline("10.0.0.1:20880"), providerAddresses: undefined, applications: ["other"] } as OverrideDraft])).toHaveLength(0);
  });
});
