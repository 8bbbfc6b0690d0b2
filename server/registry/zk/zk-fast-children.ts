import { EventEmitter } from "node:events";
import zookeeper from "node-zookeeper-client";
import type { ZkWire } from "./zk-wire-batching";

/**
 * ZooKeeper's getChildren opcode (ZooDefs.OpCode.getChildren): what the Java client sends
 * for `getChildren(path, watcher, callback)`, as Dubbo's Curator does; node-zookeeper-client
 * sends getChildren2 (12), whose reply adds a Stat that no caller here reads.
 */
const GET_CHILDREN = 8;
/** Frame length (4) + ReplyHeader: xid (int), zxid (long), err (int). */
const REPLY_PAYLOAD_AT = 4 + 4 + 8 + 4;
/** Where a reply's zxid sits in a frame. */
const ZXID_AT = 8;
const ERR_AT = 16;
/** ConnectionManager's CONNECTING state, when the one frame to come is the connect response. */
const CONNECTING = 1;
/** A path node-zookeeper-client's Path.validate accepts without question: `/`, or `/`-separated names that are not `.` or `..`. */
const ORDINARY_PATH = /^\/$|^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/;

/** The parts of node-zookeeper-client's private ConnectionManager this file touches. */
interface ConnectionManagerInternals {
  state: number;
  chrootPath?: string;
  zxid: Buffer;
  pendingQueue: { request: unknown }[];
  queue(request: unknown, callback: (error: unknown, response?: unknown) => void): void;
  registerChildWatcher(path: string, watcher: (event: zookeeper.Event) => void): void;
  watcherManager?: { childWatchers?: Record<string, EventEmitter | undefined> };
}

type ChildrenCallback = (error: Error | zookeeper.Exception | null, children: string[]) => void;

/** `client.getChildren(path, watcher?, callback)`, for a client that {@link fastGetChildren} could not speed up. */
export type GetChildren = (path: string, watcher: ((event: zookeeper.Event) => void) | undefined, callback: ChildrenCallback) => void;

/**
 * A getChildren request as node-zookeeper-client's ConnectionManager handles packets: it
 * sets `header.xid` when it sends it, writes `toBuffer()`, keeps it in its pending queue
 * until the reply, and fails it through the packet callback when the connection drops.
 */
class ChildrenRequest {
  readonly header = { xid: 0, type: GET_CHILDREN };
  readonly payload = null;

  constructor(
    readonly path: string,
    private readonly watch: boolean,
    readonly finish: (error: zookeeper.Exception | null, children?: string[]) => void,
  ) {}

  /** The bytes jute.Request gives for RequestHeader + GetChildrenRequest (path, watch). */
  toBuffer(): Buffer {
    const pathBytes = Buffer.byteLength(this.path);
    const frame = Buffer.allocUnsafe(17 + pathBytes);
    frame.writeInt32BE(13 + pathBytes, 0);
    frame.writeInt32BE(this.header.xid, 4);
    frame.writeInt32BE(GET_CHILDREN, 8);
    frame.writeInt32BE(pathBytes, 12);
    frame.write(this.path, 16, "utf8");
    frame.writeUInt8(this.watch ? 1 : 0, 16 + pathBytes);
    return frame;
  }
}

/**
 * getChildren for node-zookeeper-client 1.1.3 at a fraction of its cost and with the same
 * effects, because a full read of a large registry is tens of thousands of them and the
 * client's per-request work set the pace (bench/registry-bench.ts): the client builds
 * each request and decodes each reply through its generic jute records (a regular
 * expression per field type, six 8-byte buffers for a Stat no caller here reads) and runs
 * every call through async.whilst for its retries.
 *
 * The request is ZooKeeper's plain getChildren (op 8, path and watch flag), as the Java
 * client sends it for Dubbo, rather than the client's getChildren2, so the server does not
 * send a Stat either. It is queued on the client's connection manager like the client's
 * own (same xid sequence, pending queue, back-pressure, failure on a dropped connection);
 * its reply is decoded here, from the frame {@link ZkWire} shows first: the zxid is
 * recorded as the client records it, an error code becomes the client's own Exception, the
 * child watcher is registered with the client's WatcherManager on success, as the client
 * does (so it is re-set after a reconnect). Anything else (other xids, notifications,
 * pings, the connect response) is the client's. Without retries (the session uses
 * `retries: 0`), the client's retry loop would run once, as this does.
 *
 * Reaches into the private ConnectionManager; returns null (use `client.getChildren`) when
 * its shape is not the expected one or the connect string has a chroot.
 */
