import { describe, expect, it } from "vitest";
import { applicationProviders, parameterKeys, providersMatchingAny } from "@/lib/tag/application-providers";
import { renderTagRule } from "@/lib/tag/tag-draft";
import { readTagText } from "@/lib/tag/tag-editor-text";
import type { Provider } from "@/lib/api/catalog-entities";

const provider = (address: string, application: string, parameters: Record<string, string>): Provider => {
  const [host, port] = address.split(":");
  return { url: `dubbo://${address}/x`, address, host: host!, port: Number(port), protocol: "dubbo", application, release: parameters.release ?? "", weight: 100, enabled: true, disabled: false, source: "interface", registry: "r", parameters };
};

describe("the tag editor's text mode", () => {
  it("reads a rendered draft back into the same draft", () => {
    const draft = { force: true, enabled: true, runtime: false, priority: 3, tags: [{ name: "gray", addresses: ["127.0.0.2/32"], match: [{ key: "version", value: { prefix: "2." } }] }] };
    const read = readTagText(renderTagRule("shop", draft), "shop");
    expect(read).toEqual({ type: "form", draft, notes: [] });
  });

  it("marks the line a YAML fault is on", () => {
    const text = 'configVersion: v3.0\nforce: false\ntags:\n  - name: "gray\n';
    const read = readTagText(text, "shop");
    expect(read.type).toBe("fault");
    if (read.type !== "fault") return;
    expect(read.fault.line).not.toBeNull();
    expect(read.fault.from).toBeGreaterThan(0);
    expect(read.fault.to).toBeLessThanOrEqual(text.length);
  });

  it("keeps a text Dubbo reads but the form cannot hold as text", () => {
    const text = "configVersion: v3.0\nkey: shop\ntags:\n  - name: gray\n    match:\n      - key: version\n        value:\n          exact: '1'\n          prefix: '2'\n";
    const read = readTagText(text, "shop");
    expect(read.type).toBe("text-only");
  });

  it("refuses what Dubbo 3 refuses, with its reason", () => {
    const read = readTagText("- a\n- b\n", "shop");
    expect(read).toMatchObject({ type: "fault", fault: { message: expect.stringContaining("must be a map") } });
  });
});

describe("the application's providers in the tag editor", () => {
  const services = [
    { key: "a.Svc", providers: [provider("10.0.0.1:20880", "shop", { version: "1.0", release: "2.7.23" }), provider("10.0.0.2:20880", "shop", { version: "2.0", release: "3.3.6" }), provider("10.0.0.9:20880", "other", {})] },
    { key: "b.Svc", providers: [provider("10.0.0.1:20880", "shop", { version: "2.0", zone: "east" })] },
  ];

  it("merges the services' providers by address and leaves other applications out", () => {
    const merged = applicationProviders("shop", services);
    expect(merged.map((p) => [p.address, p.services, p.releases])).toEqual([
      ["10.0.0.1:20880", ["a.Svc", "b.Svc"], ["2.7.23"]],
      ["10.0.0.2:20880", ["a.Svc"], ["3.3.6"]],
    ]);
    expect(parameterKeys(merged)).toEqual(["version", "release", "zone"]);
  });

  it("selects an address when any of its URLs meets every condition", () => {
    const merged = applicationProviders("shop", services);
    expect(providersMatchingAny(merged, [{ key: "version", value: { exact: "2.0" } }]).map((p) => p.address)).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
    expect(providersMatchingAny(merged, [{ key: "version", value: { exact: "2.0" } }, { key: "zone", value: { exact: "east" } }]).map((p) => p.address)).toEqual(["10.0.0.1:20880"]);
    expect(providersMatchingAny(merged, [{ key: "zone", value: { empty: "true" } }]).map((p) => p.address)).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
    expect(providersMatchingAny(merged, [{ key: "", value: { exact: "2.0" } }])).toEqual([]);
  });
});
