import { describe, expect, it } from "vitest";
import { consumerServiceRuleKey, parseRuleNodeName, ruleKeyProblem, ruleNodePath, serviceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { parseDubboUrl } from "@/lib/dubbo/url";

describe("config-center rule keys, as Dubbo's getColonSeparatedKey renders them", () => {
  it("keeps both colons when version or group is empty", () => {
    expect(serviceRuleKey({ interface: "com.foo.Svc", version: "", group: "" })).toBe("com.foo.Svc::");
    expect(serviceRuleKey({ interface: "com.foo.Svc", version: "1.0.0", group: "" })).toBe("com.foo.Svc:1.0.0:");
    expect(serviceRuleKey({ interface: "com.foo.Svc", version: "", group: "g" })).toBe("com.foo.Svc::g");
  });

  it("renders a consumer's key from its URL parameters as written: interface, else the path; 0.0.0 kept; blank left empty", () => {
    expect(consumerServiceRuleKey(parseDubboUrl("consumer://10.0.0.1/com.foo.Svc?application=a&version=0.0.0&group="))).toBe("com.foo.Svc:0.0.0:");
    expect(consumerServiceRuleKey(parseDubboUrl("consumer://10.0.0.1/path.Alias?interface=com.foo.Svc&group=a,b"))).toBe("com.foo.Svc::a,b");
  });

  it("puts a rule at {root}/config/dubbo/{key}.condition-router", () => {
    expect(ruleNodePath("/dubbo", "com.foo.Svc::")).toBe("/dubbo/config/dubbo/com.foo.Svc::.condition-router");
    expect(ruleNodePath("/", "app")).toBe("/config/dubbo/app.condition-router");
  });
});

describe("the names of config-center nodes", () => {
  it("reads a service key into its parts and an application key as a name", () => {
    expect(parseRuleNodeName("com.foo.Svc:1.0.0:g.condition-router")).toEqual({ key: "com.foo.Svc:1.0.0:g", scope: "service", service: { interface: "com.foo.Svc", version: "1.0.0", group: "g" } });
    expect(parseRuleNodeName("demo-consumer.condition-router")).toEqual({ key: "demo-consumer", scope: "application", service: null });
  });

  it("takes a key with one colon for a service key no consumer reads", () => {
    expect(parseRuleNodeName("com.foo.Svc:1.0.0.condition-router")).toEqual({ key: "com.foo.Svc:1.0.0", scope: "service", service: null });
  });

  it("skips nodes that are not condition rules", () => {
    for (const name of ["com.foo.Svc::.configurators", "demo.tag-router", "dubbo.properties", ".condition-router"]) expect(parseRuleNodeName(name)).toBeNull();
  });
});

describe("keys the console writes", () => {
  it("accepts a full service key and an application name", () => {
    expect(ruleKeyProblem("service", "com.foo.Svc::")).toBeNull();
    expect(ruleKeyProblem("service", "com.foo.Svc:1.0.0:a,b")).toBeNull();
    expect(ruleKeyProblem("application", "demo-consumer")).toBeNull();
  });

  it.each([
    ["service", "com.foo.Svc", /interface:version:group/],
    ["service", "com.foo.Svc:1.0.0", /interface:version:group/],
    ["service", "::", /interface:version:group/],
    ["application", "a:b", /without ":"/],
    ["application", "a/b", /must not contain "\/"/],
    ["application", " a", /white space/],
    ["application", "..", /must not be/],
    ["application", "a\u0001", /control characters/],
    ["application", "", /must not be empty/],
    ["application", "x".repeat(513), /at most 512/],
  ] as const)("refuses the %s key %j", (scope, key, message) => {
    expect(ruleKeyProblem(scope, key)).toMatch(message);
  });
});
