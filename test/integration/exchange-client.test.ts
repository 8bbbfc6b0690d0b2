import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ConnectionClosedError, PayloadTooLargeError, TimeoutError } from "@/server/errors/transport-errors";
import type { ConnectionState, ExchangeClient } from "@/server/protocol/exchange-client";
import { encodeFrame, FrameDecoder } from "@/server/protocol/frame";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { DEMO, type DubboLine, startProvider } from "../support/dubbo-peers";

const rig = inject("rig");
/** The rig's interface-level providers: 2.7.23 on 127.0.0.2, 3.3 on 127.0.0.3. */
const PROVIDERS = (["2.7", "3.3"] as const).map((line) => rig.providers.find((p) => p.line === line && p.registerMode === "interface")!);
/** Loopback hosts of this file's own providers (the rig and other files use .2-.7). */
const PRIVATE_HOST: Record<DubboLine, string> = { "2.7": "127.0.0.21", "3.3": "127.0.0.22" };

const clients: ExchangeClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** A client whose raw incoming bytes are kept (through the dial hook), for checking what Java sends byte for byte. */
function tappedClient(address: string, options: ConstructorParameters<typeof DubboExchangeClient>[1] = {}): { client: DubboExchangeClient; received: Buffer[] } {
  const received: Buffer[] = [];
  const dial = (host: string, port: number): Socket => {
    const socket = connect({ host, port });
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    return socket;
  };
  const client = new DubboExchangeClient(address, { ...options, dial });
  clients.push(client);
  return { client, received };
}

/** A request id as its 8 header bytes, in hex (3.3 providers number their requests from a random start, negative ones too). */
const idHex = (id: bigint) => BigInt.asUintN(64, id).toString(16).padStart(16, "0");

/** Every frame in `chunks` (a whole stream from its start). */
const framesOf = (chunks: Buffer[]) => new FrameDecoder(0x7fffffff).push(Buffer.concat(chunks));

/**
 * Hand-made hessian2 request bodies (DubboCodec.encodeRequestData) for the few fixed calls
 * this file makes: the body codec is another module's; this layer carries bodies as bytes.
 * ASCII strings only (hessian2 compact and two-byte-length forms); int 0..262143.
 */
function str(s: string): Buffer {
  const head = s.length < 32 ? [s.length] : [0x30 + (s.length >> 8), s.length & 0xff];
  return Buffer.concat([Buffer.from(head), Buffer.from(s, "latin1")]);
}
function int(n: number): Buffer {
  if (n >= -16 && n <= 47) return Buffer.from([0x90 + n]);
  if (n >= -2048 && n <= 2047) return Buffer.from([0xc8 + (n >> 8), n & 0xff]);
  return Buffer.from([0xd4 + (n >> 16), (n >> 8) & 0xff, n & 0xff]);
}
function callBody(service: { interface: string; version: string }, method: string, desc: string, args: Buffer[]): Buffer {
  const version = service.version || "0.0.0";
  const attachments = [str("path"), str(service.interface), str("interface"), str(service.interface), str("version"), str(version)];
  return Buffer.concat([str("2.0.2"), str(service.interface), str(version), str(method), str(desc), ...args, Buffer.from("H"), ...attachments, Buffer.from("Z")]);
}
const whoAmI = () => callBody(DEMO.greeting, "whoAmI", "", []);
const slow = (ms: number) => callBody(DEMO.fault, "slow", "I", [int(ms)]);
const largeText = (kib: number) => callBody(DEMO.fault, "largeText", "I", [int(kib)]);

/** Resolves with the first state `test` accepts, now or later. */
function stateWhere(c: ExchangeClient, test: (s: ConnectionState) => boolean): Promise<ConnectionState> {
  if (test(c.state)) return Promise.resolve(c.state);
  return new Promise((resolve) => {
    const off = c.onStateChange((s) => test(s) && (off(), resolve(s)));
  });
}

