import { describe, expect, it } from "vitest";
import { unavailableState } from "@/lib/api/registry-unavailable";

describe("unavailableState (issue 15 item 22, the Services page's callout)", () => {
  it("says the list is being built, with the services built so far", () => {
    expect(unavailableState({ building: true, sources: ["zookeeper://10.0.0.1:2181"], services: 1234 })).toEqual({ type: "building", services: 1234, sources: ["zookeeper://10.0.0.1:2181"] });
  });

  it("says a registry is being read while its first read is under way, not that none was read", () => {
    const registries = [
      { source: "zookeeper://a:2181", state: "connected", cause: null, reading: 812 },
      { source: "zookeeper://b:2181", state: "connecting", cause: "connection refused by b:2181", reading: null },
    ];
    expect(unavailableState({ registries })).toEqual({ type: "reading", registries });
  });

  it("says the registries are unreachable when none is being read", () => {
    const registries = [{ source: "zookeeper://a:2181", state: "connecting", cause: "connection refused by a:2181", reading: null }];
    expect(unavailableState({ registries })).toEqual({ type: "unreachable", registries });
    // An older server's details, without `reading`.
    expect(unavailableState({ registries: [{ source: "zookeeper://a:2181", state: "lost", cause: null }] }).type).toBe("unreachable");
  });

  it("falls back when the details are not as expected", () => {
    expect(unavailableState(undefined)).toEqual({ type: "unknown" });
    expect(unavailableState({ registries: [] })).toEqual({ type: "unknown" });
    expect(unavailableState({ building: true })).toEqual({ type: "unknown" });
  });
});
