import { describe, expect, it } from "vitest";
import type { ConnectionHealth, ConnectionState } from "@/server/protocol/exchange-client";
import { healthOf, tripleHealthOf } from "@/server/observability/provider-health";
import type { TripleHealth } from "@/server/protocol/triple/triple-client";

const H = 1_000;
const client = (state: ConnectionState, health: Partial<ConnectionHealth> = {}, readOnly = false) => ({ state, readOnly, health: { heartbeatMs: H, lastReadAt: 0, lastHeartbeat: null, lastError: null, ...health } });

describe("healthOf: a provider's health from what its connection knows", () => {
  it("no client, or one never used, is no-connection: nothing known without a probe", () => {
    expect(healthOf(undefined, 10_000)).toMatchObject({ state: "no-connection", cause: null, rttMs: null });
    expect(healthOf(client({ type: "idle" }), 10_000).state).toBe("no-connection");
  });

  it("connected and read from within 1.5 heartbeats is reachable, with the last heartbeat's round trip", () => {
    const v = healthOf(client({ type: "connected", since: 1_000 }, { lastReadAt: 9_000, lastHeartbeat: { at: 9_000, rttMs: 0.42 } }), 10_000);
    expect(v).toMatchObject({ state: "reachable", cause: null, rttMs: 0.42, heartbeatAt: 9_000, since: 1_000 });
  });

  it("connected but silent for more than 1.5 heartbeats is unreachable, saying for how long", () => {
    const v = healthOf(client({ type: "connected", since: 1_000 }, { lastReadAt: 8_000 }), 9_600);
    expect(v.state).toBe("unreachable");
    expect(v.cause).toMatch(/^nothing read for 2 s over an open connection \(heartbeat every 1 s\)/);
    expect(healthOf(client({ type: "connected", since: 1_000 }, { lastReadAt: 8_000 }), 9_400).state).toBe("reachable");
  });

  it("READONLY is read-only; backoff is unreachable with the connection's error and the retry", () => {
    expect(healthOf(client({ type: "connected", since: 1 }, { lastReadAt: 9_900 }, true), 10_000)).toMatchObject({ state: "read-only", cause: expect.stringContaining("READONLY") });
    const v = healthOf(client({ type: "backoff", attempt: 2, retryAt: 12_000, error: "connect ECONNREFUSED 127.0.0.1:1" }), 10_000);
    expect(v).toMatchObject({ state: "unreachable", since: 12_000, cause: "connect ECONNREFUSED 127.0.0.1:1; the console tries again in 2 s" });
  });

  it("a connection made again after a failure is connecting until the provider answers on it", () => {
    const failed = { at: 5_000, message: "connection dropped: idle" };
    expect(healthOf(client({ type: "connected", since: 6_000 }, { lastReadAt: 6_000, lastError: failed }), 6_500)).toMatchObject({ state: "connecting", cause: expect.stringContaining("nothing answered yet (last failure: connection dropped: idle)") });
    // Still silent past 1.5 heartbeats: unreachable.
    expect(healthOf(client({ type: "connected", since: 6_000 }, { lastReadAt: 6_000, lastError: failed }), 7_600).state).toBe("unreachable");
    // Answered since: reachable.
    expect(healthOf(client({ type: "connected", since: 6_000 }, { lastReadAt: 6_400, lastError: failed, lastHeartbeat: { at: 6_400, rttMs: 1 } }), 6_500).state).toBe("reachable");
  });
});

describe("tripleHealthOf: a tri provider's health from what its HTTP/2 session knows", () => {
  const h = (over: Partial<TripleHealth>): { health(): TripleHealth } => ({ health: () => ({ state: "idle", since: null, lastError: null, lastPing: null, ...over }) });

  it("says nothing is known without a session, and reachable with one open (the last PING's round trip)", () => {
    expect(tripleHealthOf(undefined, 1_000)).toMatchObject({ state: "no-connection", rttMs: null });
    expect(tripleHealthOf(h({ state: "idle" }), 1_000)).toMatchObject({ state: "no-connection" });
    expect(tripleHealthOf(h({ state: "connected", since: 500, lastPing: { at: 900, rttMs: 0.42 } }), 1_000)).toEqual({ state: "reachable", cause: null, since: 500, rttMs: 0.42, heartbeatAt: 900, lastError: null });
    expect(tripleHealthOf(h({ state: "connecting" }), 1_000)).toMatchObject({ state: "connecting" });
  });

  it("says unreachable while a failed connect backs off, with the failure and when it tries again", () => {
    const v = tripleHealthOf(h({ state: "backoff", since: 4_000, lastError: { at: 900, message: "connect ECONNREFUSED 10.0.0.1:50051" } }), 1_000);
    expect(v).toMatchObject({ state: "unreachable", since: 4_000, lastError: { at: 900, message: "connect ECONNREFUSED 10.0.0.1:50051" } });
    expect(v.cause).toBe("connect ECONNREFUSED 10.0.0.1:50051; the console tries again in 3 s");
  });
});
