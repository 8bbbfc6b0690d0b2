import { describe, expect, it } from "vitest";
import { prefixesToInvalidate } from "@/lib/api/client/invalidation";

describe("prefixesToInvalidate", () => {
  it("refetches a changed service's detail and every list or entity that counts services", () => {
    expect(prefixesToInvalidate([{ type: "service", key: "demo/io.x.A:1.0", kind: "providers" }])).toEqual([
      ["services"],
      ["applications"],
      ["application"],
      ["address"],
      ["config-routes"],
      ["tag-routes"],
      ["service", "demo/io.x.A:1.0"],
      ["routes", "preview", "demo/io.x.A:1.0"],
    ]);
  });

  it("refetches the tag rules and the audit trail when a tag rule changes", () => {
    expect(prefixesToInvalidate([{ type: "tag-routes", application: "demo-provider" }])).toEqual([["tag-routes"], ["audit"]]);
    expect(prefixesToInvalidate([{ type: "tag-routes", application: "a" }, { type: "configs", key: "b" }])).toEqual([["configs"], ["audit"], ["tag-routes"]]);
  });

  it("names each changed service once, however many events a burst brings", () => {
    const prefixes = prefixesToInvalidate([
      { type: "service", key: "io.x.A", kind: "providers" },
      { type: "service", key: "io.x.B", kind: "consumers" },
      { type: "service", key: "io.x.A", kind: "removed" },
    ]);
    expect(prefixes).not.toBe("all");
    expect((prefixes as unknown[][]).filter((p) => p[0] === "service")).toEqual([
      ["service", "io.x.A"],
      ["service", "io.x.B"],
    ]);
  });

  it("refetches everything on a registry change (stale markers ride on every answer) and on reset", () => {
    expect(prefixesToInvalidate([{ type: "service", key: "io.x.A", kind: "providers" }, { type: "registry", registry: "zookeeper://zk:2181" }])).toBe("all");
    expect(prefixesToInvalidate([{ type: "reset" }])).toBe("all");
  });

  it("refetches every routes list and the audit trail when a service's routes changed, and nothing else for that", () => {
    expect(prefixesToInvalidate([{ type: "routes", service: "io.x.A" }, { type: "routes", service: "io.x.B" }])).toEqual([["routes"], ["audit"]]);
    const both = prefixesToInvalidate([{ type: "routes", service: "io.x.A" }, { type: "service", key: "io.x.A", kind: "routers" }]);
    expect(both).toContainEqual(["routes"]);
    expect(both).toContainEqual(["service", "io.x.A"]);
  });

  it("refetches a changed service's route previews (they route its providers and consumers), once routes are not all refetched anyway", () => {
    expect(prefixesToInvalidate([{ type: "service", key: "io.x.A", kind: "providers" }])).toContainEqual(["routes", "preview", "io.x.A"]);
    const both = prefixesToInvalidate([{ type: "routes", service: "io.x.A" }, { type: "service", key: "io.x.A", kind: "providers" }]) as unknown[][];
    expect(both.filter((p) => p[0] === "routes")).toEqual([["routes"]]);
  });

  it("refetches nothing for no events", () => {
    expect(prefixesToInvalidate([])).toEqual([]);
  });
});
