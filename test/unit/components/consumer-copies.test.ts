import { describe, expect, it } from "vitest";
import { consumerForRule, defaultTargets, releaseSemantics, targetsInWords } from "@/components/routes/consumer-copies";
import { checkRule } from "@/components/routes/route-form-schema";
import { BLANK_RULE_MESSAGE } from "@/lib/routing/parse/rule-syntax-error";

const SERVICE = "com.foo.BarService";
const consumer = (application: string, release: string) => ({ application, host: "10.0.0.1", release, url: `consumer://10.0.0.1/${SERVICE}?application=${application}&release=${release}` });
const c27 = consumer("shop-27", "2.7.23");
const c33 = consumer("shop-33", "3.3.6");

describe("where a new route goes, by its service's registered consumers", () => {
  it("goes to the registry alone for 2.x consumers, and to the config center too when one is Dubbo 3.0.5+", () => {
    expect(defaultTargets([c27])).toEqual(["registry"]);
    expect(defaultTargets([c27, c33])).toEqual(["registry", "config-center"]);
    expect(defaultTargets([consumer("old-30", "3.0.4")])).toEqual(["registry"]);
    expect(defaultTargets([])).toEqual(["registry"]);
  });

  it("says who obeys which copy, and who a registry-only save leaves out", () => {
    expect(targetsInWords(true, [c27, c33])).toBe("Saves to the registry, obeyed by shop-27 (Dubbo 2.7.23), and to the config center, obeyed by shop-33 (Dubbo 3.3.6).");
    expect(targetsInWords(false, [c27, c33])).toBe("Saves to the registry, obeyed by shop-27 (Dubbo 2.7.23) only: shop-33 (Dubbo 3.3.6) will not obey it (they read only the config center).");
  });

  it("previews a consumer with the semantics of the copy its release obeys", () => {
    expect([releaseSemantics("2.7.23"), releaseSemantics("3.0.4"), releaseSemantics("3.3.6"), releaseSemantics("")]).toEqual(["2.7", "2.7", "3.x", null]);
  });

  it("picks the first consumer the rule applies to, else the first", () => {
    expect(consumerForRule([c27, c33], "application = shop-33 => host = 1.1.1.1")).toBe(c33);
    expect(consumerForRule([c27, c33], "application = nobody => host = 1.1.1.1")).toBe(c27);
    expect(consumerForRule([c27, c33], "")).toBe(c27);
  });
});

describe("the editor's check of a rule", () => {
  it("refuses a blank rule at offset 0 as Dubbo does, though 2.7 would read an empty rule= as a rule", () => {
    expect(checkRule("")).toEqual({ message: BLANK_RULE_MESSAGE, offset: 0 });
    expect(checkRule(" \t")).toEqual({ message: BLANK_RULE_MESSAGE, offset: 0 });
  });

  it("leaves the 0-based offset out of the message, which the editor prefixes with a 1-based character", () => {
    const check = checkRule("host = 1 => , x")!;
    expect(check.offset).toBe(12);
    expect(check.message).not.toMatch(/offset/);
    expect(check.message).toContain('","');
  });
});
