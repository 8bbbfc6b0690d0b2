import { describe, expect, it } from "vitest";
import { grayAppRoutes, grayStepDraft, grayTagDraft, othersWeight, parseGraySteps, shareAt } from "@/lib/gray/gray-plan";

describe("a gray release by weight", () => {
  it("reads the steps as ascending whole percents and says what is wrong otherwise", () => {
    expect(parseGraySteps("10, 50 100%")).toEqual({ ok: true, steps: [10, 50, 100] });
    expect(parseGraySteps("")).toMatchObject({ ok: false, message: expect.stringContaining("at least one step") });
    expect(parseGraySteps("10, 0")).toMatchObject({ ok: false, message: expect.stringContaining('"0" is not a share') });
    expect(parseGraySteps("50, 20")).toMatchObject({ ok: false, message: expect.stringContaining("more than the one before") });
    expect(parseGraySteps("101")).toMatchObject({ ok: false });
  });

  it("weighs the other providers so the new ones get the step's share", () => {
    // One new provider at 100 against one other: 10 % is the other at 900.
    expect(othersWeight(10, [100], 1)).toBe(900);
    expect(shareAt(900, [100], 1)).toBe(10);
    // Two new at 100 against three others: 50 % is the others at 67 (200 / (200 + 201) ≈ 49.9 %).
    expect(othersWeight(50, [100, 100], 3)).toBe(67);
    expect(shareAt(67, [100, 100], 3)).toBe(49.9);
    // All calls to the new ones: the others weigh 0.
    expect(othersWeight(100, [100], 2)).toBe(0);
    expect(shareAt(0, [100], 2)).toBe(100);
    // A tiny share is capped, never 0 below 100 %.
    expect(othersWeight(1, [1_000_000], 1)).toBe(1_000_000);
    expect(othersWeight(99, [1], 10)).toBe(1);
  });

  it("writes one consumer-side override of the others' weight", () => {
    const draft = grayStepDraft({ service: "a.Svc", group: "", version: "1.0", newAddresses: ["10.0.0.2:20880"], steps: [10] }, ["10.0.0.1:20880"], 900);
    expect(draft).toEqual({ scope: "service", service: "a.Svc", version: "1.0", side: "consumer", providerAddresses: ["10.0.0.1:20880"], parameters: { weight: "900" }, enabled: true });
  });
});

describe("a gray release by tag", () => {
  it("names the new providers under the tag, by the entry every release matches", () => {
    expect(grayTagDraft("gray", [{ host: "127.0.0.2", port: 20880 }, { host: "10.0.0.5", port: 20881 }])).toEqual({
      force: false,
      enabled: true,
      runtime: true,
      priority: 0,
      tags: [{ name: "gray", addresses: ["127.0.0.2/32", "10.0.0.5:20881"], match: [] }],
    });
  });
});

describe("a gray release to chosen consumer applications", () => {
  it("is two condition routes whose when-sides never both match, by provider address", () => {
    expect(grayAppRoutes(["shop", "cart"], ["10.0.0.5:20880", "10.0.0.6:20880"])).toEqual([
      { name: "gray-release-to-applications", rule: "application = shop,cart => address = 10.0.0.5:20880,10.0.0.6:20880" },
      { name: "gray-release-to-others", rule: "application != shop,cart => address != 10.0.0.5:20880,10.0.0.6:20880" },
    ]);
  });
});