export function fastGetChildren(client: zookeeper.Client, wire: ZkWire): GetChildren | null {
  const manager = (client as unknown as { connectionManager?: ConnectionManagerInternals }).connectionManager;
  const createException = (zookeeper.Exception as unknown as { create?: (code: number) => zookeeper.Exception }).create;
  if (!manager || manager.chrootPath || !Array.isArray(manager.pendingQueue) || !createException) return null;
  if (typeof manager.queue !== "function" || typeof manager.registerChildWatcher !== "function") return null;
  const watchChildren = childWatcherRegistry(manager);

  wire.interceptFrames((frame) => {
    const head = manager.pendingQueue[0]?.request;
    if (!(head instanceof ChildrenRequest) || manager.state === CONNECTING) return false;
    if (frame.length < REPLY_PAYLOAD_AT || frame.readInt32BE(4) !== head.header.xid) return false; // the client's to handle (it drops the connection)
    manager.pendingQueue.shift();
    manager.zxid = Buffer.from(frame.subarray(ZXID_AT, ZXID_AT + 8));
    const err = frame.readInt32BE(ERR_AT);
    if (err !== 0) head.finish(createException(err));
    else head.finish(null, readChildren(frame, REPLY_PAYLOAD_AT));
    return true;
  });

  return (path, watcher, callback) => {
    if (!ORDINARY_PATH.test(path)) {
      // Let the client reject it as it does.
      if (watcher) client.getChildren(path, watcher, callback);
      else client.getChildren(path, callback);
      return;
    }
    const finish = (error: zookeeper.Exception | null, children?: string[]) => {
      if (!error && watcher) watchChildren(path, watcher);
      callback(error, children!);
    };
    const request = new ChildrenRequest(path, watcher !== undefined, finish);
    // The client calls back only to fail the packet (a dropped or closed connection): the
    // reply is always decoded above, the client having no decoder for this opcode.
    manager.queue(request, (error) => finish(error as zookeeper.Exception));
  };
}

/**
 * Registers a child watcher as WatcherManager.registerChildWatcher does (an EventEmitter
 * per path in `childWatchers`, where SetWatches and notifications find it), without what
 * that costs per call and a watcher here never needs: validating a path already checked,
 * scanning the path's listeners for this same function (each read's watcher is a new
 * one), and a `once` wrapper (the manager drops a path's emitter before it emits, so a
 * listener runs once either way). The client's own method when the map is not there.
 */
function childWatcherRegistry(manager: ConnectionManagerInternals): (path: string, watcher: (event: zookeeper.Event) => void) => void {
  const watchers = manager.watcherManager?.childWatchers;
  if (!watchers || typeof watchers !== "object") return (path, watcher) => manager.registerChildWatcher(path, watcher);
  return (path, watcher) => {
    let emitter = watchers[path];
    if (!emitter) {
      emitter = new EventEmitter();
      watchers[path] = emitter;
    }
    emitter.on("notification", watcher);
  };
}

/**
 * GetChildrenResponse's `children` (a jute vector of strings), as the client's jute
 * decoder reads it (-1 for an absent vector or string is undefined).
 */
function readChildren(frame: Buffer, at: number): string[] | undefined {
  const count = frame.readInt32BE(at);
  if (count === -1) return undefined;
  const children: string[] = [];
  let offset = at + 4;
  for (let i = 0; i < count; i++) {
    const length = frame.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      children.push(undefined as unknown as string);
      continue;
    }
    children.push(frame.toString("utf8", offset, offset + length));
    offset += length;
  }
  return children;
}
