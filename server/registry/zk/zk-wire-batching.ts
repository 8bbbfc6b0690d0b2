import type { Socket } from "node:net";
import type zookeeper from "node-zookeeper-client";

/** The parts of node-zookeeper-client's private ConnectionManager this file touches. */
interface ConnectionManagerInternals {
  socket?: Socket;
  packetQueue: { prependListener(event: "readable", listener: () => void): unknown };
  onSocketData(data: Buffer): void;
}

/** ZooKeeper frames: a 4-byte big-endian length, then that many bytes (jute). */
const LENGTH_BYTES = 4;

/** A client whose wire is batched (see {@link batchZkWire}). */
export interface ZkWire {
  /**
   * `handler` sees each whole frame (length prefix included) before the client does; a
   * frame it returns true for never reaches the client. One handler; a later call replaces it.
   */
  interceptFrames(handler: (frame: Buffer) => boolean): void;
}

/**
 * Makes node-zookeeper-client 1.1.3 cheaper per request without changing a byte on the
 * wire or the order of anything, because a full read of a large registry is ten thousand
 * pipelined requests and there the client's own overhead, not ZooKeeper, sets the pace
 * (measured in bench/registry-bench.ts):
 *
 * - Writes. The client writes every request with its own `socket.write` as it is queued
 *   (ConnectionManager.onPacketQueueReadable): one system call per request. The socket is
 *   corked when the first request of an event-loop turn is queued and uncorked at the end
 *   of that turn (setImmediate), so the requests a turn queues go out in one `writev`, in
 *   the same order. Latency: the rest of the turn, no timer.
 * - Reads. ConnectionManager.onSocketData decodes one frame per call and re-enters itself
 *   with the rest of the chunk, each time concatenating the remainder into a new buffer:
 *   a chunk holding n replies is copied about n/2 times over. It is given exactly one whole
 *   frame per call instead (views of the chunk, and one copy for a frame that spans
 *   chunks), so it takes its no-copy path. A frame cut off by a dropped connection is
 *   discarded with that connection, where the client would have glued it to the first
 *   bytes of the next one.
 *
 * Both reach into the client's private connection manager (set up per client, before
 * `connect`); when its shape is not the expected one, the client is left as it is and the
 * result is null.
 */
export function batchZkWire(client: zookeeper.Client): ZkWire | null {
  const manager = (client as unknown as { connectionManager?: ConnectionManagerInternals }).connectionManager;
  if (!manager || typeof manager.onSocketData !== "function" || typeof manager.packetQueue?.prependListener !== "function") return null;
  corkPerTurn(manager);
  return deliverWholeFrames(manager);
}

function corkPerTurn(manager: ConnectionManagerInternals): void {
  let corked: Socket | null = null;
  // Runs before the client's own listener, which writes the queued packets.
  manager.packetQueue.prependListener("readable", () => {
    const socket = manager.socket;
    if (!socket || socket === corked) return;
    corked = socket;
    socket.cork();
    setImmediate(() => {
      corked = null;
      socket.uncork();
    });
  });
}

function deliverWholeFrames(manager: ConnectionManagerInternals): ZkWire {
  // The client binds its 'data' listener to this property at each connect.
  const clientDecode = manager.onSocketData.bind(manager);
  let intercept: ((frame: Buffer) => boolean) | null = null;
  const decodeFrame = (frame: Buffer) => {
    if (!intercept?.(frame)) clientDecode(frame);
  };
  let socket: Socket | undefined;
  /** The start of a frame that the chunks so far did not complete. */
  let partial: Buffer[] = [];
  let partialBytes = 0;

  manager.onSocketData = (chunk: Buffer) => {
    if (manager.socket !== socket) {
      socket = manager.socket;
      partial = [];
      partialBytes = 0;
    }
    let data = chunk;
    if (partialBytes > 0) {
      partial.push(chunk);
      partialBytes += chunk.length;
      if (partial[0]!.length < LENGTH_BYTES) {
        if (partialBytes < LENGTH_BYTES) return;
        partial = [Buffer.concat(partial, partialBytes)];
      }
      const frameBytes = LENGTH_BYTES + partial[0]!.readInt32BE(0);
      if (frameBytes < LENGTH_BYTES) return giveUp(Buffer.concat(partial, partialBytes));
      if (partialBytes < frameBytes) return;
      const frame = Buffer.allocUnsafe(frameBytes);
      let copied = 0;
      for (const part of partial) copied += part.copy(frame, copied, 0, Math.min(part.length, frameBytes - copied));
      data = chunk.subarray(chunk.length - (partialBytes - frameBytes));
      partial = [];
      partialBytes = 0;
      decodeFrame(frame);
      if (manager.socket !== socket) return; // the client dropped the connection: the rest is void
    }
    let offset = 0;
    while (data.length - offset >= LENGTH_BYTES) {
      const end = offset + LENGTH_BYTES + data.readInt32BE(offset);
      if (end < offset + LENGTH_BYTES) return giveUp(data.subarray(offset));
      if (end > data.length) break;
      decodeFrame(data.subarray(offset, end));
      if (manager.socket !== socket) return;
      offset = end;
    }
    if (offset < data.length) {
      partial = [data.subarray(offset)];
      partialBytes = data.length - offset;
    }
  };

  /** A negative length is no frame: the client gets the bytes as they came and does what it does with them. */
  function giveUp(rest: Buffer): void {
    partial = [];
    partialBytes = 0;
    clientDecode(rest);
  }

  return {
    interceptFrames(handler) {
      intercept = handler;
    },
  };
}
