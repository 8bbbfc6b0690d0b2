import { describe, expect, it } from "vitest";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import { parseDirectUrlAllowlist } from "@/lib/net/direct-url-allowlist";
import type { CatalogService } from "@/server/cluster/directory/catalog-snapshot";
import { directTargets, MAX_DIRECT_URLS } from "@/server/governance/invoke/direct-url-policy";

const KEY = "io.x.Svc";
const entry: CatalogService = {
  id: { interface: KEY, group: "", version: "" },
  providers: [
    { registry: "r", url: parseDubboUrl(`dubbo://10.0.0.5:20880/${KEY}?side=provider`), node: "n1" },
    { registry: "r", url: parseDubboUrl(`tri://10.0.0.5:50051/${KEY}?side=provider`), node: "n2" },
  ],
  routes: [],
};
const ALLOW = parseDirectUrlAllowlist("10.9.0.0/16:20880-20890");
const invoker = { role: "invoker", permissions: PRESET_ROLES.invoker };
const admin = { role: "admin", permissions: PRESET_ROLES.admin };

function codeOf(f: () => unknown): [string, unknown] {
  try {
    f();
  } catch (e) {
    if (isConsoleError(e)) return [e.code, e.details];
    throw e;
  }
  return ["none", undefined];
}

describe("directTargets", () => {
  it("lets any invoker call a registered dubbo provider of the service, in any spelling, and connects to its canonical address", () => {
    const targets = directTargets("dubbo://167772165:20880;dubbo://10.0.0.05:20880", entry, [], invoker, KEY);
    expect(targets.map((t) => [t.address, t.url.host, t.registered])).toEqual([
      ["10.0.0.5:20880", "10.0.0.5", true],
      ["10.0.0.5:20880", "10.0.0.5", true],
    ]);
  });

  it("refuses an address the service does not register over dubbo (its tri port included) and the allowlist does not name", () => {
    expect(codeOf(() => directTargets("dubbo://10.0.0.5:50051", entry, ALLOW, admin, KEY))).toEqual(["url_not_allowed", { address: "10.0.0.5:50051", service: KEY }]);
    expect(codeOf(() => directTargets("dubbo://10.0.0.5:20880;dubbo://127.0.0.1:2181", entry, ALLOW, admin, KEY))[0]).toBe("url_not_allowed");
    expect(codeOf(() => directTargets("dubbo://10.0.0.5:20880", undefined, [], admin, KEY))[0]).toBe("url_not_allowed");
  });

  it("takes a registered tri provider as registered over tri only: its port over dubbo, or the dubbo port over tri, is not the provider", () => {
    expect(directTargets("tri://10.0.0.5:50051", entry, [], invoker, KEY).map((t) => [t.address, t.url.protocol, t.registered])).toEqual([["10.0.0.5:50051", "tri", true]]);
    expect(codeOf(() => directTargets("tri://10.0.0.5:20880", entry, [], admin, KEY))).toEqual(["url_not_allowed", { address: "10.0.0.5:20880", service: KEY }]);
    expect(directTargets("tri://10.9.3.4:20885", entry, ALLOW, admin, KEY).map((t) => [t.address, t.url.protocol, t.registered])).toEqual([["10.9.3.4:20885", "tri", false]]);
  });

  it("lets an allowlisted address through only for a role with invoke.direct-url, marked unregistered", () => {
    expect(codeOf(() => directTargets("dubbo://10.9.3.4:20885", entry, ALLOW, invoker, KEY))).toEqual(["forbidden", { needed: "invoke.direct-url", role: "invoker" }]);
    expect(codeOf(() => directTargets("dubbo://10.9.3.4:20885", entry, ALLOW, undefined, KEY))[0]).toBe("forbidden");
    expect(directTargets("dubbo://10.9.3.4:20885", entry, ALLOW, admin, KEY).map((t) => [t.address, t.registered])).toEqual([["10.9.3.4:20885", false]]);
  });

  it("refuses an ambiguous spelling and more than the most addresses a call may name", () => {
    expect(codeOf(() => directTargets("dubbo://10.0.0.010:20880", entry, ALLOW, admin, KEY))[0]).toBe("url_syntax");
    const many = Array.from({ length: MAX_DIRECT_URLS + 1 }, () => "dubbo://10.0.0.5:20880").join(";");
    expect(codeOf(() => directTargets(many, entry, ALLOW, admin, KEY))[0]).toBe("validation_failed");
  });
});
