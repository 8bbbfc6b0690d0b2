import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { parseConfigRule } from "@/lib/override/config-rule";
import { toConfigurators } from "@/lib/override/configurator";
import { configure, type ConfigureContext } from "@/lib/override/configure";
import { flowColonError } from "@/lib/override/flow-colon";
import { addressParameter, configureAddressOverride, overrideUrlOf } from "@/lib/override/override-chain";
import { OverrideRuleError } from "@/lib/override/override-rule-error";

// Expectations follow the Java sources cited per test (tags dubbo-2.7.23 and 3.3.x) and were
// checked against the real jars through test/integration/config-differential.test.ts.
const IFACE = "com.example.DemoService";
const PROVIDER = `dubbo://10.0.0.1:20880/${IFACE}?application=shop&side=consumer&interface=${IFACE}&weight=100`;
const CONSUMER = `consumer://10.0.0.9/${IFACE}?application=shop&side=consumer&interface=${IFACE}`;
const ctx = (release: "2.7" | "3.x"): ConfigureContext => ({ release, localHost: "10.0.0.9" });
const one = (url: string, release: "2.7" | "3.x" = "2.7") => toConfigurators([parseDubboUrl(url, release)])[0]!;

describe("configurators (AbstractConfigurator.configure)", () => {
  it("applies a host:port rule to that provider only, and a 0.0.0.0 rule to every one", () => {
    const rule = one(`override://10.0.0.1:20880/${IFACE}?disabled=true`);
    expect(configure(rule, parseDubboUrl(PROVIDER, "2.7"), ctx("2.7")).parameters.disabled).toBe("true");
    expect(configure(rule, parseDubboUrl(PROVIDER.replace(":20880", ":20881"), "2.7"), ctx("2.7")).parameters.disabled).toBeUndefined();
  });

  it("never copies the condition keys (conditionKeys) onto the target", () => {
    const out = configure(one(`override://0.0.0.0/${IFACE}?category=configurators&dynamic=false&enabled=true&weight=50`), parseDubboUrl(CONSUMER, "2.7"), ctx("2.7"));
    expect(out.parameters).toMatchObject({ weight: "50" });
    expect([out.parameters.category, out.parameters.dynamic, out.parameters.enabled]).toEqual([undefined, undefined, undefined]);
  });

  it("skips a disabled rule (enabled=false) and a rule for another application", () => {
    const target = parseDubboUrl(CONSUMER, "2.7");
    expect(configure(one(`override://0.0.0.0/${IFACE}?weight=50&enabled=false`), target, ctx("2.7"))).toBe(target);
    expect(configure(one(`override://0.0.0.0/${IFACE}?weight=50&application=cart`), target, ctx("2.7"))).toBe(target);
  });

  it("reads providerAddresses (OVERRIDE_PROVIDERS_KEY): a substring in 2.7.23, comma-separated entries in 3.3.6", () => {
    const target = parseDubboUrl(PROVIDER, "2.7");
    const rule = `override://0.0.0.0/${IFACE}?weight=1&providerAddresses=10.0.0.1:208800`;
    expect(configure(one(rule), target, ctx("2.7")).parameters.weight).toBe("1");
    const target3 = parseDubboUrl(PROVIDER, "3.x");
    expect(configure(one(rule, "3.x"), target3, ctx("3.x")).parameters.weight).toBe("100");
  });

  it("sorts by host then priority, so a specific host is applied after 0.0.0.0 (Configurator.compareTo)", () => {
    const list = toConfigurators([`override://10.0.0.1:20880/${IFACE}?weight=9`, `override://0.0.0.0/${IFACE}?weight=1&priority=2`, `override://0.0.0.0/${IFACE}?weight=2&priority=1`].map((u) => parseDubboUrl(u)));
    expect(list.map((c) => c.url.parameters.weight)).toEqual(["2", "1", "9"]);
  });

  it("lets absent:// only fill what is missing (AbsentConfigurator)", () => {
    const out = configure(one(`absent://0.0.0.0/${IFACE}?weight=70&warmup=1000`), parseDubboUrl(CONSUMER.replace("side=consumer", "side=consumer&weight=5"), "2.7"), ctx("2.7"));
    expect([out.parameters.weight, out.parameters.warmup]).toEqual(["5", "1000"]);
  });
});

