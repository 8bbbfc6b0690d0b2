import { describe, expect, it } from "vitest";
import type { RegistryStatus } from "@/lib/api/registry-state";
import { describeRegistryState, summariseRegistries } from "@/lib/format/registry-state";

const status = (state: RegistryStatus["state"], syncedAt: number | null = 1): RegistryStatus => ({
  source: "zookeeper://zk:2181",
  servers: ["zk:2181"],
  root: "/dubbo",
  state,
  history: [state],
  syncedAt,
  serviceCount: 0,
  lastHeardAt: null,
  lastError: null,
  stale: null,
  invalidNodes: [],
});

describe("registry state for operators", () => {
  it.each([
    [{ type: "connecting", since: 0, attempts: 0 } as const, "Unreachable", "bad"],
    [{ type: "connected", since: 0, sessionId: "abc", server: "zk:2181" } as const, "Connected", "good"],
    [{ type: "suspended", since: 0 } as const, "Suspended", "warn"],
    [{ type: "lost", since: 0, reason: "session expired" } as const, "Lost", "bad"],
    [{ type: "closed", since: 0 } as const, "Closed", "neutral"],
  ])("labels %j as %s (%s)", (state, label, tone) => {
    expect(describeRegistryState(state)).toMatchObject({ label, tone });
  });

  it("summarises several registries by the worst, and a connected but unsynced one as syncing", () => {
    const connected = status({ type: "connected", since: 0, sessionId: "a", server: "zk:2181" });
    expect(summariseRegistries([connected, connected])).toEqual({ label: "Connected", tone: "good" });
    expect(summariseRegistries([connected, status({ type: "suspended", since: 0 })])).toEqual({ label: "Suspended (1 of 2+)", tone: "warn" });
    expect(summariseRegistries([status({ type: "connected", since: 0, sessionId: "a", server: "zk:2181" }, null)])).toEqual({ label: "Syncing", tone: "warn" });
    expect(summariseRegistries([])).toEqual({ label: "No registry", tone: "bad" });
  });

  it("shows a connected registry whose last view is served, not a live one, in amber", () => {
    const connected = status({ type: "connected", since: 0, sessionId: "a", server: "zk:2181" });
    const rereading = { ...connected, stale: { since: 0, ageMs: 4_000, reason: "rereading" as const } };
    expect(summariseRegistries([rereading])).toEqual({ label: "Re-reading", tone: "warn" });
    expect(summariseRegistries([connected, rereading])).toEqual({ label: "Re-reading (1 of 2+)", tone: "warn" });
    const suspended = { ...status({ type: "suspended", since: 0 }), stale: { since: 0, ageMs: 9_000, reason: "disconnected" as const } };
    expect(summariseRegistries([suspended])).toEqual({ label: "Suspended", tone: "warn" });
    const unreachable = { ...status({ type: "connecting", since: 0, attempts: 1 }), stale: { since: 0, ageMs: 20_000, reason: "disconnected" as const } };
    expect(summariseRegistries([unreachable])).toEqual({ label: "Unreachable", tone: "warn" });
    expect(summariseRegistries([status({ type: "connecting", since: 0, attempts: 1 }, null)])).toEqual({ label: "Unreachable", tone: "bad" });
  });
});
