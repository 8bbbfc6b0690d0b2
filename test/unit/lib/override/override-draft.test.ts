import { describe, expect, it } from "vitest";
import { javaUrlDecode } from "@/lib/dubbo/url";
import { parseConfigRule } from "@/lib/override/config-rule";
import { type OverrideDraft, overrideKey, parseOverrideYaml, renderOverrideRule, yamlServiceKey } from "@/lib/override/override-draft";
import { readCenterRule, readRegistryOverride } from "@/lib/override/override-reading";
import { OverrideRuleError } from "@/lib/override/override-rule-error";
import { overrideNodeNames, overrideUrls } from "@/lib/override/override-url";

const IFACE = "com.example.DemoService";
const timeout: OverrideDraft = { scope: "service", service: IFACE, group: "", version: "", side: "consumer", parameters: { timeout: "3000" }, enabled: true };
const offline: OverrideDraft = { scope: "service", service: IFACE, group: "g", version: "1.0.0", side: "consumer", providerAddresses: ["10.0.0.1:20880"], parameters: { disabled: "true" }, enabled: true };

describe("override keys", () => {
  it("renders the colon key with empty parts kept, and the YAML service key as appendService reads it", () => {
    expect(overrideKey(timeout)).toBe(`${IFACE}::`);
    expect(overrideKey({ ...timeout, version: "1.0.0" })).toBe(`${IFACE}:1.0.0:`);
    expect(overrideKey({ ...timeout, group: "g" })).toBe(`${IFACE}::g`);
    expect(overrideKey({ scope: "application", application: "shop" })).toBe("shop");
    expect(yamlServiceKey(offline)).toBe(`g/${IFACE}:1.0.0`);
  });
});

describe("config-center YAML", () => {
  it("quotes every value and address so neither SnakeYAML retypes or refuses them", () => {
    const text = renderOverrideRule([{ ...offline, parameters: { weight: "1.0", "m.timeout": "yes" } }]);
    expect(text).toContain(`key: "g/${IFACE}:1.0.0"`);
    expect(text).toContain('providerAddresses: ["10.0.0.1:20880"]');
    expect(text).toContain('"weight": "1.0"');
    for (const release of ["2.7", "3.x"] as const) {
      const [url] = parseConfigRule(text, release);
      expect(url!.url.parameters.weight).toBe("1.0");
      expect(url!.url.parameters["m.timeout"]).toBe("yes");
      expect(url!.url.parameters.providerAddresses).toBe("10.0.0.1:20880");
      expect(url!.url.parameters.group).toBe("g");
      expect(url!.url.parameters.version).toBe("1.0.0");
      expect(url!.url.parameters.side).toBe("consumer");
    }
  });

  it("round-trips drafts through the text, a disabled item beside an enabled one included", () => {
    const drafts: OverrideDraft[] = [timeout, { ...timeout, side: "provider", addresses: ["10.0.0.1:20880"], parameters: { weight: "900" }, enabled: false }];
    const text = renderOverrideRule(drafts);
    const parsed = parseOverrideYaml(text);
    expect(parsed.key).toBe(`${IFACE}::`);
    expect(parsed.drafts).toEqual(drafts);
    // Dubbo reads the second item's own enabled=false (its type is not general), the first the rule's.
    const urls = parseConfigRule(text, "3.x");
    expect(urls.map((u) => u.url.parameters.enabled)).toEqual(["true", "false"]);
    expect(readCenterRule(parsed.key, text).items.map((i) => [i.origin, i.draft.enabled])).toEqual([
      ["console", true],
      ["console", false],
    ]);
  });

  it("round-trips an application rule with services", () => {
    const app: OverrideDraft = { scope: "application", application: "shop", side: "consumer", services: [`g/${IFACE}:1.0.0`], parameters: { retries: "0" }, enabled: true };
    const parsed = parseOverrideYaml(renderOverrideRule([app]));
    expect(parsed).toMatchObject({ scope: "application", key: "shop", drafts: [app] });
  });

  it("refuses bad YAML with its line and column", () => {
    const bad = "configVersion: v3.0\nscope: service\nkey: a.B\nconfigs:\n  - side: consumer\n    parameters: {}\n";
    expect(() => parseOverrideYaml(bad)).toThrow(OverrideRuleError);
    try {
      parseOverrideYaml(bad);
    } catch (e) {
      expect((e as OverrideRuleError).line).toBe(6);
      expect((e as OverrideRuleError).column).toBe(17);
      expect((e as Error).message).toMatch(/at least one parameter/);
    }
    const side = "scope: service\nkey: a.B\nconfigs:\n  - side: both\n    parameters: {timeout: 1}\n";
    expect(() => parseOverrideYaml(side)).toThrow(/side/);
    expect(() => parseOverrideYaml("scope: service\nkey: [a\n")).toThrow(/does not load/);
    expect(() => parseOverrideYaml("scope: service\nkey: a.B\nconfigs:\n  - side: consumer\n    parameters: {a: 1}\n    bogus: 1\n")).toThrow(/unknown field "bogus"/);
  });

  it("refuses what Dubbo 2.7.23 refuses: an unquoted host:port in a flow list", () => {
    const text = "scope: service\nkey: a.B\nconfigs:\n  - side: consumer\n    providerAddresses: [10.0.0.1:20880]\n    parameters: {disabled: true}\n";
    expect(() => parseOverrideYaml(text)).toThrow(/2\.7\.23 refuses/);
  });

  it("reads a v3.1 rule with match as Dubbo Admin's, read-only", () => {
    const text = `configVersion: v3.1\nscope: service\nkey: ${IFACE}\nenabled: true\nconfigs:\n  - side: provider\n    match:\n      address:\n        wildcard: "10.0.0.1:*"\n    parameters:\n      weight: 50\n`;
    const read = readCenterRule(`${IFACE}::`, text);
    expect(read.items).toHaveLength(1);
    expect(read.items[0]).toMatchObject({ origin: "dubbo-admin", draft: { side: "provider", parameters: { weight: "50" }, service: IFACE } });
    expect(read.items[0]!.readOnly).toMatch(/match/);
    expect(readCenterRule("x", "not: [yaml").problem).toMatch(/does not load/);
  });
});