describe("config-center rules (ConfigParser.parseConfigurators)", () => {
  const rule = `configVersion: v3.0\nscope: service\nkey: g1/${IFACE}:1.0\nconfigs:\n- side: provider\n  addresses: ["10.0.0.1:20880"]\n  parameters:\n    weight: 900\n`;

  it("turns a service-scope item into override URLs; 3.3.6 adds providerAddresses from a provider-side item's addresses", () => {
    const [u27] = parseConfigRule(rule, "2.7");
    expect(u27!.url).toMatchObject({ protocol: "override", host: "10.0.0.1", port: 20880, path: IFACE });
    expect(u27!.url.parameters).toMatchObject({ group: "g1", version: "1.0", weight: "900", side: "provider", enabled: "true", configVersion: "v3.0", category: "dynamicconfigurators" });
    expect(u27!.url.parameters.providerAddresses).toBeUndefined();
    expect(parseConfigRule(rule, "3.x")[0]!.url.parameters.providerAddresses).toBe("10.0.0.1:20880");
  });

  it("gives an application-scope item one URL per service, `*` by default, with the application and appdynamicconfigurators", () => {
    const urls = parseConfigRule("configVersion: v3.0\nscope: application\nkey: shop\nconfigs:\n- side: consumer\n  parameters:\n    timeout: 5000\n", "3.x");
    expect(urls.map((u) => [u.url.path, u.url.parameters.application, u.url.parameters.category, u.url.parameters.timeout])).toEqual([["*", "shop", "appdynamicconfigurators", "5000"]]);
  });

  it("refuses what Java's parse throws on, with a typed error", () => {
    for (const text of ["configs: [", "just text", "configVersion: v3.0\nkey: x\n", `configVersion: v3.0\nkey: ${IFACE}\nconfigs:\n- parameters: {}\n`]) {
      expect(() => parseConfigRule(text, "3.x"), text).toThrow(OverrideRuleError);
    }
  });

  it("refuses an unquoted host:port in a flow list under 2.7.23's SnakeYAML 1.20, with its position, and reads it under 3.3.6", () => {
    const text = `configVersion: v3.0\nkey: ${IFACE}\nconfigs:\n- addresses: [10.0.0.1:20880]\n  parameters:\n    weight: 1\n`;
    expect(flowColonError(text)).toMatchObject({ line: 4 });
    expect(() => parseConfigRule(text, "2.7")).toThrow(OverrideRuleError);
    expect(parseConfigRule(text, "3.x")[0]!.url.host).toBe("10.0.0.1");
    expect(flowColonError(text.replace("[10.0.0.1:20880]", '["10.0.0.1:20880"]'))).toBeNull();
  });

  it("applies a v3.0 item's match only where it holds (3.3.6 ConditionMatch)", () => {
    const text = `configVersion: v3.0\nkey: ${IFACE}\nconfigs:\n- side: consumer\n  parameters:\n    timeout: 7000\n  match:\n    app:\n      oneof:\n        - exact: cart\n`;
    const configurators = toConfigurators(parseConfigRule(text, "3.x"));
    const consumer = parseDubboUrl(CONSUMER, "3.x");
    expect(configure(configurators[0]!, consumer, ctx("3.x")).parameters.timeout).toBeUndefined();
    expect(configure(configurators[0]!, parseDubboUrl(CONSUMER.replace("application=shop", "application=cart"), "3.x"), ctx("3.x")).parameters.timeout).toBe("7000");
  });
});

describe("3.3.6's override URL (RegistryDirectory.overrideWithConfigurators)", () => {
  it("starts from the consumer's application and side and the provider's group and version, and wins when read (the rule's service key, version included, must match)", () => {
    const provider = parseDubboUrl(`dubbo://10.0.0.1:20880/${IFACE}?application=demo-provider&side=provider&interface=${IFACE}&version=1.0&weight=100`, "3.x");
    const consumer = parseDubboUrl(CONSUMER, "3.x");
    expect(overrideUrlOf(provider, consumer).parameters).toEqual({ application: "shop", side: "consumer", version: "1.0" });
    const registry = toConfigurators([parseDubboUrl(`override://10.0.0.1:20880/${IFACE}?weight=900&version=1.0`, "3.x")]);
    const override = configureAddressOverride({ registry, application: [], service: [] }, provider, consumer, ctx("3.x"));
    expect(addressParameter(override, provider, consumer, "weight")).toBe("900");
    expect(addressParameter(null, provider, consumer, "weight")).toBe("100");
  });
});
