import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionClosedError } from "@/server/errors/transport-errors";
import { encodeFrame } from "@/server/protocol/frame";
import { PeerRequestRate, resolvePeerLimits, unreadOutputExceeded } from "@/server/protocol/peer-limits";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { createLogger } from "@/server/runtime/logger";

/**
 * Back-pressure and the peer limits of the exchange client (issue 15, item 2), over real
 * loopback sockets to an in-process peer that floods heartbeat requests, or reads nothing.
 */
const servers: { server: Server; sockets: Socket[] }[] = [];
const clients: DubboExchangeClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const { server, sockets } of servers.splice(0)) {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
});

/** A peer on a free loopback port that reads nothing; `onConnection` gets each socket (paused). */
async function deafPeer(onConnection: (socket: Socket) => void = () => undefined): Promise<{ address: string }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    socket.pause();
    socket.on("error", () => undefined);
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push({ server, sockets });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { address: `127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** Heartbeat requests as fast as the socket takes them (the peer's own back-pressure honoured). */
function flood(socket: Socket): void {
  let id = 1n;
  const burst = () => {
    while (!socket.destroyed) {
      const frames = Array.from({ length: 256 }, () => encodeFrame({ id: id++, request: true, twoWay: true, event: true, serialization: 2, status: 0, body: Buffer.from([0x4e]) }, 16));
      if (!socket.write(Buffer.concat(frames))) return void socket.once("drain", burst);
    }
  };
  burst();
}

function client(address: string, options: ConstructorParameters<typeof DubboExchangeClient>[1] = {}): { client: DubboExchangeClient; lines: string[] } {
  const lines: string[] = [];
  const c = new DubboExchangeClient(address, { random: () => 0, backoff: { initialMs: 20, maxMs: 20 }, log: createLogger("debug", (l) => lines.push(l)), ...options });
  clients.push(c);
  return { client: c, lines };
}

const warnings = (lines: string[]) => lines.filter((l) => / warn provider misbehaved/.test(l));

describe("the exchange client's peer limits", () => {
  it("drops a peer that floods heartbeat requests and reads nothing, and warns once naming it however often it does so", async () => {
    const peer = await deafPeer(flood);
    const { client: c, lines } = client(peer.address);
    const first = await c.ping({ timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ConnectionClosedError);
    expect((first as ConnectionClosedError).reason).toEqual({ type: "misbehaving", message: "sent more than 200 requests within 1000 ms" });
    expect((first as Error).message).toBe(`${peer.address} sent more than 200 requests within 1000 ms; the connection was dropped`);
    // It reconnects after the backoff; the peer floods again and is dropped again, logged at debug only.
    await new Promise<void>((resolve) => {
      const off = c.onStateChange((s) => s.type === "connected" && (off(), resolve()));
    });
    await new Promise<void>((resolve) => {
      const off = c.onStateChange((s) => s.type === "backoff" && (off(), resolve()));
    });
    expect(warnings(lines)).toEqual([expect.stringContaining(`{"address":"${peer.address}","misbehaviour":"sent more than 200 requests within 1000 ms"}`)]);
    expect(lines.filter((l) => l.includes(" debug provider misbehaved again (flood)"))).toHaveLength(1);
  });

  it("stops reading while its output is backed up, so a peer's requests cannot make it write answers without bound", async () => {
    // A slow flood (under the rate limit) to a client whose output is stuck: it reads no further.
    let sent = 0;
    const peer = await deafPeer((socket) => {
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        for (let i = 0; i < 50; i++) socket.write(encodeFrame({ id: BigInt(++sent), request: true, twoWay: true, event: true, serialization: 2, status: 0, body: Buffer.from([0x4e]) }, 16));
      }, 300);
    });
    const { client: c } = client(peer.address, { limits: { writeStallMs: 60_000, maxUnreadOutput: 64 * 1024 * 1024 } });
    // 40 MiB of calls the deaf peer never takes: more than loopback's kernel buffers absorb, under the cap.
    const calls = Array.from({ length: 40 }, () => c.request(Buffer.alloc(1024 * 1024), { timeoutMs: 60_000 }).catch((e: unknown) => e));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(c.state.type).toBe("connected");
    // Requests from the peer were not read, so none was answered: the output holds only the calls.
    const socket = (c as unknown as { socket: Socket }).socket;
    expect(socket.isPaused()).toBe(true);
    // What the socket read meanwhile waits in its readable buffer (bounded by its high-water
    // mark), unhandled: no heartbeat was answered.
    expect(sent).toBeGreaterThan(50);
    expect(socket.readableLength).toBe(socket.bytesRead);
    expect(socket.writableLength).toBe(40 * (1024 * 1024 + 16));
    await c.close();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 40 }, () => expect.any(ConnectionClosedError)));
  });

  it("drops a peer that leaves more output unread than the cap, and one that reads nothing for the stall time", async () => {
    const capped = await deafPeer();
    const { client: a } = client(capped.address, { limits: { maxUnreadOutput: 4 * 1024 * 1024 } });
    const calls = Array.from({ length: 24 }, () => a.request(Buffer.alloc(512 * 1024), { timeoutMs: 30_000 }).catch((e: unknown) => e));
    const over = (await Promise.all(calls)).find((e) => e instanceof ConnectionClosedError) as ConnectionClosedError;
    expect(over.reason).toMatchObject({ type: "misbehaving", message: expect.stringMatching(/^left \d+ bytes unread, over the limit of 4194304$/) });

    const stalled = await deafPeer();
    const { client: b, lines } = client(stalled.address, { limits: { writeStallMs: 300 } });
    const started = Date.now();
    const slow = await Promise.all(Array.from({ length: 8 }, () => b.request(Buffer.alloc(1024 * 1024), { timeoutMs: 30_000 }).catch((e: unknown) => e)));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((slow[0] as ConnectionClosedError).reason).toMatchObject({ type: "misbehaving", message: expect.stringMatching(/^read none of \d+ bytes of output for 300 ms$/) });
    expect(warnings(lines)).toHaveLength(1);
  });

  it("checks its limits", () => {
    expect(resolvePeerLimits({}, 8 * 1024 * 1024)).toEqual({ maxUnreadOutput: 2 * (8 * 1024 * 1024 + 16), writeStallMs: 15_000, maxPeerRequestsPerSecond: 200 });
    expect(() => resolvePeerLimits({ writeStallMs: 0 }, 10)).toThrow(RangeError);
    const rate = new PeerRequestRate(2);
    expect([rate.record(0), rate.record(10), rate.record(20)?.kind, rate.record(1_000)]).toEqual([null, null, "flood", null]);
    expect(unreadOutputExceeded(10, 10)).toBeNull();
    expect(unreadOutputExceeded(11, 10)?.kind).toBe("not-reading");
  });
});
