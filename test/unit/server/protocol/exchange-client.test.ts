import { createServer, Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CancelledError, ConnectError, ConnectionClosedError, PayloadTooLargeError, ProviderReadOnlyError, TimeoutError } from "@/server/errors/transport-errors";
import type { ConnectionState, ExchangeClient } from "@/server/protocol/exchange-client";
import { encodeFrame, type Frame } from "@/server/protocol/frame";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { type FakeConnection, type FakePeer, type FakePeerOptions, startFakePeer } from "../../../support/fake-dubbo-peer";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");
const plain = (f: Frame) => ({ ...f, body: f.body.toString("hex") });

const peers: FakePeer[] = [];
const clients: ExchangeClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

async function peer(options?: FakePeerOptions): Promise<FakePeer> {
  const p = await startFakePeer(options);
  peers.push(p);
  return p;
}

/** A client whose backoff has no jitter (random 0): retries after exactly 200, 400, ... ms. */
function client(address: string, options: ConstructorParameters<typeof DubboExchangeClient>[1] = {}): DubboExchangeClient {
  const c = new DubboExchangeClient(address, { random: () => 0, ...options });
  clients.push(c);
  return c;
}

/** Resolves with the first state `test` accepts, now or later. */
function stateWhere(c: ExchangeClient, test: (s: ConnectionState) => boolean): Promise<ConnectionState> {
  if (test(c.state)) return Promise.resolve(c.state);
  return new Promise((resolve) => {
    const off = c.onStateChange((s) => {
      if (test(s)) {
        off();
        resolve(s);
      }
    });
  });
}

