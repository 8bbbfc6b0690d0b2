import { describe, expect, it } from "vitest";
import { formatConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { ruleDirectory, ruleNodePath } from "@/lib/dubbo/rules/config-rule-key";
import { routeNodeName, routersPath, routeUrlString, type RouteSpec } from "@/lib/dubbo/rules/route-url";
import { javaUrlDecode, javaUrlEncode, parseDubboUrl, urlParam } from "@/lib/dubbo/url";
import { type OverrideDraft, overrideKey, renderOverrideRule } from "@/lib/override/override-draft";
import { overrideNodeNames, overrideUrls } from "@/lib/override/override-url";
import { configCenterPath, registryCategoryPath } from "@/lib/rules/rule-kind";
import { CONDITION_ROUTE, OVERRIDE, RULE_CATEGORIES, RULE_KINDS, TAG_ROUTE } from "@/lib/rules/rule-kinds";
import { CATEGORIES } from "@/server/registry/categories";

const SERVICE = "org.apache.dubbo.demo.DemoService";
const spec: RouteSpec = { service: SERVICE, group: "g1", version: "1.0.0", name: "canary", rule: "host = 10.0.0.1 => host = 10.0.0.2", priority: 3, force: true, runtime: false, enabled: true };
const draft: OverrideDraft = { scope: "service", service: SERVICE, group: "g1", version: "1.0.0", side: "consumer", addresses: ["10.0.0.9"], parameters: { timeout: "3000" }, enabled: true };

describe("the rule kinds", () => {
  it("are three, with distinct names, registry categories and config-center suffixes", () => {
    expect(RULE_KINDS.map((k) => k.name)).toEqual(["condition-route", "override", "tag-route"]);
    expect(RULE_KINDS.map((k) => k.registry?.category)).toEqual(["routers", "configurators", undefined]);
    expect(RULE_KINDS.map((k) => k.configCenter?.suffix)).toEqual([".condition-router", ".configurators", ".tag-router"]);
    expect(RULE_CATEGORIES).toEqual(["routers", "configurators"]);
    expect(CATEGORIES).toEqual(["providers", "consumers", "routers", "configurators"]);
  });

  it("condition routes: the paths and URLs the route store writes are the declaration's", () => {
    expect(routersPath("/dubbo", SERVICE)).toBe(registryCategoryPath(CONDITION_ROUTE, "/dubbo", javaUrlEncode(SERVICE)));
    expect(routersPath("/", SERVICE)).toBe(`/${SERVICE}/routers`);
    expect(ruleNodePath("/dubbo", `${SERVICE}:1.0.0:g1`)).toBe(configCenterPath(CONDITION_ROUTE, ruleDirectory("/dubbo"), `${SERVICE}:1.0.0:g1`));
    expect(ruleNodePath("/dubbo", "demo-app")).toBe("/dubbo/config/dubbo/demo-app.condition-router");
    const url = parseDubboUrl(routeUrlString(spec), "2.7");
    expect(url.protocol).toBe(CONDITION_ROUTE.registry.protocol);
    expect(urlParam(url, "category")).toBe(CONDITION_ROUTE.registry.category);
  });

  it("condition routes: the declared parsers read back what the stores write", () => {
    const read = CONDITION_ROUTE.registry.parse(routeNodeName(spec), SERVICE);
    expect(read.loaded).toBe(true);
    expect(read.spec).toMatchObject({ service: SERVICE, group: "g1", version: "1.0.0", name: "canary", rule: spec.rule, priority: 3, force: true, enabled: true });
    const yaml = formatConditionRouterYaml({ scope: "service", key: `${SERVICE}:1.0.0:g1`, enabled: true, force: false, runtime: true, priority: 2, conditions: ["=> host != 10.0.0.3"] });
    const rule = CONDITION_ROUTE.configCenter.parse(yaml, "3.x");
    expect(rule.type).toBe("rule");
    if (rule.type === "rule") expect(rule.rule).toMatchObject({ format: "v3.0", enabled: true, force: false, priority: 2, conditions: ["=> host != 10.0.0.3"] });
    expect(CONDITION_ROUTE.configCenter.parse("conditions: [", "3.x").type).toBe("rejected");
  });

  it("overrides: the URLs the config store writes are in the declared category and protocol, and its parsers read them back", () => {
    const urls = overrideUrls(draft);
    expect(urls.length).toBe(1);
    expect(urls[0]!.protocol).toBe(OVERRIDE.registry.protocol);
    expect(urls[0]!.parameters.category).toBe(OVERRIDE.registry.category);
    const [node] = overrideNodeNames(draft);
    expect(parseDubboUrl(javaUrlDecode(node!), "2.7").parameters.timeout).toBe("3000");
    const read = OVERRIDE.registry.parse(node!, SERVICE);
    expect(read?.draft).toMatchObject({ scope: "service", service: SERVICE, group: "g1", version: "1.0.0", side: "consumer", parameters: { timeout: "3000" }, enabled: true });
    expect(configCenterPath(OVERRIDE, ruleDirectory("/dubbo"), overrideKey(draft))).toBe(`/dubbo/config/dubbo/${SERVICE}:1.0.0:g1.configurators`);
    expect(registryCategoryPath(OVERRIDE, "/dubbo", javaUrlEncode(SERVICE))).toBe(`/dubbo/${SERVICE}/configurators`);
    const yaml = renderOverrideRule([draft]);
    for (const release of ["2.7", "3.x"] as const) {
      const parsed = OVERRIDE.configCenter.parse(yaml, release);
      expect(parsed.length).toBe(1);
      expect(parsed[0]!.url.parameters.timeout).toBe("3000");
      expect(parsed[0]!.url.host).toBe("10.0.0.9");
    }
  });

  it("say which releases obey which copy", () => {
    const obeyed = (release: string) => [CONDITION_ROUTE.obeyedCopies(release), OVERRIDE.obeyedCopies(release)];
    expect(obeyed("2.6.12")).toEqual([["registry"], ["registry"]]);
    expect(obeyed("2.7.2")).toEqual([["registry"], ["registry"]]);
    expect(obeyed("2.7.23")).toEqual([["registry", "config-center"], ["registry", "config-center"]]);
    expect(obeyed("3.0.4")).toEqual([["registry", "config-center"], ["registry", "config-center"]]);
    expect(obeyed("3.3.6")).toEqual([["config-center"], ["registry", "config-center"]]);
    expect(obeyed("")).toEqual([[], ["registry", "config-center"]]);
  });

  it("tag routes: config center only, obeyed from 2.7 on, each release parsing the rule its own way", () => {
    expect(TAG_ROUTE.registry).toBeNull();
    expect(configCenterPath(TAG_ROUTE, ruleDirectory("/dubbo"), "greeting-app")).toBe("/dubbo/config/dubbo/greeting-app.tag-router");
    expect(TAG_ROUTE.obeyedCopies("2.6.12")).toEqual([]);
    expect(TAG_ROUTE.obeyedCopies("2.7.23")).toEqual(["config-center"]);
    expect(TAG_ROUTE.obeyedCopies("3.3.6")).toEqual(["config-center"]);
    const yaml = "force: \"true\"\ntags:\n  - name: gray\n    addresses: [\"10.0.0.1\"]\n";
    expect(TAG_ROUTE.configCenter.parse(yaml, "3.x").force).toBe(true);
    expect(() => TAG_ROUTE.configCenter.parse(yaml, "2.7")).toThrow(/2\.7 refuses/);
  });
});
