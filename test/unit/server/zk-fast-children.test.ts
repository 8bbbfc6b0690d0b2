import type { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import zookeeper from "node-zookeeper-client";
import { describe, expect, it } from "vitest";
import { fastGetChildren } from "@/server/registry/zk/zk-fast-children";

/** node-zookeeper-client's own jute codec: the reference for the bytes (no typings: used as `any`-free records below). */
const jute = createRequire(import.meta.url)("node-zookeeper-client/lib/jute") as {
  Request: new (header: unknown, payload: unknown) => { toBuffer(): Buffer };
  protocol: Record<string, new (...args: unknown[]) => Record<string, unknown> & { byteLength(): number; serialize(b: Buffer, o: number): number }>;
};

interface Packet {
  request: { header: { xid: number; type: number }; toBuffer(): Buffer };
  callback: (error: unknown, response?: unknown) => void;
}

/** The fast path over an existing fake manager. */
function fakeClientWith(manager: ReturnType<typeof fakeClient>["manager"]) {
  let intercept: (frame: Buffer) => boolean = () => false;
  const client = { connectionManager: manager, getChildren: () => undefined } as unknown as zookeeper.Client;
  const get = fastGetChildren(client, { interceptFrames: (h) => (intercept = h) })!;
  return { get, deliver: (frame: Buffer) => intercept(frame) };
}

/** The connection manager as far as the fast path touches it, sending packets as the client does (xid, pending queue). */
function fakeClient() {
  const watchers: string[] = [];
  let intercept: (frame: Buffer) => boolean = () => false;
  const manager = {
    state: 2,
    chrootPath: undefined as string | undefined,
    xid: 5,
    zxid: Buffer.alloc(8),
    pendingQueue: [] as Packet[],
    sent: [] as Buffer[],
    queue(request: Packet["request"], callback: Packet["callback"]) {
      request.header.xid = this.xid++;
      this.pendingQueue.push({ request, callback });
      this.sent.push(request.toBuffer());
    },
    registerChildWatcher(path: string) {
      watchers.push(path);
    },
  };
  const client = { connectionManager: manager, getChildren: () => undefined } as unknown as zookeeper.Client;
  const get = fastGetChildren(client, { interceptFrames: (h) => (intercept = h) })!;
  return { manager, watchers, get, deliver: (frame: Buffer) => intercept(frame) };
}

/**
 * A reply frame as ZooKeeper sends it: the header encoded with the client's own record, then
 * GetChildrenResponse (ZooKeeper's zookeeper.jute: `vector<ustring> children`).
 */
function reply(xid: number, zxid: number, err: number, children?: string[]): Buffer {
  const header = new jute.protocol.ReplyHeader!(xid, Buffer.from([0, 0, 0, 0, 0, 0, zxid >> 8, zxid & 255]), err);
  const head = Buffer.alloc(header.byteLength());
  header.serialize(head, 0);
  const parts: Buffer[] = [head];
  if (children) {
    parts.push(int32(children.length));
    for (const c of children) parts.push(int32(Buffer.byteLength(c)), Buffer.from(c));
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([int32(body.length), body]);
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
}

describe("fastGetChildren", () => {
  it("sends ZooKeeper's getChildren request, encoded as the client encodes its getChildren2 but for the opcode", () => {
    const { manager, get } = fakeClient();
    get("/dubbo/com.foo.Bar/providers", () => undefined, () => undefined);
    get("/dubbo/ü", undefined, () => undefined);
    const expected = [
      { xid: 5, path: "/dubbo/com.foo.Bar/providers", watch: true },
      { xid: 6, path: "/dubbo/ü", watch: false },
    ].map(({ xid, path, watch }) => {
      // GetChildrenRequest and GetChildren2Request are the same record: path, watch.
      const header = new jute.protocol.RequestHeader!(xid, 8);
      const payload = new jute.protocol.GetChildren2Request!();
      Object.assign(payload, { path, watch });
      return new jute.Request(header, payload).toBuffer().toString("hex");
    });
    expect(manager.sent.map((b) => b.toString("hex"))).toEqual(expected);
  });

  it("decodes the reply, records its zxid and arms the watcher before answering", () => {
    const { manager, watchers, get, deliver } = fakeClient();
    const answers: unknown[] = [];
    get("/dubbo/a.B/providers", () => undefined, (error, children) => answers.push({ error, children, watchers: [...watchers] }));
    expect(deliver(reply(5, 0x0102, 0, ["dubbo%3A%2F%2Fh", "é"]))).toBe(true);
    expect(answers).toEqual([{ error: null, children: ["dubbo%3A%2F%2Fh", "é"], watchers: ["/dubbo/a.B/providers"] }]);
    expect(manager.zxid.toString("hex")).toBe("0000000000000102");
    expect(manager.pendingQueue).toHaveLength(0);
  });

  it("arms the watcher where the client's WatcherManager keeps child watchers, once per read", () => {
    const { manager } = fakeClient();
    const childWatchers: Record<string, EventEmitter> = {};
    Object.assign(manager, { watcherManager: { childWatchers } });
    const { get, deliver } = fakeClientWith(manager);
    let fired = 0;
    get("/dubbo/a.B/providers", () => fired++, () => undefined);
    expect(deliver(reply(5, 1, 0, []))).toBe(true);
    expect(childWatchers["/dubbo/a.B/providers"]?.listenerCount("notification")).toBe(1);
    childWatchers["/dubbo/a.B/providers"]!.emit("notification", {});
    expect(fired).toBe(1);
  });

  it("answers an error code with the client's own Exception and arms no watcher", () => {
    const { watchers, get, deliver } = fakeClient();
    let error: unknown;
    get("/dubbo/gone", () => undefined, (e) => (error = e));
    expect(deliver(reply(5, 1, zookeeper.Exception.NO_NODE))).toBe(true);
    expect((error as zookeeper.Exception).getCode()).toBe(zookeeper.Exception.NO_NODE);
    expect(watchers).toEqual([]);
  });

  it("leaves to the client every frame that is not the reply to its oldest request", () => {
    const { manager, get, deliver } = fakeClient();
    get("/a", undefined, () => undefined);
    expect(deliver(reply(-1, 0, 0))).toBe(false); // a watch notification
    expect(deliver(reply(9, 0, 0, []))).toBe(false); // out of order: the client drops the connection
    manager.pendingQueue.unshift({ request: { header: { xid: 4, type: 4 }, toBuffer: () => Buffer.alloc(0) }, callback: () => undefined });
    expect(deliver(reply(4, 0, 0))).toBe(false); // another operation's reply
    manager.pendingQueue.shift();
    manager.state = 1; // connecting: the frame is the connect response
    expect(deliver(reply(5, 0, 0, []))).toBe(false);
    expect(manager.pendingQueue).toHaveLength(1);
  });

  it("fails a request when the client fails the packet (a dropped connection)", () => {
    const { manager, get } = fakeClient();
    let error: unknown;
    get("/a", () => undefined, (e) => (error = e));
    manager.pendingQueue[0]!.callback(new Error("Exception: CONNECTION_LOSS[-4]"));
    expect(String(error)).toContain("CONNECTION_LOSS");
  });

  it("is not used for a chroot, which the client prepends itself", () => {
    const manager = { state: 2, chrootPath: "/x", pendingQueue: [], queue() {}, registerChildWatcher() {} };
    const client = { connectionManager: manager } as unknown as zookeeper.Client;
    expect(fastGetChildren(client, { interceptFrames: () => undefined })).toBeNull();
  });
});
