import { createServer, type Server, type Socket, connect } from "node:net";
import { freePort } from "./free-port";

/** ZooKeeper's request type of a multi (OpCode.multi): how the console saves every route change. */
export const ZK_OP_MULTI = 14;

/**
 * Where a trap cuts the connection around the request it waits for:
 * - `drop-request`: before the request reaches ZooKeeper (never applied);
 * - `drop-reply`: after ZooKeeper has applied it and answered, the answer withheld from
 *   the client (applied, but the client cannot know).
 */
export type TrapMode = "drop-request" | "drop-reply";

/** What a sprung trap saw: ZooKeeper's error code in its answer (0: applied), null for `drop-request`. */
export interface Sprung {
  readonly replyError: number | null;
}

/**
 * A TCP relay to a ZooKeeper server that reads the client's request frames, so a test can
 * cut the connection exactly around one write: the console's session dies mid-edit, with
 * the write applied or not, as a real network failure can do and a real server will not on
 * demand. Once a trap has sprung the relay refuses new connections until {@link restore},
 * so the console's session expires on the server while it cannot reach it.
 */
export interface ZkFaultProxy {
  readonly port: number;
  /** Arms a trap for the next request of type `opType` on any connection; resolves when it has sprung. */
  trap(opType: number, mode: TrapMode): Promise<Sprung>;
  /** Accepts and relays connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const HOST = "127.0.0.1";

/** Splits a stream of ZooKeeper frames (4-byte big-endian length, then the body) into whole frames. */
function framer(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
      const size = 4 + pending.readInt32BE(0);
      onFrame(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  };
}

export async function startZkFaultProxy(targetPort: number): Promise<ZkFaultProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let armed: { opType: number; mode: TrapMode; spring: (s: Sprung) => void } | null = null;

  const cutAll = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  const relay = (client: Socket) => {
    const upstream = connect({ host: HOST, port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.on("close", () => upstream.destroy());
    let awaitedXid: number | null = null;
    let onReply: ((error: number) => void) | null = null;
    let serverFrames = 0;
    upstream.on(
      "data",
      framer((frame) => {
        // The first answer is the ConnectResponse; the others start with xid, zxid, err.
        const isReply = serverFrames++ > 0;
        if (isReply && awaitedXid !== null && frame.readInt32BE(4) === awaitedXid) {
          onReply?.(frame.readInt32BE(16));
          upstream.destroy();
          return;
        }
        if (!client.destroyed) client.write(frame);
      }),
    );
    upstream.on("close", () => client.destroy());
    let clientFrames = 0;
    client.on(
      "data",
      framer((frame) => {
        // The first request is the ConnectRequest; the others start with xid, type.
        const isRequest = clientFrames++ > 0;
        const trap = armed;
        if (!isRequest || trap === null || frame.readInt32BE(8) !== trap.opType) {
          upstream.write(frame);
          return;
        }
        armed = null;
        if (trap.mode === "drop-request") {
          void cutAll().then(() => trap.spring({ replyError: null }));
          return;
        }
        awaitedXid = frame.readInt32BE(4);
        onReply = (error) => void cutAll().then(() => trap.spring({ replyError: error }));
        upstream.write(frame);
        sockets.delete(upstream);
        client.removeAllListeners("close");
        client.destroy();
        // Everyone else is cut too, and new connections refused, until restore().
        for (const s of sockets) s.destroy();
        server?.close();
        server = null;
      }),
    );
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(relay);
      s.once("error", reject);
      s.listen(port, HOST, () => resolve());
      server = s;
    });

  await listen();
  return {
    port,
    trap: (opType, mode) => new Promise<Sprung>((spring) => (armed = { opType, mode, spring })),
    restore: listen,
    close: cutAll,
  };
}
