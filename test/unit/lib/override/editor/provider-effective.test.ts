import { describe, expect, it } from "vitest";
import { type EffectiveConfig, providerOverrides } from "@/lib/override/editor/provider-effective";

const config = (id: string, patch: Partial<EffectiveConfig>): EffectiveConfig => ({ id, side: "consumer", addresses: [], providerAddresses: [], applications: [], parameters: {}, enabled: true, ...patch });
const A = "10.0.0.1:20880";

describe("providerOverrides", () => {
  it("reads the console's offline shortcut: consumer side, disabled for that provider's address", () => {
    const offline = config("c1", { providerAddresses: [A], parameters: { disabled: "true" } });
    expect(providerOverrides([offline], A)).toEqual({ disabled: { value: "true", configId: "c1", partial: false } });
    expect(providerOverrides([offline], "10.0.0.2:20880")).toEqual({});
  });

  it("lets a config naming the provider beat one for every provider, whatever their order", () => {
    const named = config("named", { providerAddresses: [A], parameters: { weight: "900" } });
    const every = config("every", { side: "provider", addresses: ["0.0.0.0"], parameters: { weight: "50" } });
    expect(providerOverrides([named, every], A).weight?.configId).toBe("named");
    expect(providerOverrides([every, named], A).weight?.configId).toBe("named");
  });

  it("ignores disabled configs and configs for other providers, and says when only some consumers obey", () => {
    const off = config("off", { enabled: false, providerAddresses: [A], parameters: { disabled: "true" } });
    const other = config("other", { side: "provider", addresses: ["10.0.0.9"], parameters: { weight: "1" } });
    const some = config("some", { applications: ["storefront"], providerAddresses: [A], parameters: { weight: "200" } });
    expect(providerOverrides([off, other, some], A)).toEqual({ weight: { value: "200", configId: "some", partial: true } });
  });

  it("matches a provider-side config by the provider's host", () => {
    expect(providerOverrides([config("h", { side: "provider", addresses: ["10.0.0.1"], parameters: { disabled: "true" } })], A).disabled?.configId).toBe("h");
  });
});