describe.each(PROVIDERS)("the exchange client against the real Dubbo $line provider", (provider) => {
  it("gets a heartbeat response for its heartbeat request, byte for byte as ExchangeCodec writes it", async () => {
    const { client, received } = tappedClient(provider.address);
    const answer = await client.ping({ timeoutMs: 5_000 });
    expect([answer.request, answer.event, answer.status, answer.serialization, answer.body.toString("hex")]).toEqual([false, true, 20, 2, "4e"]);
    const bytes = Buffer.concat(received).toString("hex");
    expect(bytes).toBe(`dabb2214${idHex(answer.id)}000000014e`);
  });

  it("sends a call and gets the provider's OK response with a value and attachments (flag 4)", async () => {
    const { client } = tappedClient(provider.address);
    const answer = await client.request(whoAmI(), { timeoutMs: 5_000 });
    expect([answer.request, answer.event, answer.status, answer.serialization]).toEqual([false, false, 20, 2]);
    // RESPONSE_VALUE_WITH_ATTACHMENTS as hessian compact int 0x94, then the string "host:port".
    expect(answer.body.subarray(0, 1 + str(provider.address).length).toString("hex")).toBe(Buffer.concat([Buffer.from([0x94]), str(provider.address)]).toString("hex"));
  });

  it("times a slow call out, drops its late response, and keeps using the connection", async () => {
    const { client, received } = tappedClient(provider.address);
    await client.ping({ timeoutMs: 5_000 });
    const late = client.request(slow(600), { timeoutMs: 150 });
    await expect(late).rejects.toThrow(new TimeoutError(provider.address, 150));
    // The late answer arrives and is dropped; the connection serves the next call.
    const started = Date.now();
    const next = await client.request(slow(700), { timeoutMs: 5_000 });
    expect(next.status).toBe(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(framesOf(received).filter((f) => !f.event).map((f) => f.status)).toEqual([20, 20]);
    expect(client.inFlight).toBe(0);
    expect(client.state.type).toBe("connected");
  });

  it("drops the connection with a clear error when the provider answers over the payload limit, then reconnects", async () => {
    const { client } = tappedClient(provider.address, { maxPayload: 64 * 1024, random: () => 0 });
    const error = (await client.request(largeText(100), { timeoutMs: 10_000 }).catch((e: unknown) => e)) as ConnectionClosedError;
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect(error.cause).toBeInstanceOf(PayloadTooLargeError);
    expect(error.message).toMatch(new RegExp(`^the connection to ${provider.address} was dropped: the body of the frame for request \\d+ is \\d+ bytes, over the payload limit of 65536 bytes$`));
    await stateWhere(client, (s) => s.type === "connected");
    expect((await client.request(whoAmI(), { timeoutMs: 5_000 })).status).toBe(20);
  });
});

describe.each(["2.7", "3.3"] as const)("a Dubbo %s provider stopped gracefully", (line) => {
  it("sends READONLY: the client refuses new calls, the call in flight completes, then the provider closes", async () => {
    const provider = await startProvider({ line, registry: rig.zkAddress, host: PRIVATE_HOST[line], services: ["greeting", "fault"] });
    try {
      const { client, received } = tappedClient(provider.address);
      await client.ping({ timeoutMs: 10_000 });
      const readOnly = stateWhere(client, () => client.readOnly);
      const inFlight = client.request(slow(300), { timeoutMs: 10_000 });
      // The call is on the wire before the provider hears SIGTERM.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const stopped = provider.stop();
      await readOnly;
      expect(client.state.type).toBe("connected");
      await expect(client.request(whoAmI(), { timeoutMs: 5_000 })).rejects.toThrow(`${provider.address} is shutting down (it sent READONLY) and takes no new calls`);
      const answer = await inFlight;
      expect(answer.status).toBe(20);
      expect(answer.body.toString("latin1")).toContain("slept 300 ms");
      // HeaderExchangeServer.sendChannelReadOnlyEvent, as captured: a one-way hessian2 event with body "R".
      const event = framesOf(received).find((f) => f.request)!;
      expect(encodeFrame(event, 16).toString("hex")).toBe(`dabba200${idHex(event.id)}000000020152`);
      await stopped;
      await stateWhere(client, (s) => s.type === "backoff");
      expect(client.readOnly).toBe(false);
    } finally {
      await provider.stop();
    }
  });
});