/** Waits, turn of the event loop by turn (I/O included; no timers, which tests fake), until `condition` holds. */
async function until(what: string, condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 100_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

/** A port nothing listens on (a server that listened there has closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** Connects `c` (a ping answered by the fake peer) and returns the peer's side, with the ping taken. */
async function connected(fake: FakePeer, c: ExchangeClient): Promise<FakeConnection> {
  const ping = c.ping({ timeoutMs: 5_000 });
  const conn = await fake.nextConnection();
  expect((await conn.nextFrame()).event).toBe(true);
  await ping;
  return conn;
}

/** Timers and Date faked; I/O, nextTick and setImmediate real. Fake them before the client starts its timers. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });

const call = (c: ExchangeClient, body = "ab", timeoutMs = 10_000, signal?: AbortSignal) => c.request(Buffer.from(body), { timeoutMs, signal });

describe("the exchange client", () => {
  it("connects on its first call, sends a two-way hessian2 request frame, and resolves with the response of the same id", async () => {
    const fake = await peer();
    const c = client(fake.address);
    expect(c.state).toEqual({ type: "idle" });
    const answer = call(c, "hello");
    const conn = await fake.nextConnection();
    const request = await conn.nextFrame();
    expect(plain(request)).toEqual({ id: 1n, request: true, twoWay: true, event: false, serialization: 2, status: 0, body: Buffer.from("hello").toString("hex") });
    expect(conn.received().subarray(0, 4).toString("hex")).toBe("dabbc200");
    conn.reply(request, Buffer.from("world"));
    expect(plain(await answer)).toEqual({ id: 1n, request: false, twoWay: false, event: false, serialization: 2, status: 20, body: Buffer.from("world").toString("hex") });
    expect(c.state.type).toBe("connected");
    expect(c.inFlight).toBe(0);
  });

  it("matches responses that come back in another order, and resolves with non-OK statuses as they are", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const calls = [call(c, "1"), call(c, "2"), call(c, "3")];
    const conn = await fake.nextConnection();
    const requests = [await conn.nextFrame(), await conn.nextFrame(), await conn.nextFrame()];
    expect(requests.map((r) => r.id)).toEqual([1n, 2n, 3n]);
    conn.reply(requests[2]!, Buffer.from("c"));
    conn.reply(requests[0]!, Buffer.from("a"), 70);
    conn.reply(requests[1]!, Buffer.from("b"));
    const answers = await Promise.all(calls);
    expect(answers.map((a) => [a.id, a.status, a.body.toString()])).toEqual([
      [1n, 70, "a"],
      [2n, 20, "b"],
      [3n, 20, "c"],
    ]);
  });

  it("fails a call with a TimeoutError naming the provider and the ms, drops its late response, and keeps the connection", async () => {
    const fake = await peer();
    fakeTimers();
    const c = client(fake.address);
    const conn = await connected(fake, c);
    const late = call(c, "slow", 300);
    const request = await conn.nextFrame();
    vi.advanceTimersByTime(300);
    await expect(late).rejects.toThrow(new TimeoutError(fake.address, 300));
    await expect(late).rejects.toThrow(`no response from ${fake.address} within 300 ms`);
    conn.reply(request, Buffer.from("too late"));
    const next = call(c, "next");
    conn.reply(await conn.nextFrame(), Buffer.from("on time"));
    expect((await next).body.toString()).toBe("on time");
    expect(c.state.type).toBe("connected");
    expect(fake.connections).toHaveLength(1);
  });

  it("fails a call with a CancelledError when its signal fires", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const controller = new AbortController();
    const cancelled = call(c, "x", 10_000, controller.signal);
    const conn = await fake.nextConnection();
    const request = await conn.nextFrame();
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
    conn.reply(request, Buffer.from("ignored"));
    expect(c.inFlight).toBe(0);
  });

  it("answers the provider's heartbeat request with a heartbeat response of the same id", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const conn = await connected(fake, c);
    conn.send(hex("dabb e2 00 00000000000004d2 00000001 4e"));
    const answer = await conn.nextFrame();
    expect(encodeFrame(answer, 16).toString("hex")).toBe("dabb221400000000000004d2000000014e");
  });

  it("answers a call from the provider (a callback) with SERVICE_ERROR, as a consumer that exports nothing", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const conn = await connected(fake, c);
    conn.send(encodeFrame({ id: 77n, request: true, twoWay: true, event: false, serialization: 2, status: 0, body: hex("05322e302e32") }, 100));
    const answer = await conn.nextFrame();
    expect([answer.id, answer.request, answer.status]).toEqual([77n, false, 70]);
    expect(answer.body.toString("latin1", 2)).toBe("the Dubbo console exports no services (callbacks are not supported)");
  });

  it("after READONLY refuses new calls with a typed error, lets calls in flight complete, and takes calls again after WRITEABLE", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const inFlight = [call(c, "1"), call(c, "2")];
    const conn = await fake.nextConnection();
    const requests = [await conn.nextFrame(), await conn.nextFrame()];
    const readOnly = stateWhere(c, () => c.readOnly);
    // HeaderExchangeServer.sendChannelReadOnlyEvent: a one-way event request with body "R".
    conn.send(hex("dabb a2 00 0000000000000000 00000002 0152"));
    await readOnly;
    await expect(call(c, "3")).rejects.toThrow(new ProviderReadOnlyError(fake.address));
    for (const r of requests) conn.reply(r, r.body);
    expect((await Promise.all(inFlight)).map((f) => f.body.toString())).toEqual(["1", "2"]);
    expect(conn.frames).toHaveLength(2);
    const writeable = stateWhere(c, () => !c.readOnly);
    conn.send(hex("dabb a2 00 0000000000000000 00000002 0157"));
    await writeable;
    const again = call(c, "4");
    conn.reply(await conn.nextFrame(), Buffer.from("ok"));
    expect((await again).body.toString()).toBe("ok");
  });

  it("when the provider drops the connection, fails the calls in flight and reconnects after the backoff", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const inFlight = call(c);
    const first = await fake.nextConnection();
    await first.nextFrame();
    first.socket.end();
    const error = await inFlight.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect(error).toMatchObject({ reason: { type: "peer-closed" }, code: "connection_failed", message: `${fake.address} closed the connection` });
    expect(c.state).toMatchObject({ type: "backoff", attempt: 1 });
    await expect(call(c)).rejects.toBeInstanceOf(ConnectError);
    await fake.nextConnection();
    await stateWhere(c, (s) => s.type === "connected");
    expect((await c.ping({ timeoutMs: 5_000 })).event).toBe(true);
  });

  it("fails calls with a ConnectError when nothing listens, then backs off longer after each failed attempt", async () => {
    const port = await closedPort();
    const c = client(`127.0.0.1:${port}`, { backoff: { initialMs: 5, maxMs: 20 } });
    const attempts: number[] = [];
    c.onStateChange((s) => s.type === "backoff" && attempts.push(s.retryAt - Date.now()));
    const error = await call(c).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as Error).message).toMatch(new RegExp(`^could not connect to 127.0.0.1:${port}: connect ECONNREFUSED`));
    await expect(call(c)).rejects.toThrow(/next attempt in \d+ ms/);
    await stateWhere(c, (s) => s.type === "backoff" && s.attempt === 4);
    expect(attempts.slice(0, 4).map((ms) => Math.min(ms, 20) >= ms - 2)).toEqual([true, true, true, true]);
    expect(c.state).toMatchObject({ type: "backoff", attempt: 4, error: expect.stringContaining("ECONNREFUSED") });
  });

  it("gives up on a connect that does not complete within the connect timeout, and on a dial that throws", async () => {
    fakeTimers();
    const silent = client("10.0.0.1:20880", { connectTimeoutMs: 700, dial: () => new Socket() });
    const call1 = call(silent).catch((e: unknown) => e);
    vi.advanceTimersByTime(700);
    expect(await call1).toEqual(new ConnectError("10.0.0.1:20880", "no connection within 700 ms"));
    expect(silent.state).toMatchObject({ type: "backoff", attempt: 1, error: "no connection within 700 ms" });
    const broken = client("10.0.0.1:20881", {
      dial: () => {
        throw new RangeError("no route");
      },
    });
    await expect(call(broken)).rejects.toThrow("could not connect to 10.0.0.1:20881: no route");
  });

  it("drops the connection when the provider sends bytes that are not frames, failing every call with a clear error", async () => {
    const fake = await peer();
    const c = client(fake.address);
    const calls = [call(c), call(c)];
    const conn = await fake.nextConnection();
    await conn.nextFrame();
    conn.send(Buffer.from("HTTP/1.1 400 Bad Request\r\n\r\n"));
    for (const p of calls) {
      const error = await p.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionClosedError);
      expect((error as Error).message).toBe(`${fake.address} is not a Dubbo peer (what it sent is not Dubbo frames); the connection was dropped`);
      expect((error as ConnectionClosedError).reason.type).toBe("codec");
    }
    await conn.closed;
    await fake.nextConnection();
  });

  it("refuses to send a body over the payload limit, and drops a connection whose response is over it", async () => {
    const fake = await peer();
    const c = client(fake.address, { maxPayload: 64 });
    await expect(call(c, "x".repeat(65))).rejects.toThrow(PayloadTooLargeError);
    const ok = call(c, "x".repeat(64));
    const conn = await fake.nextConnection();
    const request = await conn.nextFrame();
    expect(request.body.length).toBe(64);
    conn.reply(request, Buffer.alloc(65));
    const error = (await ok.catch((e: unknown) => e)) as ConnectionClosedError;
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect(error.message).toBe(`the connection to ${fake.address} was dropped: the body of the frame for request ${request.id} is 65 bytes, over the payload limit of 64 bytes`);
    expect(error.cause).toBeInstanceOf(PayloadTooLargeError);
  });

  it("sends a heartbeat when idle for the interval, and reconnects when nothing was read for three intervals", async () => {
    const fake = await peer({ answerHeartbeats: false });
    fakeTimers();
    const c = client(fake.address, { heartbeatMs: 1_000 });
    const first = call(c, "hold");
    const conn = await fake.nextConnection();
    await conn.nextFrame();
    vi.advanceTimersByTime(1_400);
    const heartbeat = await conn.nextFrame();
    expect(encodeFrame(heartbeat, 16).toString("hex")).toBe(`dabbe200${heartbeat.id.toString(16).padStart(16, "0")}000000014e`);
    vi.advanceTimersByTime(1_700);
    expect(c.state.type).toBe("connected");
    vi.advanceTimersByTime(400);
    const error = (await first.catch((e: unknown) => e)) as ConnectionClosedError;
    expect(error.reason).toEqual({ type: "idle", idleMs: expect.any(Number) });
    expect((error.reason as { idleMs: number }).idleMs).toBeGreaterThan(3_000);
    expect(c.state).toMatchObject({ type: "backoff", attempt: 1 });
    vi.advanceTimersByTime(200);
    await fake.nextConnection();
    await stateWhere(c, (s) => s.type === "connected");
  });

  it("keeps an idle connection that answers its heartbeats", async () => {
    const fake = await peer();
    fakeTimers();
    const c = client(fake.address, { heartbeatMs: 1_000 });
    const conn = await connected(fake, c);
    for (let beat = 0; beat < 5; beat++) {
      vi.advanceTimersByTime(1_400);
      const heartbeat = await conn.nextFrame();
      expect(heartbeat.event).toBe(true);
      await until("the heartbeat's answer", () => c.inFlight === 0);
    }
    expect(c.state.type).toBe("connected");
    expect(fake.connections).toHaveLength(1);
  });

  it("closes cleanly: calls in flight fail, the socket is ended, no timer is left, and later calls fail", async () => {
    const fake = await peer();
    fakeTimers();
    const c = client(fake.address);
    const inFlight = call(c);
    const conn = await fake.nextConnection();
    await conn.nextFrame();
    expect(vi.getTimerCount()).toBe(2);
    const closing = c.close();
    expect(c.close()).toBe(closing);
    await expect(inFlight).rejects.toThrow(`the connection to ${fake.address} was closed by the console`);
    expect((await conn.closed).how).toBe("end");
    await closing;
    expect(vi.getTimerCount()).toBe(0);
    expect(c.state).toEqual({ type: "closed" });
    await expect(call(c)).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it("closes while connecting or backing off without leaving a timer", async () => {
    fakeTimers();
    const port = await closedPort();
    const c = client(`127.0.0.1:${port}`);
    const failed = call(c).catch((e: unknown) => e);
    expect(c.state.type).toBe("connecting");
    expect(await failed).toBeInstanceOf(ConnectError);
    expect(c.state.type).toBe("backoff");
    await c.close();
    expect(vi.getTimerCount()).toBe(0);
    const fake = await peer();
    const d = client(fake.address);
    const pending = call(d).catch((e: unknown) => e);
    await d.close();
    expect(await pending).toBeInstanceOf(ConnectionClosedError);
    expect(vi.getTimerCount()).toBe(0);
  });
});
