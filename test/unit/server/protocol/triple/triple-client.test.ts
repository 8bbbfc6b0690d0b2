import { once } from "node:events";
import { constants, createServer, type Http2Server, type ServerHttp2Session, type ServerHttp2Stream } from "node:http2";
import { type AddressInfo, createServer as createTcpServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { grpcFrame } from "@/server/protocol/triple/grpc-frame";
import { CLIENT_PREFACE, encodeFrame, Flag, FrameReader, FrameType, settingsFrame } from "@/server/protocol/triple/h2/h2-frame";
import { encodeHeaderBlock } from "@/server/protocol/triple/h2/hpack-encoder";
import { TripleClient } from "@/server/protocol/triple/triple-client";
import { waitFor } from "../../../../support/wait-for";

/**
 * The console's own HTTP/2 (h2/h2-connection.ts, under TripleClient) against nghttp2, the
 * HTTP/2 of node:http2's server: the faults a Dubbo provider does not produce on demand
 * (resets, a GOAWAY below streams in flight, a stream limit, a peer that is not HTTP/2).
 * The real providers' side is in the Triple integration tests.
 */

let server: Http2Server | null = null;
let tcp: Server | null = null;
let client: TripleClient | null = null;
const sessions: ServerHttp2Session[] = [];

afterEach(async () => {
  client?.close();
  client = null;
  for (const s of sessions.splice(0)) s.destroy();
  if (server) await new Promise((resolve) => server!.close(resolve));
  if (tcp) await new Promise((resolve) => tcp!.close(resolve));
  server = null;
  tcp = null;
});

type Handler = (stream: ServerHttp2Stream, body: Buffer, headers: Record<string, unknown>) => void;

/** A gRPC-style server: `handle` gets each stream's whole body. */
async function serve(handle: Handler, settings: Record<string, number> = {}, maxBytes?: number): Promise<TripleClient> {
  server = createServer({ settings });
  server.on("session", (s) => sessions.push(s));
  server.on("stream", (stream, headers) => {
    const parts: Buffer[] = [];
    stream.on("data", (c: Buffer) => parts.push(c));
    stream.on("end", () => handle(stream, Buffer.concat(parts), headers));
    stream.on("error", () => undefined);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  client = new TripleClient(`127.0.0.1:${(server.address() as AddressInfo).port}`, maxBytes === undefined ? {} : { maxBytes });
  return client;
}

/** Answers the request's one message back, framed, with grpc-status 0 in the trailers. */
const echo: Handler = (stream, body) => {
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "fine%20here" }));
  stream.end(body);
};

const call = (c: TripleClient, message: Buffer, extra: { timeoutMs?: number; signal?: AbortSignal; headers?: Record<string, string> } = {}) =>
  c.unary({ path: "/a.B/m", headers: extra.headers ?? { "content-type": "application/grpc+proto", te: "trailers" }, message, timeoutMs: extra.timeoutMs ?? 5_000, ...(extra.signal ? { signal: extra.signal } : {}) });

