import { EventEmitter } from "node:events";
import type zookeeper from "node-zookeeper-client";
import { describe, expect, it } from "vitest";
import { batchZkWire } from "@/server/registry/zk/zk-wire-batching";

/** A socket as far as the batching touches it: cork depth and what was written, in order. */
class FakeSocket {
  corks = 0;
  readonly flushed: string[] = [];
  private held: string[] = [];

  cork(): void {
    this.corks++;
  }

  uncork(): void {
    this.corks--;
    if (this.corks === 0) this.flushed.push(this.held.splice(0).join(""));
  }

  write(s: string): void {
    if (this.corks > 0) this.held.push(s);
    else this.flushed.push(s);
  }
}

/** node-zookeeper-client's ConnectionManager as far as the batching touches it. */
function fakeClient() {
  const frames: string[] = [];
  const manager = {
    socket: new FakeSocket() as unknown,
    packetQueue: new EventEmitter(),
    onSocketData(data: Buffer) {
      frames.push(data.toString("hex"));
    },
  };
  return { client: { connectionManager: manager } as unknown as zookeeper.Client, manager, frames };
}

/** A ZooKeeper frame: 4-byte big-endian length, then the body. */
function frame(body: number[]): Buffer {
  const b = Buffer.alloc(4 + body.length);
  b.writeInt32BE(body.length, 0);
  Buffer.from(body).copy(b, 4);
  return b;
}

const FRAMES = [frame([1, 2, 3]), frame([]), frame(Array.from({ length: 300 }, (_, i) => i & 255)), frame([9])];
const STREAM = Buffer.concat(FRAMES);
const EXPECTED = FRAMES.map((f) => f.toString("hex"));

describe("batchZkWire", () => {
  it("hands the client one whole frame per call when a chunk holds several", () => {
    const { client, manager, frames } = fakeClient();
    batchZkWire(client);
    manager.onSocketData(STREAM);
    expect(frames).toEqual(EXPECTED);
  });

  it("reassembles frames from a stream split at every offset", () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      const { client, manager, frames } = fakeClient();
      batchZkWire(client);
      manager.onSocketData(STREAM.subarray(0, cut));
      manager.onSocketData(STREAM.subarray(cut));
      expect(frames, `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it("reassembles frames from a stream fed byte by byte", () => {
    const { client, manager, frames } = fakeClient();
    batchZkWire(client);
    for (let i = 0; i < STREAM.length; i++) manager.onSocketData(STREAM.subarray(i, i + 1));
    expect(frames).toEqual(EXPECTED);
  });

  it("drops a frame cut off by a new connection instead of gluing it to the next one's bytes", () => {
    const { client, manager, frames } = fakeClient();
    batchZkWire(client);
    manager.onSocketData(FRAMES[2]!.subarray(0, 10));
    manager.socket = new FakeSocket();
    manager.onSocketData(FRAMES[0]!);
    expect(frames).toEqual([EXPECTED[0]]);
  });

  it("sends the requests queued in one event-loop turn in one write, in order", async () => {
    const { client, manager } = fakeClient();
    batchZkWire(client);
    const socket = manager.socket as FakeSocket;
    // The client's own listener writes each packet as it is queued.
    manager.packetQueue.on("readable", () => socket.write(`p${socket.flushed.length}`));
    for (let i = 0; i < 3; i++) manager.packetQueue.emit("readable");
    expect(socket.flushed).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(socket.flushed).toEqual(["p0p0p0"]);
    expect(socket.corks).toBe(0);
    manager.packetQueue.emit("readable");
    await new Promise((r) => setImmediate(r));
    expect(socket.flushed).toEqual(["p0p0p0", "p1"]);
  });

  it("leaves a client of an unexpected shape alone", () => {
    const client = { connectionManager: { socket: undefined } } as unknown as zookeeper.Client;
    expect(() => batchZkWire(client)).not.toThrow();
  });
});
