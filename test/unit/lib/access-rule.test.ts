import { describe, expect, it } from "vitest";
import { accessRouteName, accessRuleText, blocks, readAccessRule } from "@/lib/access/access-rule";

describe("access rules as condition routes", () => {
  it("writes block and allow lists in the forms Dubbo operators write by hand", () => {
    expect(accessRuleText({ mode: "block", hosts: ["10.0.0.3"], applications: [] })).toBe("host = 10.0.0.3 => false");
    expect(accessRuleText({ mode: "block", hosts: [], applications: ["a", "b"] })).toBe("application = a,b => false");
    expect(accessRuleText({ mode: "allow", hosts: ["10.0.0.1", "10.0.0.2"], applications: [] })).toBe("host != 10.0.0.1,10.0.0.2 => false");
    expect(accessRuleText({ mode: "allow", hosts: ["10.0.0.1"], applications: ["a"] })).toBe("host != 10.0.0.1 & application != a => false");
    expect([accessRouteName({ mode: "block", hosts: ["h"], applications: [] }), accessRouteName({ mode: "block", hosts: [], applications: ["a"] }), accessRouteName({ mode: "allow", hosts: [], applications: ["a"] })]).toEqual([
      "access-block-hosts",
      "access-block-applications",
      "access-allow",
    ]);
  });

  it("reads back what it wrote, and nothing else", () => {
    for (const draft of [
      { mode: "block" as const, hosts: ["10.0.0.3", "10.0.0.4"], applications: [] },
      { mode: "block" as const, hosts: [], applications: ["shop"] },
      { mode: "allow" as const, hosts: ["10.0.0.1"], applications: ["a", "b"] },
      { mode: "allow" as const, hosts: [], applications: ["a"] },
    ]) {
      expect(readAccessRule(accessRouteName(draft), accessRuleText(draft))).toEqual(draft);
    }
    expect(readAccessRule("my-route", "host = 10.0.0.3 => false")).toBeNull();
    expect(readAccessRule("access-block-hosts", "application = a => false")).toBeNull();
    expect(readAccessRule("access-block-hosts", "host = 10.0.0.3 => host = 10.0.0.4")).toBeNull();
    expect(readAccessRule("access-allow", "application != a & host != h => false")).toBeNull();
  });

  it("blocks the listed consumers, or all but the listed ones", () => {
    const shop = { host: "10.0.0.3", application: "shop" };
    const billing = { host: "10.0.0.4", application: "billing" };
    expect([blocks({ mode: "block", hosts: [], applications: ["shop"] }, shop), blocks({ mode: "block", hosts: [], applications: ["shop"] }, billing)]).toEqual([true, false]);
    const allow = { mode: "allow" as const, hosts: ["10.0.0.4"], applications: ["shop"] };
    expect([blocks(allow, shop), blocks(allow, billing), blocks(allow, { host: "10.0.0.9", application: "x" })]).toEqual([false, false, true]);
  });
});