describe("TripleClient on the console's own HTTP/2, against nghttp2", () => {
  it("answers many calls in flight on one connection, each with its own message, status and trailers", async () => {
    const c = await serve(echo);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => call(c, Buffer.from(`message ${i}`))));
    expect(answers.map((a) => a.messages.map((m) => m.toString()))).toEqual(Array.from({ length: 300 }, (_, i) => [`message ${i}`]));
    expect(new Set(answers.map((a) => `${a.httpStatus} ${a.grpcStatus} ${a.grpcMessage} ${String(a.headers["content-type"])}`))).toEqual(new Set(["200 0 fine here application/grpc"]));
    expect(sessions).toHaveLength(1);
  });

  it("sends the headers it is given, lowercased, and the pseudo-headers nghttp2 requires", async () => {
    let seen: Record<string, unknown> = {};
    const c = await serve((stream, body, headers) => {
      seen = headers;
      echo(stream, body, headers);
    });
    await call(c, Buffer.from("x"), { headers: { "Tri-Service-Version": "1.0.0", "x-latin": "caf\u00e9", te: "trailers" } });
    expect(seen).toMatchObject({ ":method": "POST", ":scheme": "http", ":path": "/a.B/m", ":authority": c.address, "tri-service-version": "1.0.0", "x-latin": "caf\u00e9", te: "trailers" });
  });

  it("refuses a header value HTTP/2 cannot carry, sending nothing", async () => {
    let streams = 0;
    const c = await serve((stream, body, headers) => {
      streams++;
      echo(stream, body, headers);
    });
    await expect(call(c, Buffer.from("x"), { headers: { "x-bad": "a\r\nb" } })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(call(c, Buffer.from("x"), { headers: { "x-wide": "\u4e2d" } })).rejects.toMatchObject({ code: "validation_failed" });
    expect((await call(c, Buffer.from("y"))).messages.map(String)).toEqual(["y"]);
    expect(streams).toBe(1);
  });

  it("moves messages far over the default windows both ways (flow control), and refuses one over the limit either way", async () => {
    const c = await serve(echo, {}, 6 * 1024 * 1024);
    const big = Buffer.alloc(5 * 1024 * 1024 + 17, 0x5a);
    big.write("start", 0);
    big.write("end", big.length - 3);
    const answers = await Promise.all([call(c, big), call(c, big), call(c, Buffer.from("small"))]);
    expect(answers.map((a) => [a.messages.length, a.messages[0]!.length, a.messages[0]!.subarray(0, 5).toString(), a.messages[0]!.subarray(-3).toString()])).toEqual([
      [1, big.length, "start", "end"],
      [1, big.length, "start", "end"],
      [1, 5, "small", "all"],
    ]);
    await expect(call(c, Buffer.alloc(6 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: "payload_too_large", details: { direction: "outgoing" } });
  });

  it("refuses an answer over the limit as its length is read, and the connection goes on", async () => {
    const c = await serve((stream) => {
      stream.respond({ ":status": 200 }, { waitForTrailers: true });
      stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
      stream.end(grpcFrame(Buffer.alloc(2_000)));
    }, {}, 1_000);
    await expect(call(c, Buffer.from("x"))).rejects.toMatchObject({ code: "payload_too_large", details: { direction: "incoming", limit: 1_000 } });
    await expect(call(c, Buffer.from("x"))).rejects.toMatchObject({ code: "payload_too_large" });
    expect(sessions).toHaveLength(1);
  });

  it("cancels the stream at the deadline and on abort, and the provider sees it reset", async () => {
    const resets: number[] = [];
    let got = 0;
    const c = await serve((stream) => {
      got++;
      stream.on("close", () => resets.push(stream.rstCode));
    });
    await expect(call(c, Buffer.from("x"), { timeoutMs: 150 })).rejects.toMatchObject({ code: "timeout" });
    const abort = new AbortController();
    const pending = call(c, Buffer.from("y"), { signal: abort.signal });
    await waitFor("the second stream at the server", () => got === 2);
    abort.abort();
    await expect(pending).rejects.toMatchObject({ code: "cancelled" });
    await waitFor("both resets at the server", () => resets.length === 2);
    expect(resets).toEqual([constants.NGHTTP2_CANCEL, constants.NGHTTP2_CANCEL]);
  });

  it("fails a reset stream as a connection failure (failover may try another), and the connection goes on", async () => {
    let n = 0;
    const c = await serve((stream, body, headers) => {
      if (n++ === 0) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
      else echo(stream, body, headers);
    });
    await expect(call(c, Buffer.from("x"))).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("reset the stream (HTTP/2 INTERNAL_ERROR (2))") });
    expect((await call(c, Buffer.from("z"))).messages.map(String)).toEqual(["z"]);
    expect(sessions).toHaveLength(1);
  });

  it("on GOAWAY finishes the calls the provider took, refuses the others, and opens a new connection for the next", async () => {
    const held: { stream: ServerHttp2Stream; body: Buffer }[] = [];
    const c = await serve((stream, body) => held.push({ stream, body }));
    const calls = [0, 1, 2].map((i) => call(c, Buffer.from(`m${i}`)));
    await waitFor("three streams at the server", () => held.length === 3);
    // Streams 1, 3 and 5: the provider says it took only the first two.
    sessions[0]!.goaway(constants.NGHTTP2_NO_ERROR, 3);
    for (const h of held.slice(0, 2)) echo(h.stream, h.body, {});
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value.messages.map(String) : (s.reason as Error).message))).toEqual([
      ["m0"],
      ["m1"],
      expect.stringContaining("did not take the call"),
    ]);
    const after = call(c, Buffer.from("next"));
    await waitFor("the next call's stream on a new connection", () => held.length === 4);
    echo(held[3]!.stream, held[3]!.body, {});
    expect((await after).messages.map(String)).toEqual(["next"]);
    expect(sessions).toHaveLength(2);
  });

  it("keeps to the provider's limit of concurrent streams, the rest waiting their turn", async () => {
    let open = 0;
    let most = 0;
    const c = await serve(
      (stream, body, headers) => {
        most = Math.max(most, ++open);
        stream.on("close", () => open--);
        setImmediate(() => echo(stream, body, headers));
      },
      { maxConcurrentStreams: 3 },
    );
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(c, Buffer.from(String(i)))));
    expect(answers.map((a) => a.messages.map(String)[0])).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
    expect(most).toBe(3);
  });

  it("fails calls in flight when the provider drops the connection, and connects again for the next", async () => {
    const held: ServerHttp2Stream[] = [];
    const c = await serve((stream, body, headers) => {
      if (held.length === 0) {
        held.push(stream);
        stream.respond({ ":status": 200 });
        stream.write(grpcFrame(Buffer.from("half")).subarray(0, 6));
      } else echo(stream, body, headers);
    });
    const pending = call(c, Buffer.from("x"));
    await waitFor("the stream at the server", () => held.length === 1);
    sessions[0]!.destroy();
    await expect(pending).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("the connection ended before the answer did") });
    expect((await call(c, Buffer.from("again"))).messages.map(String)).toEqual(["again"]);
  });

  it("fails only the stream whose answer's headers are over 64 KiB, and the connection goes on", async () => {
    // nghttp2 will not send such headers (it resets its own stream), so a peer of raw frames does.
    let streams = 0;
    tcp = createTcpServer((socket) => {
      const reader = new FrameReader();
      let preface = Buffer.alloc(0);
      socket.write(settingsFrame([]));
      socket.on("data", (chunk: Buffer) => {
        if (preface.length < CLIENT_PREFACE.length) {
          preface = Buffer.concat([preface, chunk]);
          if (preface.length < CLIENT_PREFACE.length) return;
          chunk = preface.subarray(CLIENT_PREFACE.length);
        }
        reader.push(chunk, (frame) => {
          if (frame.type !== FrameType.HEADERS) return;
          const big = streams++ === 0;
          if (big) {
            const block = encodeHeaderBlock([[":status", "200"], ["grpc-status", "0"], ["grpc-status-details-bin", "A".repeat(70 * 1024)]]);
            for (let at = 0; at < block.length; at += 16_384) {
              const last = at + 16_384 >= block.length;
              socket.write(encodeFrame(at === 0 ? FrameType.HEADERS : FrameType.CONTINUATION, (last ? Flag.END_HEADERS : 0) | (at === 0 ? Flag.END_STREAM : 0), frame.streamId, block.subarray(at, at + 16_384)));
            }
          } else {
            socket.write(encodeFrame(FrameType.HEADERS, Flag.END_HEADERS, frame.streamId, encodeHeaderBlock([[":status", "200"]])));
            socket.write(encodeFrame(FrameType.DATA, 0, frame.streamId, grpcFrame(Buffer.from("after"))));
            socket.write(encodeFrame(FrameType.HEADERS, Flag.END_HEADERS | Flag.END_STREAM, frame.streamId, encodeHeaderBlock([["grpc-status", "0"]])));
          }
        });
      });
    });
    tcp.listen(0, "127.0.0.1");
    await once(tcp, "listening");
    client = new TripleClient(`127.0.0.1:${(tcp.address() as AddressInfo).port}`);
    await expect(call(client, Buffer.from("x"))).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("over the 65536 the console accepts") });
    const after = await call(client, Buffer.from("y"));
    expect([after.messages.map(String), after.grpcStatus]).toEqual([["after"], 0]);
    expect(streams).toBe(2);
  });

  it("after a call times out, keeps a connection whose provider answers PING (a slow method), and closes one whose provider does not", async () => {
    // nghttp2 answers the PING while the method never does.
    let pinged = 0;
    const slow = await serve(() => undefined);
    server!.on("session", (session) => session.on("ping", () => pinged++));
    await expect(call(slow, Buffer.from("x"), { timeoutMs: 100 })).rejects.toMatchObject({ code: "timeout" });
    await waitFor("the liveness PING at the provider", () => pinged === 1);
    await waitFor("the PING's answer heard", () => slow.health().lastPing !== null, 5_000);
    expect(slow.health()).toMatchObject({ state: "connected", lastError: null });
    expect(sessions).toHaveLength(1);

    // A provider that finished the handshake and then went silent (stopped, or cut off): the connection is dropped.
    let connections = 0;
    tcp = createTcpServer((socket) => {
      connections++;
      socket.on("data", () => undefined);
      socket.write(settingsFrame([]));
    });
    tcp.listen(0, "127.0.0.1");
    await once(tcp, "listening");
    const dead = new TripleClient(`127.0.0.1:${(tcp.address() as AddressInfo).port}`, { livenessTimeoutMs: 200 });
    try {
      await expect(call(dead, Buffer.from("x"), { timeoutMs: 100 })).rejects.toMatchObject({ code: "timeout" });
      await waitFor("the silent connection dropped", () => dead.health().state !== "connected", 5_000);
      expect(dead.health().lastError?.message).toContain("did not answer a PING within 200 ms after a call timed out");
      await expect(call(dead, Buffer.from("y"), { timeoutMs: 100 })).rejects.toMatchObject({ code: "timeout" });
      expect(connections).toBe(2);
    } finally {
      dead.close();
    }
  });

  it("measures a PING's round trip", async () => {
    const c = await serve(echo);
    const rtt = await c.ping(2_000);
    expect(rtt).toBeGreaterThanOrEqual(0);
    expect(c.health()).toMatchObject({ state: "connected", lastPing: { rttMs: rtt } });
  });

  it("says a peer that does not speak HTTP/2 is not reachable over Triple, then backs off", async () => {
    tcp = createTcpServer((socket) => socket.resume().end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n"));
    tcp.listen(0, "127.0.0.1");
    await once(tcp, "listening");
    client = new TripleClient(`127.0.0.1:${(tcp.address() as AddressInfo).port}`);
    await expect(call(client, Buffer.from("x"))).rejects.toMatchObject({ code: "connection_failed" });
    expect(client.health().state).toBe("backoff");
    await expect(call(client, Buffer.from("x"))).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("tries again in") });
  });

  it("fails fast on a refused connection", async () => {
    tcp = createTcpServer();
    tcp.listen(0, "127.0.0.1");
    await once(tcp, "listening");
    const port = (tcp.address() as AddressInfo).port;
    await new Promise((resolve) => tcp!.close(resolve));
    tcp = null;
    client = new TripleClient(`127.0.0.1:${port}`);
    await expect(call(client, Buffer.from("x"))).rejects.toMatchObject({ code: "connection_failed", message: expect.stringContaining("ECONNREFUSED") });
  });
});
