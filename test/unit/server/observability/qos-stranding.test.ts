import { describe, expect, it } from "vitest";
import type { ServiceEntry } from "@/server/governance/catalog/service-entry";
import { strandedWithout } from "@/server/observability/qos/qos-service";

const consumer = { application: "shop", address: "10.0.0.9", release: "2.7.23", node: encodeURIComponent("consumer://10.0.0.9/a.B?application=shop") };
const entry = (addresses: string[], consumers = [consumer]) => ({ providers: addresses.map((address) => ({ address })), consumers }) as unknown as ServiceEntry;

describe("strandedWithout", () => {
  it("names every consumer when the address holds the service's last providers", () => {
    expect(strandedWithout(entry(["10.0.0.1:20880"]), "10.0.0.1:20880")).toEqual([{ application: "shop", host: "10.0.0.9", release: "2.7.23", url: "consumer://10.0.0.9/a.B?application=shop", before: 1 }]);
    // Two registrations at the one address (two protocols, two registries) are both gone.
    expect(strandedWithout(entry(["10.0.0.1:20880", "10.0.0.1:20880"]), "10.0.0.1:20880").map((c) => c.before)).toEqual([2]);
  });

  it("names none while another address provides, when nothing is provided, or when no consumer is registered", () => {
    expect(strandedWithout(entry(["10.0.0.1:20880", "10.0.0.2:20880"]), "10.0.0.1:20880")).toEqual([]);
    expect(strandedWithout(entry([]), "10.0.0.1:20880")).toEqual([]);
    expect(strandedWithout(entry(["10.0.0.1:20880"], []), "10.0.0.1:20880")).toEqual([]);
    expect(strandedWithout(undefined, "10.0.0.1:20880")).toEqual([]);
  });
});
