/**
 * Issue 8's "ceiling": a raw TCP echo of Dubbo frames on loopback, 64 calls in flight on
 * one connection, 1 KiB bodies. The peer (bench/raw-echo-peer.ts, its own process) echoes
 * every request frame as a response. Two clients drive it in turn, from this process:
 * - raw frames: a socket, the frame codec and a map of ids, nothing else: the most calls/s
 *   any engine could get over one Node connection here;
 * - the exchange client: the same frames through DubboExchangeClient (request ids,
 *   per-call timers, pending map, corked writes), to show what that layer costs.
 * The two take turns, ROUNDS times each, so that a load that comes and goes on the machine
 * falls on both; each figure is over all of its rounds. The engine-vs-Java figure (the real
 * 3.3 provider, hessian bodies) is measured elsewhere; this is its upper bound.
 * BENCH_ECHO_SECONDS (default 5) of measurement per client, after 1 s of warm-up per round.
 */
import { connect, type Socket } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { encodeFrame, type Frame, FrameDecoder } from "@/server/protocol/frame";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { startNodeScript } from "./bench-process";
import { describeFigures, drive, figuresOf, IN_FLIGHT, merge, type Run } from "./in-flight";

const BODY_BYTES = 1024;
const WARMUP_MS = 1_000;
const ROUNDS = 3;
const CALL_TIMEOUT_MS = 10_000;
const LIMIT = 8 * 1024 * 1024;

/** The least a client can do: encode, write (corked per tick), decode, match the id. */
function rawClient(socket: Socket): () => Promise<Frame> {
  const decoder = new FrameDecoder(LIMIT);
  const waiting = new Map<bigint, (f: Frame) => void>();
  let nextId = 1n;
  let corked = false;
  const body = Buffer.alloc(BODY_BYTES, 0x61);
  socket.on("data", (chunk: Buffer) => {
    for (const f of decoder.push(chunk)) {
      const resolve = waiting.get(f.id);
      waiting.delete(f.id);
      resolve?.(f);
    }
  });
  return () =>
    new Promise<Frame>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(() => {
          corked = false;
          socket.uncork();
        });
      }
      socket.write(encodeFrame({ id, request: true, twoWay: true, event: false, serialization: 2, status: 0, body }, LIMIT));
    });
}

function describeRun(label: string, run: Run, ceiling?: Run): string {
  const perSecond = run.calls / run.seconds;
  const vs = ceiling ? ` (${(perSecond / (ceiling.calls / ceiling.seconds)).toFixed(2)}x the ceiling)` : "";
  return `    ${label.padEnd(40)}: ${describeFigures(figuresOf(run))}${vs}`;
}

export async function benchRawEcho(measureMs: number): Promise<string[]> {
  const peer = startNodeScript("raw-echo-peer.ts", []);
  try {
    const port = Number((await peer.waitForLine(/^PORT \d+$/, 30_000)).slice(5));
    const socket = connect({ host: "127.0.0.1", port, noDelay: true });
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const sendRaw = rawClient(socket);
    const client = new DubboExchangeClient(`127.0.0.1:${port}`);
    const body = Buffer.alloc(BODY_BYTES, 0x61);
    const sendExchange = () => client.request(body, { timeoutMs: CALL_TIMEOUT_MS });
    const rawRounds: Run[] = [];
    const exchangeRounds: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rawRounds.push(await drive(sendRaw, measureMs / ROUNDS, WARMUP_MS));
      exchangeRounds.push(await drive(sendExchange, measureMs / ROUNDS, WARMUP_MS));
    }
    socket.destroy();
    await client.close();
    const raw = merge(rawRounds);
    const exchange = merge(exchangeRounds);

    return [
      `raw-echo: Dubbo frames echoed by a Node peer over loopback TCP, one connection, ${IN_FLIGHT} in flight, ${BODY_BYTES} B bodies, ${ROUNDS} alternating rounds, ${measureMs / 1000} s each client (load average ${loadavg()[0]!.toFixed(1)}, ${availableParallelism()} cores)`,
      describeRun("raw frames (codec only: the ceiling)", raw),
      describeRun("exchange client", exchange, raw),
    ];
  } finally {
    await peer.stop(1_000);
  }
}
