import { describe, expect, it } from "vitest";
import { parseConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { parseRuleNodeName } from "@/lib/dubbo/rules/config-rule-key";
import { serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import type { ConfigRuleNode } from "@/server/governance/rules/condition/config-center-rules";
import { ruleConsumers } from "@/server/governance/rules/condition/config-route-reach";
import { deriveServiceEntry, type ServiceEntry } from "@/server/governance/catalog/service-entry";

const REGISTRY = "zookeeper://127.0.0.1:2181";
const SVC = "com.foo.Svc";

function entry(urls: string[], registry = REGISTRY): ServiceEntry {
  const parsed = urls.map((u) => ({ node: javaUrlEncode(u), url: parseDubboUrl(u) }));
  const id = serviceIdOf(parsed[0]!.url);
  const share = {
    registry,
    providers: parsed.filter((p) => p.url.protocol === "dubbo"),
    consumers: parsed.filter((p) => p.url.protocol === "consumer"),
    routes: [],
    instanceProviders: [],
  };
  return deriveServiceEntry(id, serviceKey(id), [share])!;
}

function node(key: string, yaml = "conditions: ['=> host = 10.0.0.2']"): ConfigRuleNode {
  const name = parseRuleNodeName(`${key}.condition-router`)!;
  return { path: `/dubbo/config/dubbo/${key}.condition-router`, name, yaml, version: 0, modified: 1n, read: parseConditionRouterYaml(yaml) };
}

const consumer = (host: string, app: string, release: string, extra = "") => `consumer://${host}/${SVC}?application=${app}&category=consumers&release=${release}${extra}`;
const provider = (host: string, app: string) => `dubbo://${host}:20880/${SVC}?application=${app}&side=provider&release=3.3.6`;

const svc = entry([
  provider("10.0.0.2", "shop"),
  consumer("10.0.1.1", "web", "3.3.6"),
  consumer("10.0.1.2", "old", "2.6.12"),
  consumer("10.0.1.3", "mid", "3.1.2"),
  consumer("10.0.1.4", "legacy", "2.7.23"),
  consumer("10.0.1.5", "mystery", ""),
]);
const versioned = entry([consumer("10.0.2.1", "web", "3.3.6", "&version=1.0.0")]);

describe("the consumers a config-center rule is for", () => {
  it("reaches the consumers whose URL renders the service key, and says which releases obey", () => {
    const found = ruleConsumers(REGISTRY, node(`${SVC}::`), [svc, versioned]);
    expect(found.map(({ application, release, via, obeys }) => ({ application, release, via, obeys }))).toEqual([
      { application: "legacy", release: "2.7.23", via: "service", obeys: true },
      { application: "mid", release: "3.1.2", via: "service", obeys: true },
      { application: "mystery", release: "", via: "service", obeys: false },
      { application: "old", release: "2.6.12", via: "service", obeys: false },
      { application: "web", release: "3.3.6", via: "service", obeys: true },
    ]);
    expect(found.find((c) => c.application === "old")?.words).toBe("old (Dubbo 2.6.12) does not read it: Dubbo 2.6.12 obeys the registry copy only: it has no config center.");
    expect(found.find((c) => c.application === "web")?.words).toBe("web (Dubbo 3.3.6) obeys it as its service's rule; it ignores the registry copy.");
    expect(found.find((c) => c.application === "mystery")?.words).toMatch(/^mystery \(release unknown\): cannot say/);
  });

  it("tells a versioned consumer's key apart", () => {
    expect(ruleConsumers(REGISTRY, node(`${SVC}:1.0.0:`), [svc, versioned]).map((c) => c.address)).toEqual(["10.0.2.1"]);
  });

  it("reaches a consumer application's own consumers, and from 3.2 the consumers of that application's providers", () => {
    expect(ruleConsumers(REGISTRY, node("web"), [svc, versioned]).map((c) => [c.service, c.via, c.obeys])).toEqual([
      [SVC, "consumer-application", true],
      [`${SVC}:1.0.0`, "consumer-application", true],
    ]);
    const byProvider = ruleConsumers(REGISTRY, node("shop"), [svc]);
    expect(byProvider.map((c) => [c.application, c.via, c.obeys])).toEqual([
      ["legacy", "provider-application", false],
      ["mid", "provider-application", false],
      ["mystery", "provider-application", false],
      ["old", "provider-application", false],
      ["web", "provider-application", true],
    ]);
    expect(byProvider.find((c) => c.application === "mid")?.words).toMatch(/rules of its providers' application \(shop\) are read from Dubbo 3\.2 on/);
  });

  it("says that only 3.3 consumers understand a v3.1 rule", () => {
    const multi = node(`${SVC}::`, "configVersion: v3.1\nconditions: [{to: [{match: host = 10.0.0.2}]}]");
    const found = ruleConsumers(REGISTRY, multi, [svc]);
    expect(found.filter((c) => c.obeys).map((c) => c.application)).toEqual(["web"]);
    expect(found.find((c) => c.application === "mid")?.words).toMatch(/does not understand the v3\.1 format/);
  });

  it("counts only consumers of the rule's registry", () => {
    expect(ruleConsumers("zookeeper://other:2181", node(`${SVC}::`), [svc])).toEqual([]);
  });
});
