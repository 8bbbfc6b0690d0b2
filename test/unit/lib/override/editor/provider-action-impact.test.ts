import { describe, expect, it } from "vitest";
import { providerActionImpact, scaledWeight } from "@/lib/override/editor/provider-action-impact";

const p = (address: string, weight = 100, disabled = false) => ({ address, weight, enabled: true, disabled });
const consumers = [{ application: "storefront-27", host: "10.0.0.9", release: "2.7.23" }];

describe("providerActionImpact", () => {
  it("takes one of two providers offline: the other serves every call", () => {
    const impact = providerActionImpact([p("10.0.0.1:20880"), p("10.0.0.2:20880")], consumers, "10.0.0.1:20880", { kind: "offline" });
    expect(impact).toEqual({
      affected: consumers,
      usableBefore: 2,
      usableAfter: 1,
      strands: false,
      shares: [
        { address: "10.0.0.1:20880", before: 50, after: 0 },
        { address: "10.0.0.2:20880", before: 50, after: 100 },
      ],
    });
  });

  it("says the consumers are left with none when the last usable provider goes offline", () => {
    const impact = providerActionImpact([p("10.0.0.1:20880"), p("10.0.0.2:20880", 100, true)], consumers, "10.0.0.1:20880", { kind: "offline" });
    expect([impact.usableAfter, impact.strands]).toEqual([0, true]);
  });

  it("brings a disabled provider back into the shares", () => {
    const impact = providerActionImpact([p("10.0.0.1:20880"), p("10.0.0.2:20880", 100, true)], consumers, "10.0.0.2:20880", { kind: "online" });
    expect(impact.shares).toEqual([
      { address: "10.0.0.1:20880", before: 100, after: 50 },
      { address: "10.0.0.2:20880", before: 0, after: 50 },
    ]);
  });

  it("splits the calls 90/10 after weight 900 on one of two providers of weight 100", () => {
    const impact = providerActionImpact([p("10.0.0.1:20880"), p("10.0.0.2:20880")], consumers, "10.0.0.1:20880", { kind: "weight", weight: 900 });
    expect(impact.shares.map((s) => [s.before, s.after])).toEqual([
      [50, 90],
      [50, 10],
    ]);
  });
});

describe("scaledWeight", () => {
  it("doubles and halves within Dubbo's int weight, never halving a positive weight to 0", () => {
    expect([scaledWeight(100, 2), scaledWeight(100, 0.5), scaledWeight(1, 0.5), scaledWeight(0, 0.5), scaledWeight(2147483647, 2)]).toEqual([200, 50, 1, 0, 2147483647]);
  });
});
