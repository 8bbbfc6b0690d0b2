import { describe, expect, it } from "vitest";
import type { AddressDetail } from "@/lib/api/catalog-entities";
import { addressMetricsChoices } from "@/lib/metrics/address-choices";

type Instance = AddressDetail["instances"][number];

const ref = (iface: string, group = "", version = "") => ({ key: `${group ? `${group}/` : ""}${iface}${version ? `:${version}` : ""}`, interface: iface, group, version, count: 1 });
const instance = (address: string, role: Instance["role"], services: string[], registry = "zk"): Instance => ({ address, host: address.split(":")[0]!, role, application: "demo", release: "3.3.0", source: "interface", registry, services });

describe("the metrics choices of an address page", () => {
  it("offers each service provided at a host:port once, in the catalog's order, labelled by its key", () => {
    const api = ref("io.x.Api", "demo", "1.0.0");
    const other = ref("io.x.Other");
    const choices = addressMetricsChoices({
      provides: [api, other],
      instances: [instance("10.0.0.1:20880", "provider", [other.key, api.key]), instance("10.0.0.1:20880", "provider", [api.key], "nacos"), instance("10.0.0.1", "consumer", ["io.x.Used"])],
    });
    expect(choices).toEqual([
      { id: `10.0.0.1:20880 ${api.key}`, service: { interface: "io.x.Api", group: "demo", version: "1.0.0" }, key: "demo/io.x.Api:1.0.0", address: "10.0.0.1:20880", label: "demo/io.x.Api:1.0.0" },
      { id: "10.0.0.1:20880 io.x.Other", service: { interface: "io.x.Other", group: "", version: "" }, key: "io.x.Other", address: "10.0.0.1:20880", label: "io.x.Other" },
    ]);
  });

  it("on a host with several ports, offers each service at each port serving it, and says the address", () => {
    const api = ref("io.x.Api");
    const choices = addressMetricsChoices({
      provides: [api],
      instances: [instance("10.0.0.1:20881", "provider", [api.key]), instance("10.0.0.1:20880", "provider", [api.key]), instance("10.0.0.1:20882", "provider", ["io.x.NotListed"])],
    });
    expect(choices.map((c) => [c.address, c.label])).toEqual([
      ["10.0.0.1:20880", "io.x.Api at 10.0.0.1:20880"],
      ["10.0.0.1:20881", "io.x.Api at 10.0.0.1:20881"],
    ]);
  });

  it("is empty where nothing is provided", () => {
    expect(addressMetricsChoices({ provides: [], instances: [instance("10.0.0.1", "consumer", ["io.x.Api"])] })).toEqual([]);
  });
});
