import { describe, expect, it } from "vitest";
import { copyPlan, rewrite, routeConfigKey, withoutCondition } from "@/lib/api/routing/config-route-change";
import type { ConfigRoute } from "@/lib/api/routing/config-routes";
import type { Route } from "@/lib/api/routing/routes";

const route = (over: Partial<Route> = {}): Route => ({
  id: "r1",
  registry: "zookeeper://127.0.0.1:2181",
  service: "io.x.Greeting",
  group: "",
  version: "",
  name: "r",
  rule: "=> host = 127.0.0.2",
  priority: 3,
  force: true,
  runtime: false,
  enabled: false,
  targets: ["registry"],
  configCenter: "none",
  origin: { writer: "console", loaded: true, reason: null },
  revision: "rev",
  node: "/dubbo/io.x.Greeting/routers/x",
  url: "route://0.0.0.0/io.x.Greeting",
  ...over,
});

const rule = (conditions: string[], format: "v3.0" | "v3.1" = "v3.0"): ConfigRoute => ({
  registry: "zookeeper://127.0.0.1:2181",
  node: "/dubbo/config/dubbo/io.x.Greeting::.condition-router",
  key: "io.x.Greeting::",
  scope: "service",
  service: { interface: "io.x.Greeting", version: "", group: "" },
  revision: 4,
  yaml: "",
  status: "active",
  rule:
    format === "v3.0"
      ? { format, configVersion: "v3.0", scope: "service", key: "io.x.Greeting::", enabled: true, force: false, runtime: true, priority: 0, valid: true, conditions }
      : { format, configVersion: "v3.1", scope: "service", key: "io.x.Greeting::", enabled: true, force: false, runtime: true, priority: 0, valid: true, conditions: [] },
  problem: null,
  notes: [],
  readers: "",
  consumers: [],
});

describe("copying a registry route to the config center", () => {
  it("keys the service rule by interface, version and group, empty parts kept", () => {
    expect(routeConfigKey(route())).toBe("io.x.Greeting::");
    expect(routeConfigKey(route({ group: "g", version: "1.0.0" }))).toBe("io.x.Greeting:1.0.0:g");
  });

  it("creates the rule with the route's flags when there is none", () => {
    expect(copyPlan(route(), null)).toEqual({
      type: "create",
      body: { registry: "zookeeper://127.0.0.1:2181", scope: "service", key: "io.x.Greeting::", enabled: false, force: true, priority: 3, runtime: false, conditions: ["=> host = 127.0.0.2"] },
    });
  });

  it("appends the condition to an existing rule, keeping its flags and naming its revision", () => {
    const plan = copyPlan(route(), rule(["host = 1.1.1.1 => host = 2.2.2.2"]));
    expect(plan).toEqual({
      type: "append",
      body: { registry: "zookeeper://127.0.0.1:2181", scope: "service", key: "io.x.Greeting::", enabled: true, force: false, priority: 0, runtime: true, conditions: ["host = 1.1.1.1 => host = 2.2.2.2", "=> host = 127.0.0.2"], revision: 4 },
    });
  });

  it("adds nothing when the rule already holds the condition, and refuses a v3.1 rule", () => {
    expect(copyPlan(route(), rule(["=> host = 127.0.0.2"]))).toEqual({ type: "present" });
    expect(() => copyPlan(route(), rule([], "v3.1"))).toThrow(TypeError);
  });
});

describe("changing a listed config-center rule", () => {
  const r = rule(["a = 1 => b = 2", "=> c = 3"]) as ConfigRoute & { rule: { format: "v3.0" } };

  it("disables it keeping its conditions and revision", () => {
    expect(rewrite(r, { enabled: false })).toMatchObject({ enabled: false, conditions: ["a = 1 => b = 2", "=> c = 3"], revision: 4 });
  });

  it("removes one condition, and gives nothing for the last one (the rule must be deleted instead)", () => {
    expect(withoutCondition(r, 0)?.conditions).toEqual(["=> c = 3"]);
    const single = rule(["=> c = 3"]) as ConfigRoute & { rule: { format: "v3.0" } };
    expect(withoutCondition(single, 0)).toBeNull();
  });
});
