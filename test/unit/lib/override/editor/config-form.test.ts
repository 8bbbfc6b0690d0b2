import { describe, expect, it } from "vitest";
import { type ConfigFormValues, type ConfigTarget, draftToForm, emptyConfigForm, formToDraft } from "@/lib/override/editor/config-form";

const service: ConfigTarget = { kind: "service", service: "io.example.DemoService", group: "demo", version: "1.0.0", key: "demo/io.example.DemoService:1.0.0" };
const app: ConfigTarget = { kind: "application", application: "storefront" };

function form(patch: Partial<ConfigFormValues>, target: ConfigTarget = service): ConfigFormValues {
  return { ...emptyConfigForm(target), ...patch };
}

describe("formToDraft", () => {
  it("maps a service's consumer-side timeout to a service-scope draft keyed by the service", () => {
    const result = formToDraft(form({ parameters: [{ key: "timeout", value: " 3000 " }] }), service);
    expect(result).toEqual({
      ok: true,
      draft: { scope: "service", service: "io.example.DemoService", group: "demo", version: "1.0.0", side: "consumer", parameters: { timeout: "3000" }, enabled: true },
    });
  });

  it("restricts an application-scope rule made on a service's page to that service", () => {
    const result = formToDraft(form({ scope: "application", application: "storefront", side: "provider", addresses: ["127.0.0.2:20880"], parameters: [{ key: "weight", value: "200" }] }), service);
    expect(result.ok && result.draft).toEqual({ scope: "application", application: "storefront", services: ["demo/io.example.DemoService:1.0.0"], side: "provider", addresses: ["127.0.0.2:20880"], parameters: { weight: "200" }, enabled: true });
  });

  it("keeps the services an application rule opened from the list already names", () => {
    const result = formToDraft(form({ scope: "application", application: "storefront", services: ["io.x.A", "io.x.B"], parameters: [{ key: "timeout", value: "1" }] }), service);
    expect(result.ok && result.draft.services).toEqual(["io.x.A", "io.x.B"]);
  });

  it("writes only application-scope rules from an application's page, whatever the scope field says", () => {
    const result = formToDraft(form({ scope: "service", parameters: [{ key: "retries", value: "0" }] }, app), app);
    expect(result.ok && result.draft).toEqual({ scope: "application", application: "storefront", side: "consumer", parameters: { retries: "0" }, enabled: true });
  });

  it("trims and de-duplicates the picked lists and drops empty parameter rows", () => {
    const result = formToDraft(
      form({ applications: [" storefront ", "storefront", ""], providerAddresses: ["10.0.0.1:20880", "10.0.0.1:20880"], parameters: [{ key: "", value: "" }, { key: "sayHello.timeout", value: "500" }] }),
      service,
    );
    expect(result.ok && result.draft.applications).toEqual(["storefront"]);
    expect(result.ok && result.draft.providerAddresses).toEqual(["10.0.0.1:20880"]);
    expect(result.ok && result.draft.parameters).toEqual({ "sayHello.timeout": "500" });
  });

  it("names the row of a parameter set twice, with no value, or with a name Dubbo cannot read", () => {
    const result = formToDraft(form({ parameters: [{ key: "timeout", value: "1" }, { key: "timeout", value: "2" }, { key: "retries", value: " " }, { key: "a b", value: "1" }] }), service);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: "parameters", row: 1, message: "“timeout” is set twice (row 1)" },
        { field: "parameters", row: 2, message: "Give retries a value" },
        { field: "parameters", row: 3, message: "“a b” is not a parameter name" },
      ],
    });
  });

  it("refuses a draft with no parameter, a bad address, or an application-scope rule with no application", () => {
    const result = formToDraft(form({ scope: "application", addresses: ["10.0.0.1:20880", "not an address"], parameters: [{ key: "", value: "" }] }), service);
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual(["addresses", "parameters", "application"]);
  });
});

describe("draftToForm", () => {
  it("reads Dubbo's 0.0.0.0 as every address and gives one row per parameter", () => {
    const values = draftToForm({ scope: "service", service: "io.example.DemoService", side: "consumer", addresses: ["0.0.0.0"], parameters: { timeout: "3000", retries: "0" }, enabled: false });
    expect(values).toEqual({ scope: "service", application: "", side: "consumer", addresses: [], providerAddresses: [], applications: [], services: [], parameters: [{ key: "timeout", value: "3000" }, { key: "retries", value: "0" }], enabled: false });
  });

  it("round-trips every draft the form writes", () => {
    const drafts = [
      formToDraft(form({ side: "provider", providerAddresses: ["10.0.0.1:20880"], applications: ["a", "b"], parameters: [{ key: "disabled", value: "true" }] }), service),
      formToDraft(form({ scope: "application", application: "storefront", parameters: [{ key: "loadbalance", value: "roundrobin" }] }), service),
      formToDraft(form({ services: ["io.x.A"], parameters: [{ key: "cluster", value: "failfast" }] }, app), app),
    ];
    for (const [i, d] of drafts.entries()) {
      if (!d.ok) throw new Error(`draft ${i} refused`);
      const target = i === 2 ? app : service;
      expect(formToDraft(draftToForm(d.draft), target)).toEqual(d);
    }
  });
});
