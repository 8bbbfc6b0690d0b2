import { describe, expect, it } from "vitest";
import { routeCondition, type ConditionRouteInput } from "@/lib/routing/evaluate/condition-route";
import { RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { UrlSyntaxError } from "@/lib/dubbo/url";

const CONSUMER = "consumer://127.0.0.1/com.foo.BarService?application=shop";
/** Sets zone too: in 2.7 that zone is merged into every provider URL. */
const ZONED_CONSUMER = `${CONSUMER}&zone=z1`;
const A = "dubbo://127.0.0.2:20880/com.foo.BarService?zone=z1";
const B = "dubbo://10.0.0.3:20881/com.foo.BarService?zone=z2";

function run(rule: string, extra: Partial<ConditionRouteInput> = {}) {
  return routeCondition({ rule, semantics: "2.7", consumer: CONSUMER, providers: [A, B], ...extra });
}

const reasons = (r: ReturnType<typeof run>) => r.providers.map((p) => p.reason);

describe("reasons an operator reads", () => {
  it("says which pattern kept a provider and which value dropped one", () => {
    expect(reasons(run("=> host = 127.0.0.*"))).toEqual(['kept: host 127.0.0.2 matches "127.0.0.*"', 'dropped: host 10.0.0.3 does not match "127.0.0.*"']);
    expect(reasons(run("=> port = 20880"))).toEqual(['kept: port 20880 matches "20880"', "dropped: port 20881 is not in 20880"]);
    expect(reasons(run("=> port != 20880"))).toEqual(['dropped: port 20880 matches the excluded "20880"', "kept: port 20881 is not in the excluded 20880"]);
  });

  it("shows what a $name pattern stood for on the consumer", () => {
    expect(reasons(run("=> zone = $zone", { semantics: "3.x", consumer: ZONED_CONSUMER }))).toEqual([
      'kept: zone z1 matches "$zone" (the consumer\'s "z1")',
      'dropped: zone z2 does not match "$zone" (the consumer\'s "z1")',
    ]);
  });

  it("explains the fallback of force=false and the empty result of force=true", () => {
    const fallback = run("=> host = 9.9.9.9");
    expect([fallback.outcome, fallback.result, fallback.summary]).toEqual(["empty-fallback", [A, B], "No provider matches the then side and force=false: Dubbo falls back to all 2 providers."]);
    expect(fallback.providers[0]!.reason).toBe("kept: no provider matched and force=false, so Dubbo falls back to all providers (this one: host 127.0.0.2 is not in 9.9.9.9)");
    const forced = run("=> host = 9.9.9.9", { force: true });
    expect([forced.outcome, forced.result]).toEqual(["empty-forced", []]);
    expect(forced.providers[1]!.reason).toBe("dropped: host 10.0.0.3 is not in 9.9.9.9; no provider matched and force=true, so the consumer gets none");
  });

  it("says when the route does not concern the consumer, and why", () => {
    const r = run("application = billing => host = 9.9.9.9");
    expect([r.outcome, r.whenMatched, r.result]).toEqual(["when-not-matched", false, [A, B]]);
    expect(r.providers[0]!.reason).toBe("kept: the route does not apply to this consumer (application shop is not in billing)");
    expect(r.when.keys.map((k) => [k.key, k.value, k.matched])).toEqual([["application", "shop", false]]);
  });

  it("explains a blacklist", () => {
    const r = run("application = shop => false");
    expect(r.providers[0]!.reason).toBe('dropped: the consumer matches the when side (application shop matches "shop") and the then side is false, a blacklist: it gets no provider');
  });

  it("names missing keys by the rule of the version", () => {
    expect(reasons(run("=> env = prod", { force: true }))[0]).toBe(
      "dropped: env is missing, which fails a condition with = values in Dubbo 2.7; no provider matched and force=true, so the consumer gets none",
    );
    expect(reasons(run("=> env != prod"))[0]).toBe("kept: env is missing, which passes a condition without = values in Dubbo 2.7");
    expect(reasons(run("=> env != prod", { semantics: "3.x" }))[0]).toContain("env is missing, which fails any condition in Dubbo 3.x");
  });

  it("says where a 2.7 then value came from when it is not the provider's own", () => {
    const r = run("=> application = shop");
    expect(r.providers[0]!.reason).toBe('kept: application (the consumer\'s, which Dubbo 2.7 merges into the provider URL) shop matches "shop"');
    const zoned = run("=> zone = z2", { consumer: ZONED_CONSUMER, force: true });
    expect([zoned.result, zoned.providers[1]!.reason]).toEqual([
      [],
      "dropped: zone (the consumer's, which Dubbo 2.7 merges into the provider URL) z1 is not in z2; no provider matched and force=true, so the consumer gets none",
    ]);
  });

  it("joins several keys with and, keeping only the failing ones for a drop", () => {
    const r = run("=> zone = z1 & port = 20880,20881");
    expect(reasons(r)).toEqual(['kept: zone z1 matches "z1" and port 20880 matches "20880"', "dropped: zone z2 is not in z1"]);
  });

  it("explains a 3.x range and its reading of non-numbers", () => {
    const r = routeCondition({ rule: "attachments[uid] = 1~100 => zone = z1", semantics: "3.x", consumer: CONSUMER, providers: [A], invocation: { attachments: { uid: "42" } } });
    expect(r.when.keys[0]!.text).toBe('attachments[uid] 42 matches "1~100"');
    const nan = routeCondition({ rule: "attachments[uid] = 1~100 => zone = z1", semantics: "3.x", consumer: CONSUMER, providers: [A], invocation: { attachments: { uid: "x" } } });
    expect(nan.when.keys[0]!.text).toBe('attachments[uid] x does not match "1~100" (Dubbo 3.x reads x as 0 for "1~100")');
  });
});

describe("the shape of an answer", () => {
  it("keeps input order and duplicates in result, as given", () => {
    const r = run("=> zone = z1", { providers: [B, A, A] });
    expect(r.result).toEqual([A, A]);
    expect(r.providers.map((p) => p.kept)).toEqual([false, true, true]);
  });

  it("shares one explanation between providers with the same value", () => {
    const r = run("=> zone = z1", { providers: [A, A] });
    expect(r.providers[0]!.conditions).toBe(r.providers[1]!.conditions);
  });

  it("does not parse or apply a disabled route, even one Java would reject", () => {
    const r = run("a == b", { enabled: false });
    expect([r.outcome, r.result, r.when.evaluated]).toEqual(["disabled", [A, B], false]);
  });

  it("reports matchWhen true for a disabled route, as Java's matchWhen on conditions it never parsed", () => {
    for (const rule of ["a == b", "application = billing => host = 9.9.9.9"]) {
      expect(run(rule, { enabled: false }).whenMatched).toBe(true);
    }
  });

  it("routes nothing when there are no providers, yet evaluates when as Java's matchWhen would", () => {
    const applies = run("host = 127.0.0.1 => host = 1.1.1.1", { providers: [] });
    expect([applies.outcome, applies.result, applies.when.evaluated, applies.whenMatched]).toEqual(["no-providers", [], true, true]);
    const other = run("host = 10.0.0.9 => host = 1.1.1.1", { providers: [] });
    expect([other.outcome, other.whenMatched, other.summary]).toEqual(["no-providers", false, "There are no providers to route; the route does not apply to this consumer (host 127.0.0.1 is not in 10.0.0.9)."]);
  });

  it("reports matchWhen as evaluated on a blacklist and on an empty forced result alike", () => {
    expect([run("application = shop => false").whenMatched, run("=> host = 9.9.9.9", { force: true }).whenMatched]).toEqual([true, true]);
  });

  it("routes an exactly empty 2.7 rule as URLStrParser.addParam reads `rule=`: the rule `rule`, which drops only URLs with a rule parameter", () => {
    const r = run("", { providers: [A, B, `${A}&rule=x`], force: true });
    expect([r.outcome, r.whenMatched, r.result]).toEqual(["filtered", true, [A, B]]);
    expect(r.providers[2]!.reason).toBe("dropped: rule x has no value to match in the rule, which never matches");
    // 2.7 merges the consumer's parameters into every provider URL, a rule parameter too.
    expect(run("", { consumer: `${CONSUMER}&rule=y` }).outcome).toBe("empty-fallback");
    expect(() => run("", { semantics: "3.x" })).toThrow(RuleSyntaxError);
  });

  it("marks an empty when as matching every consumer", () => {
    const r = run("=> zone = z1");
    expect([r.whenMatched, r.when.empty, r.when.keys]).toEqual([true, true, []]);
  });

  it("throws RuleSyntaxError for a rule Java rejects, with its offset", () => {
    expect(() => run("host = 1 => port == 2")).toThrow(RuleSyntaxError);
    try {
      run("host = 1 => port == 2");
    } catch (e) {
      expect((e as RuleSyntaxError).offset).toBe(17);
    }
  });

  it("throws UrlSyntaxError for a URL the consumer could not parse", () => {
    expect(() => run("=> zone = z1", { providers: ["dubbo://u@10.0.0.1:20880/x"] })).toThrow(UrlSyntaxError);
    expect(() => run("=> zone = z1", { semantics: "3.x", providers: ["dubbo://u@10.0.0.1:20880/x"] })).not.toThrow();
    expect(() => run("=> zone = z1", { semantics: "3.x", providers: ["dubbo://10.0.0.1:20880/x?side=both"] })).toThrow(UrlSyntaxError);
    expect(() => run("=> zone = z1", { providers: ["dubbo://10.0.0.1:port/x"] })).toThrow(UrlSyntaxError);
  });
});
