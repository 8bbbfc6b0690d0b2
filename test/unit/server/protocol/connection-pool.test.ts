import { describe, expect, it } from "vitest";
import { ConnectionPool } from "@/server/protocol/connection-pool";
import type { ConnectionState, ExchangeClient } from "@/server/protocol/exchange-client";
import type { Frame } from "@/server/protocol/frame";
import { startFakePeer } from "../../../support/fake-dubbo-peer";

/** A client that only records whether it was closed. */
function fakeClient(address: string, log: string[]): ExchangeClient {
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
      log.push(`close ${address}`);
    },
    closeGracefully: async () => {
      state = { type: "closed" };
      log.push(`drain ${address}`);
    },
  };
}

describe("the connection pool", () => {
  it("creates one client per address on first use and hands the same one out after", () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => (log.push(`create ${a}`), fakeClient(a, log)));
    expect(pool.peek("a:1")).toBeUndefined();
    const first = pool.get("a:1");
    expect(pool.get("a:1")).toBe(first);
    pool.get("b:2");
    expect(log).toEqual(["create a:1", "create b:2"]);
    expect(pool.addresses).toEqual(["a:1", "b:2"]);
  });

  it("closes a client on request, and makes a new one when the address is used again", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    const first = pool.get("a:1");
    await pool.close("a:1");
    await pool.close("a:1");
    expect(first.state.type).toBe("closed");
    expect(pool.get("a:1")).not.toBe(first);
    expect(log).toEqual(["close a:1"]);
  });

  it("closes the clients of providers that left the registry, and keeps the others", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    for (const a of ["a:1", "b:2", "c:3"]) pool.get(a);
    await pool.retain(new Set(["a:1", "b:2", "c:3"]));
    expect(log).toEqual([]);
    await pool.retain(new Set(["b:2", "d:4"]));
    expect(log.sort()).toEqual(["drain a:1", "drain c:3"]);
    expect(pool.addresses).toEqual(["b:2"]);
  });

  it("keeps the client of an address never seen registered (a direct url's provider)", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    await pool.retain(new Set(["a:1"]));
    pool.get("a:1");
    pool.get("direct:9");
    await pool.retain(new Set([]));
    expect(log).toEqual(["drain a:1"]);
    expect(pool.addresses).toEqual(["direct:9"]);
  });

  it("asks the registered-address look-up only of its own few addresses, never iterating it", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    const asked: string[] = [];
    const registered = new Set(["a:1", "b:2"]);
    const lookup = { has: (a: string) => (asked.push(a), registered.has(a)) };
    pool.get("a:1");
    pool.get("b:2");
    await pool.retain(lookup);
    expect(asked.sort()).toEqual(["a:1", "b:2"]);
    registered.delete("b:2");
    await pool.retain(lookup);
    expect(log).toEqual(["drain b:2"]);
    expect(pool.addresses).toEqual(["a:1"]);
  });

  it("closes a client made after the last retain for a registered provider once that provider leaves", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    await pool.retain(new Set(["a:1", "b:2"]));
    pool.get("b:2");
    await pool.retain(new Set(["a:1"]));
    expect(log).toEqual(["drain b:2"]);
  });

  it("closes everything and refuses new clients afterwards", async () => {
    const log: string[] = [];
    const pool = new ConnectionPool((a) => fakeClient(a, log));
    pool.get("a:1");
    pool.get("b:2");
    await pool.closeAll();
    expect(log.sort()).toEqual(["close a:1", "close b:2"]);
    expect(() => pool.get("a:1")).toThrow("the connection pool is closed");
  });

  it("shares one real connection among the calls to one provider", async () => {
    const fake = await startFakePeer();
    const pool = ConnectionPool.withOptions({ heartbeatMs: 60_000 });
    try {
      await Promise.all([pool.get(fake.address).ping({ timeoutMs: 5_000 }), pool.get(fake.address).ping({ timeoutMs: 5_000 })]);
      expect(fake.connections).toHaveLength(1);
      expect(fake.connections[0]!.frames.map((f) => f.id)).toEqual([1n, 2n]);
    } finally {
      await pool.closeAll();
      await fake.close();
    }
  });

  it("lets the calls in flight on a departed provider's connection finish, refuses new ones, then closes it", async () => {
    const fake = await startFakePeer();
    const pool = ConnectionPool.withOptions({ heartbeatMs: 60_000 });
    try {
      await pool.retain(new Set([fake.address]));
      const client = pool.get(fake.address);
      const inFlight = client.request(Buffer.from([0x4e]), { timeoutMs: 5_000 });
      const connection = await fake.nextConnection();
      const request = await connection.nextFrame();

      const drained = pool.retain(new Set([]));
      expect(pool.peek(fake.address)).toBeUndefined();
      await expect(client.request(Buffer.from([0x4e]), { timeoutMs: 5_000 })).rejects.toMatchObject({ code: "provider_read_only" });
      expect(client.state.type).toBe("connected");

      connection.reply(request, Buffer.from([0x91]));
      expect((await inFlight).body).toEqual(Buffer.from([0x91]));
      await drained;
      expect(client.state.type).toBe("closed");
      expect(await connection.closed).toEqual({ how: "end" });
    } finally {
      await pool.closeAll();
      await fake.close();
    }
  });
});
