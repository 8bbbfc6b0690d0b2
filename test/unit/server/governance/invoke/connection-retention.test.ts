import { describe, expect, it } from "vitest";
import type { ChangeEvent } from "@/lib/api/events";
import { retainRegisteredConnections, type RetentionCatalog } from "@/server/governance/invoke/connection-retention";
import { ConnectionPool } from "@/server/protocol/connection-pool";
import type { ConnectionState, ExchangeClient } from "@/server/protocol/exchange-client";
import type { Frame } from "@/server/protocol/frame";

/** A catalog whose registered addresses the test sets, and whose events it sends. */
function fakeCatalog(initial: string[] | null) {
  let live: string[] | null = initial;
  let reads = 0;
  const listeners = new Set<(event: ChangeEvent) => void>();
  const catalog: RetentionCatalog = {
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    registeredProviders: () => (reads++, live === null ? null : new Set(live)),
  };
  return {
    catalog,
    set: (next: string[] | null) => (live = next),
    emit: (event: ChangeEvent) => listeners.forEach((l) => l(event)),
    reads: () => reads,
  };
}

function pool(closed: string[]): ConnectionPool {
  return new ConnectionPool((address): ExchangeClient => {
    let state: ConnectionState = { type: "idle" };
    return {
      address,
      readOnly: false,
      health: { heartbeatMs: 60_000, lastReadAt: 0, lastHeartbeat: null, lastError: null },
      get state() {
        return state;
      },
      request: () => Promise.reject(new Error("not used")),
      ping: () => Promise.resolve({} as Frame),
      onStateChange: () => () => undefined,
      close: async () => {
        state = { type: "closed" };
        closed.push(address);
      },
      closeGracefully: async () => {
        state = { type: "closed" };
        closed.push(address);
      },
    };
  });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const providersChanged = (key: string): ChangeEvent => ({ type: "service", key, kind: "providers" });

describe("closing the connections of providers that left the registries", () => {
  it("closes the connection of a provider that left, once for a burst of changes", async () => {
    const closed: string[] = [];
    const p = pool(closed);
    const c = fakeCatalog(["a:1", "b:2"]);
    retainRegisteredConnections(c.catalog, p, (e) => { throw e; });
    p.get("a:1");
    p.get("b:2");
    c.emit(providersChanged("x"));
    await turn();
    c.set(["b:2"]);
    for (const key of ["x", "y", "z"]) c.emit(providersChanged(key));
    await turn();
    expect(closed).toEqual(["a:1"]);
    expect(c.reads()).toBe(2);
    expect(p.addresses).toEqual(["b:2"]);
  });

  it("ignores changes that cannot remove a provider (consumers, methods)", async () => {
    const closed: string[] = [];
    const p = pool(closed);
    const c = fakeCatalog(["a:1"]);
    retainRegisteredConnections(c.catalog, p, (e) => { throw e; });
    c.emit({ type: "service", key: "x", kind: "consumers" });
    c.emit({ type: "service", key: "x", kind: "methods" });
    await turn();
    expect(c.reads()).toBe(0);
  });

  it("closes nothing while no registry is usable, and stops when told", async () => {
    const closed: string[] = [];
    const p = pool(closed);
    const c = fakeCatalog(["a:1"]);
    const stop = retainRegisteredConnections(c.catalog, p, (e) => { throw e; });
    p.get("a:1");
    c.emit({ type: "reset" });
    await turn();
    c.set(null);
    c.emit({ type: "reset" });
    await turn();
    expect(closed).toEqual([]);
    c.set([]);
    c.emit({ type: "service", key: "x", kind: "removed" });
    stop();
    await turn();
    expect(closed).toEqual([]);
    c.emit({ type: "service", key: "x", kind: "removed" });
    await turn();
    expect(closed).toEqual([]);
  });
});