describe("registry copy", () => {
  it("writes an offline as the legacy host:port URL, node-encoded as Dubbo encodes it", () => {
    const [name] = overrideNodeNames(offline);
    expect(javaUrlDecode(name!)).toBe(`override://10.0.0.1:20880/${IFACE}?category=configurators&disabled=true&dynamic=false&enabled=true&group=g&side=consumer&version=1.0.0`);
    expect(name).toBe(`override%3A%2F%2F10.0.0.1%3A20880%2F${IFACE}%3Fcategory%3Dconfigurators%26disabled%3Dtrue%26dynamic%3Dfalse%26enabled%3Dtrue%26group%3Dg%26side%3Dconsumer%26version%3D1.0.0`);
    const read = readRegistryOverride(name!, IFACE);
    expect(read).toMatchObject({ origin: "console", readOnly: null, draft: offline });
  });

  it("writes one URL per consumer address and application, providerAddresses as a parameter", () => {
    const urls = overrideUrls({ ...timeout, addresses: ["10.0.0.9", "10.0.0.8"], applications: ["a", "b"], providerAddresses: ["10.0.0.1:20880"] });
    expect(urls.map((u) => `${u.host}:${u.port}/${u.parameters.application}`)).toEqual(["10.0.0.9:0/a", "10.0.0.9:0/b", "10.0.0.8:0/a", "10.0.0.8:0/b"]);
    expect(urls[0]!.parameters.providerAddresses).toBe("10.0.0.1:20880");
    expect(overrideUrls({ scope: "application", application: "shop", side: "consumer", parameters: { timeout: "1" }, enabled: true })).toEqual([]);
  });

  it("marks other writers' URLs by origin", () => {
    const enc = (s: string) => encodeURIComponent(s);
    expect(readRegistryOverride(enc(`override://10.0.0.1:20880/${IFACE}?category=configurators&disabled=true&dynamic=false`), IFACE)).toMatchObject({ origin: "dubbo", draft: { providerAddresses: ["10.0.0.1:20880"] } });
    expect(readRegistryOverride(enc(`override://0.0.0.0/${IFACE}?category=configurators&compatible_config=true&side=consumer&timeout=5`), IFACE)).toMatchObject({ origin: "dubbo-admin", draft: { parameters: { timeout: "5" } } });
    expect(readRegistryOverride(enc(`override://0.0.0.0/${IFACE}?category=configurators&side=consumer&timeout=5&timestamp=1`), IFACE)?.origin).toBe("unknown");
    expect(readRegistryOverride(enc(`empty://0.0.0.0/${IFACE}?category=configurators`), IFACE)).toBeNull();
    expect(readRegistryOverride("not-a-url", IFACE)).toBeNull();
  });
});
