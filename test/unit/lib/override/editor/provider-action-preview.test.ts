import { describe, expect, it } from "vitest";
import { configPreviewBodySchema, type Config } from "@/lib/api/overrides/configs";
import { isProviderActionConfig, providerActionPreview } from "@/lib/override/editor/provider-action-preview";

const target = { service: "io.demo.GreetingService", group: "", version: "", address: "10.0.0.1:20880" };

function listed(id: string, parameters: Record<string, string>, over: Partial<Config> = {}): Config {
  return {
    id,
    registry: "zk",
    scope: "service",
    key: "io.demo.GreetingService::",
    service: target.service,
    group: "",
    version: "",
    side: "consumer",
    addresses: [],
    providerAddresses: [target.address],
    applications: [],
    services: [],
    parameters,
    enabled: true,
    targets: ["center", "registry"],
    origin: "console",
    readOnly: null,
    revision: "r1",
    ...over,
  };
}

describe("providerActionPreview", () => {
  it("previews Offline as a new consumer-side disabled=true for that one provider, a body the endpoint accepts", () => {
    const p = providerActionPreview(target, { kind: "offline" }, []);
    expect(p.body).toEqual({ config: { scope: "service", service: target.service, side: "consumer", providerAddresses: [target.address], parameters: { disabled: "true" }, enabled: true } });
    expect(configPreviewBodySchema.safeParse(p.body).success).toBe(true);
  });

  it("names the group and version only when the service has them", () => {
    const p = providerActionPreview({ ...target, group: "g", version: "1.0" }, { kind: "offline" }, []);
    expect(p.body?.config).toMatchObject({ group: "g", version: "1.0" });
  });

  it("previews Weight as an edit of the console's weight config for the provider when there is one, keeping its targets", () => {
    const same = listed("zk.a.0", { weight: "300" }, { targets: ["center"] });
    const other = listed("zk.a.1", { weight: "300" }, { providerAddresses: ["10.0.0.2:20880"] });
    const p = providerActionPreview(target, { kind: "weight", weight: 900 }, [other, same]);
    expect(p.body).toEqual({ id: "zk.a.0", config: { scope: "service", service: target.service, side: "consumer", providerAddresses: [target.address], parameters: { weight: "900" }, enabled: true, targets: ["center"] } });
    expect(configPreviewBodySchema.safeParse(p.body).success).toBe(true);
    expect(providerActionPreview(target, { kind: "weight", weight: 900 }, [other]).body).not.toHaveProperty("id");
  });

  it("previews Online as the removal of the config that takes the provider offline, counting the others it also removes", () => {
    const configs = [listed("zk.a.0", { weight: "5" }), listed("zk.a.1", { disabled: "true" }), listed("zk.a.2", { disabled: "TRUE" })];
    const p = providerActionPreview(target, { kind: "online" }, configs);
    expect(p).toEqual({ body: { id: "zk.a.1", delete: true }, more: 1 });
    expect(configPreviewBodySchema.safeParse(p.body).success).toBe(true);
  });

  it("asks nothing for Online when no config of the action's shape takes the provider offline, and says why", () => {
    const p = providerActionPreview(target, { kind: "online" }, [listed("zk.a.0", { disabled: "true", timeout: "5" })]);
    expect(p.body).toBeNull();
    expect(p.body === null && p.why).toContain("Online removes nothing");
  });
});

describe("isProviderActionConfig", () => {
  it("takes only the service's consumer-side config of that one provider with the one parameter, editable by the console", () => {
    const ok = listed("i", { disabled: "true" });
    expect(isProviderActionConfig(ok, target, "disabled")).toBe(true);
    expect(isProviderActionConfig(ok, target, "weight")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "false" }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { side: "provider" }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { addresses: ["10.0.0.9"] }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { applications: ["shop"] }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { readOnly: "a v3.1 match" }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { version: "2.0" }), target, "disabled")).toBe(false);
    expect(isProviderActionConfig(listed("i", { disabled: "true" }, { providerAddresses: [target.address, "10.0.0.2:20880"] }), target, "disabled")).toBe(false);
  });
});
