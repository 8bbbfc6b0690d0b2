import { describe, expect, it } from "vitest";
import { AUDIT_KINDS } from "@/lib/api/audit";
import { configChangeKind } from "@/server/governance/audit/config-audit";
import { routeChangeKind } from "@/server/governance/audit/route-audit";
import { GRAY_FLOW_AUDIT_KINDS } from "@/server/governance/gray/gray-flow-store";
import { PROTO_AUDIT_KINDS } from "@/server/governance/invoke/proto-uploads";
import { QOS_AUDIT_KINDS } from "@/server/observability/qos/qos-service";
import { CONDITION_ROUTE_AUDIT_KINDS, OVERRIDE_AUDIT_KINDS, TAG_ROUTE_AUDIT_KINDS } from "@/server/governance/rules/rule-kind-runtime";

describe("the rule kinds' audit kinds", () => {
  it("with invoke, are every audit kind, each owned by one rule kind", () => {
    const owned = [...CONDITION_ROUTE_AUDIT_KINDS, ...OVERRIDE_AUDIT_KINDS, ...TAG_ROUTE_AUDIT_KINDS, ...GRAY_FLOW_AUDIT_KINDS, ...QOS_AUDIT_KINDS, ...PROTO_AUDIT_KINDS, "invoke"];
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual([...AUDIT_KINDS].sort());
  });

  it("hold the kinds the stores' audit entries record", () => {
    expect(CONDITION_ROUTE_AUDIT_KINDS).toContain(routeChangeKind(null, null));
    expect(OVERRIDE_AUDIT_KINDS).toContain(configChangeKind(null, null));
    expect(CONDITION_ROUTE_AUDIT_KINDS.every((k) => k.startsWith("route.") || k.startsWith("config-route."))).toBe(true);
    expect(OVERRIDE_AUDIT_KINDS.every((k) => k.startsWith("config."))).toBe(true);
    expect(TAG_ROUTE_AUDIT_KINDS.every((k) => k.startsWith("tag-route."))).toBe(true);
  });
});
