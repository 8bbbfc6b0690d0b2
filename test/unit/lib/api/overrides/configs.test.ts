import { describe, expect, it } from "vitest";
import { createConfigBodySchema, draftOfBody, providerActionBodySchema, providerOfflineBodySchema, providerWeightBodySchema, refusedParameterReason } from "@/lib/api/overrides/configs";

const IFACE = "com.example.DemoService";
const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("configs contract", () => {
  it("takes a service draft, both targets left to the store", () => {
    const body = createConfigBodySchema.parse({ scope: "service", service: IFACE, side: "consumer", parameters: { timeout: "3000" } });
    expect(draftOfBody(body)).toEqual({ scope: "service", service: IFACE, group: "", version: "", side: "consumer", parameters: { timeout: "3000" }, enabled: true });
  });

  it("refuses keys Dubbo will not let a configurator change, with the reason", () => {
    expect(refusedParameterReason("group")).toMatch(/condition keys/);
    expect(refusedParameterReason("router")).toMatch(/3\.3\.6/);
    expect(refusedParameterReason("~timeout")).toMatch(/condition/);
    expect(refusedParameterReason("timeout")).toBeNull();
    const r = createConfigBodySchema.safeParse({ scope: "service", service: IFACE, side: "consumer", parameters: { enabled: "false" } });
    expect(messages(r).join()).toMatch(/parameters.enabled cannot be set by an override/);
  });

  it("refuses bad addresses, scope mixes and an application registry copy, naming the field", () => {
    expect(messages(createConfigBodySchema.safeParse({ scope: "service", service: IFACE, side: "consumer", providerAddresses: ["*"], parameters: { a: "1" } })).join()).toMatch(/providerAddresses/);
    expect(messages(createConfigBodySchema.safeParse({ scope: "service", service: IFACE, side: "consumer", providerAddresses: ["10.0.0.1"], parameters: { a: "1" } })).join()).toMatch(/IPv4:port/);
    expect(messages(createConfigBodySchema.safeParse({ scope: "application", application: "shop", service: IFACE, side: "consumer", parameters: { a: "1" } })).join()).toMatch(/^service: /);
    expect(messages(createConfigBodySchema.safeParse({ scope: "application", application: "shop", side: "consumer", targets: ["registry"], parameters: { a: "1" } })).join()).toMatch(/targets: an application-scope config has no registry copy/);
    expect(messages(createConfigBodySchema.safeParse({ scope: "service", service: IFACE, side: "consumer", parameters: {} })).join()).toMatch(/at least one parameter/);
    expect(messages(createConfigBodySchema.safeParse({ scope: "service", service: IFACE, side: "consumer", parameters: { a: "x&b=1" } })).join()).toMatch(/'&'/);
  });

  it("takes a weight from 0 to Java's int maximum", () => {
    const ok = { service: IFACE, address: "10.0.0.1:20880" };
    expect(providerWeightBodySchema.safeParse({ ...ok, weight: 0 }).success).toBe(true);
    expect(providerWeightBodySchema.safeParse({ ...ok, weight: 2147483647 }).success).toBe(true);
    expect(messages(providerWeightBodySchema.safeParse({ ...ok, weight: 2147483648 })).join()).toMatch(/weight must be a whole number/);
    expect(messages(providerWeightBodySchema.safeParse({ ...ok, weight: 1.5 })).join()).toMatch(/weight/);
    expect(messages(providerWeightBodySchema.safeParse({ ...ok, address: "*", weight: 1 })).join()).toMatch(/address/);
  });

  it("lets offline and weight name their copies, and online none (it deletes whole configs)", () => {
    const ok = { service: IFACE, address: "10.0.0.1:20880" };
    expect(providerOfflineBodySchema.parse({ ...ok, targets: ["registry"] }).targets).toEqual(["registry"]);
    expect(providerWeightBodySchema.parse({ ...ok, weight: 900, targets: ["center"] }).targets).toEqual(["center"]);
    expect(messages(providerOfflineBodySchema.safeParse({ ...ok, targets: [] })).join()).toMatch(/targets must name each of registry and center at most once, and at least one/);
    expect(messages(providerWeightBodySchema.safeParse({ ...ok, weight: 1, targets: ["zk"] })).join()).toMatch(/targets may hold "registry" and "center", got "zk"/);
    expect(messages(providerActionBodySchema.safeParse({ ...ok, targets: ["center"] })).join()).toMatch(/unknown field "targets"/);
  });
});

describe("parameter names", () => {
  it("refuses a name that does not start with a letter, __proto__ included, naming it", () => {
    const r = createConfigBodySchema.safeParse(JSON.parse(`{"scope":"service","service":"a.B","side":"consumer","parameters":{"timeout":"1","__proto__":"x"}}`));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).join()).toMatch(/"__proto__" is not a parameter name/);
  });
});
