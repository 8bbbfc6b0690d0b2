import { connect as netConnect, type Socket } from "node:net";
import { CodecError } from "@/server/errors/transport-errors";
import { HeaderListTooLargeError, HpackDecoder } from "./hpack-decoder";
import { encodeHeaderBlock } from "./hpack-encoder";
import {
  CLIENT_PREFACE,
  DEFAULT_MAX_FRAME_SIZE,
  DEFAULT_WINDOW,
  encodeFrame,
  ErrorCode,
  errorCodeName,
  Flag,
  type Frame,
  FRAME_HEADER_BYTES,
  FrameReader,
  FrameType,
  goawayFrame,
  MAX_WINDOW,
  readSettings,
  rstStreamFrame,
  Setting,
  settingsFrame,
  unpadded,
  windowUpdateFrame,
  writeFrameHeader,
} from "./h2-frame";

/** Header fields in the order they came or go: names lowercase, values as latin1 strings. */
export type HeaderFields = [name: string, value: string][];

/** Why a stream ended without its END_STREAM. */
export type H2StreamFailure =
  /** The peer reset the stream (RST_STREAM), with `code`. */
  | "reset"
  /** The peer did not process the stream (GOAWAY below it, or REFUSED_STREAM): safe to send again elsewhere. */
  | "refused"
  /** The connection ended under it. */
  | "connection";

/** A stream that ended badly: `kind` says how, the message says why in words. */
export class H2StreamError extends Error {
  constructor(
    message: string,
    readonly kind: H2StreamFailure,
    readonly code: number,
  ) {
    super(message);
    this.name = "H2StreamError";
  }
}

/**
 * What hears one stream. Each is called on the connection's reading path and must not throw:
 * a handler that wants to stop cancels its stream.
 */
export interface H2StreamHandler {
  /** The response's headers (first) or trailers (later); `endStream` when the stream ends with them. Informational (1xx) headers are not passed on. */
  onHeaders(fields: HeaderFields, endStream: boolean): void;
  /** Some of the response body, in order. */
  onData(chunk: Buffer): void;
  /** The stream ended with the peer's END_STREAM. */
  onEnd(): void;
  /** The stream ended otherwise; nothing more is called. */
  onError(error: H2StreamError): void;
}

/** A stream the caller may give up on. */
export interface H2Stream {
  /** Resets the stream (CANCEL) if it is still open; its handler hears nothing more. */
  cancel(): void;
}

export interface H2ConnectionOptions {
  readonly host: string;
  readonly port: number;
  /** `:authority` of every request (host:port). */
  readonly authority: string;
  readonly connectTimeoutMs: number;
  /** How much of one stream's body the peer may send before the console reads it (SETTINGS_INITIAL_WINDOW_SIZE). */
  readonly streamWindow: number;
  /** The decoded size of a header block the console accepts (default 64 KiB); a stream whose answer's headers are larger fails, the connection goes on. */
  readonly maxHeaderListBytes?: number;
  /** The connection ended (for any reason, after it was ready); called once. */
  readonly onClose?: (reason: string) => void;
  /** The peer sent GOAWAY, or the stream ids ran out: no new streams on this connection. */
  readonly onDraining?: () => void;
}

interface StreamState {
  readonly id: number;
  readonly handler: H2StreamHandler;
  sendWindow: number;
  /** The body not yet sent (flow control holds it back). */
  pending: Buffer | null;
  receivedSinceUpdate: number;
  headersSeen: boolean;
}

interface Waiting {
  /** The header block, encoded without the first block's table size update. */
  readonly block: Buffer;
  readonly body: Buffer;
  readonly handler: H2StreamHandler;
  cancelled: boolean;
  state: StreamState | null;
}

/** What the console receives before a connection WINDOW_UPDATE is sent; the connection's receive window is this much. */
const CONNECTION_WINDOW = 32 * 1024 * 1024;
const MAX_FRAME_SIZE_LIMIT = 16_777_215;
const MAX_PINGS = 10;
/** What ping() rejects with when MAX_PINGS are already waiting (the connection itself is fine). */
export const TOO_MANY_PINGS = "too many PINGs waiting";
/** A dynamic table size update to 0 (RFC 7541 §6.3): the console's encoder keeps no table, so nothing the peer's SETTINGS_HEADER_TABLE_SIZE says matters to it. */
const TABLE_SIZE_ZERO = Buffer.from([0x20]);

/**
 * One HTTP/2 connection (RFC 9113) over cleartext TCP, the client side, as Triple needs it:
 * unary request streams (headers, a body, then the answer's headers, DATA and trailers),
 * flow control both ways, SETTINGS, PING, GOAWAY (streams the peer did not process are
 * refused; the others finish), RST_STREAM, and the peer's limit on concurrent streams
 * (streams beyond it wait their turn). Frames written in one turn of the event loop go out
 * in one socket write. Hand-rolled rather than node:http2 because a Triple call on Node's
 * stream objects cost more CPU than the call itself (issue 19's benchmark).
 */
export class H2Connection {
  private readonly socket: Socket;
  private readonly reader = new FrameReader(DEFAULT_MAX_FRAME_SIZE);
  private readonly decoder: HpackDecoder;
  private readonly streams = new Map<number, StreamState>();
  private readonly waiting: Waiting[] = [];
  /** Streams with body held back by flow control, in the order they were held. */
  private readonly blocked = new Set<StreamState>();
  private readonly pings = new Map<string, { readonly sentAt: number; resolve(ms: number): void; reject(e: Error): void }>();
  private out: Buffer[] = [];
  private outBytes = 0;
  private flushScheduled = false;
  private nextStreamId = 1;
  private firstBlock = true;
  private peerInitialWindow = DEFAULT_WINDOW;
  private peerMaxFrameSize = DEFAULT_MAX_FRAME_SIZE;
  private peerMaxStreams = Number.POSITIVE_INFINITY;
  private connectionSendWindow = DEFAULT_WINDOW;
  private receivedSinceUpdate = 0;
  private continuation: { streamId: number; endStream: boolean; fragments: Buffer[] } | null = null;
  private pingSeq = 0;
  private ready = false;
  private draining = false;
  private closedReason: string | null = null;
  private readyWaiter: { resolve(): void; reject(e: Error): void } | null = null;

  private constructor(private readonly options: H2ConnectionOptions) {
    this.decoder = new HpackDecoder(4096, { maxHeaderListBytes: options.maxHeaderListBytes ?? 64 * 1024 });
    this.socket = netConnect({ host: options.host, port: options.port, noDelay: true });
    this.socket.on("connect", () => {
      this.queue(CLIENT_PREFACE);
      this.queue(
        settingsFrame([
          [Setting.ENABLE_PUSH, 0],
          [Setting.INITIAL_WINDOW_SIZE, Math.min(MAX_WINDOW, options.streamWindow)],
          [Setting.MAX_HEADER_LIST_SIZE, options.maxHeaderListBytes ?? 64 * 1024],
        ]),
      );
      this.queue(windowUpdateFrame(0, CONNECTION_WINDOW - DEFAULT_WINDOW));
    });
    this.socket.on("data", (chunk: Buffer) => {
      try {
        this.reader.push(chunk, (frame) => this.onFrame(frame));
      } catch (e) {
        const code = e instanceof CodecError && e.message.startsWith("HPACK") ? ErrorCode.COMPRESSION_ERROR : ErrorCode.PROTOCOL_ERROR;
        this.fail(`the provider broke HTTP/2: ${(e as Error).message}`, code);
      }
    });
    this.socket.on("error", (e) => this.end(`the connection failed (${e.message})`));
    this.socket.on("close", () => this.end("the provider closed the connection"));
  }

  /**
   * Connects and waits for the peer's first SETTINGS (so it speaks HTTP/2).
   * @throws Error naming what failed: refused, unreachable, not HTTP/2, or slower than `connectTimeoutMs`.
   */
  static open(options: H2ConnectionOptions): Promise<H2Connection> {
    const connection = new H2Connection(options);
    return new Promise<H2Connection>((resolve, reject) => {
      const timer = setTimeout(() => connection.fail(`no HTTP/2 connection within ${options.connectTimeoutMs} ms`, ErrorCode.CANCEL), options.connectTimeoutMs);
      connection.readyWaiter = {
        resolve: () => {
          clearTimeout(timer);
          connection.socket.unref();
          resolve(connection);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** True while new streams can start here. */
  get usable(): boolean {
    return this.ready && !this.draining && this.closedReason === null;
  }

  /**
   * Starts a request: `fields` (pseudo-headers first), then `body` with END_STREAM.
   * @throws H2StreamError ("refused") when the connection takes no new streams.
   */
  request(fields: HeaderFields, body: Buffer, handler: H2StreamHandler): H2Stream {
    if (!this.usable) throw new H2StreamError(this.closedReason ?? "the connection takes no new streams (the provider sent GOAWAY)", "refused", ErrorCode.REFUSED_STREAM);
    const entry: Waiting = { block: encodeHeaderBlock(fields), body, handler, cancelled: false, state: null };
    if (this.streams.size >= this.peerMaxStreams) this.waiting.push(entry);
    else this.start(entry);
    return {
      cancel: () => {
        if (entry.cancelled) return;
        entry.cancelled = true;
        const state = entry.state;
        if (state === null) return;
        if (this.streams.get(state.id) === state) {
          this.removeStream(state);
          this.queue(rstStreamFrame(state.id, ErrorCode.CANCEL));
        }
      },
    };
  }

  /** An HTTP/2 PING; resolves its round trip in ms. @throws Error when the connection ends first or too many are waiting. */
  ping(): Promise<number> {
    if (this.closedReason !== null) return Promise.reject(new Error(this.closedReason));
    if (this.pings.size >= MAX_PINGS) return Promise.reject(new Error(TOO_MANY_PINGS));
    const payload = Buffer.alloc(8);
    payload.writeUInt32BE(++this.pingSeq >>> 0, 4);
    return new Promise((resolve, reject) => {
      this.pings.set(payload.toString("hex"), { sentAt: performance.now(), resolve, reject });
      this.queue(encodeFrame(FrameType.PING, 0, 0, payload));
    });
  }

  /** Ends the connection (GOAWAY, then the socket): streams open fail with `reason`. */
  close(reason = "the console closed the connection"): void {
    if (this.closedReason !== null) return;
    this.queue(goawayFrame(0, ErrorCode.NO_ERROR));
    this.flush();
    this.end(reason);
  }

  private start(entry: Waiting): void {
    const id = this.nextStreamId;
    if (id > MAX_WINDOW) {
      this.setDraining();
      entry.handler.onError(new H2StreamError("the connection ran out of stream ids", "refused", ErrorCode.REFUSED_STREAM));
      return;
    }
    this.nextStreamId += 2;
    const state: StreamState = { id, handler: entry.handler, sendWindow: this.peerInitialWindow, pending: entry.body.length > 0 ? entry.body : null, receivedSinceUpdate: 0, headersSeen: false };
    entry.state = state;
    this.streams.set(id, state);
    let block = entry.block;
    if (this.firstBlock) {
      this.firstBlock = false;
      block = Buffer.concat([TABLE_SIZE_ZERO, block]);
    }
    this.writeHeaders(id, block, state.pending === null);
    if (state.pending) this.sendBody(state);
  }

  private writeHeaders(id: number, block: Buffer, endStream: boolean): void {
    const max = this.peerMaxFrameSize;
    if (block.length <= max) {
      const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + block.length);
      writeFrameHeader(frame, 0, block.length, FrameType.HEADERS, Flag.END_HEADERS | (endStream ? Flag.END_STREAM : 0), id);
      block.copy(frame, FRAME_HEADER_BYTES);
      this.queue(frame);
      return;
    }
    for (let offset = 0; offset < block.length; offset += max) {
      const last = offset + max >= block.length;
      const type = offset === 0 ? FrameType.HEADERS : FrameType.CONTINUATION;
      const flags = (last ? Flag.END_HEADERS : 0) | (offset === 0 && endStream ? Flag.END_STREAM : 0);
      this.queue(encodeFrame(type, flags, id, block.subarray(offset, Math.min(block.length, offset + max))));
    }
  }

  /** Sends what flow control lets through of the stream's body; the rest waits for a WINDOW_UPDATE. */
  private sendBody(state: StreamState): void {
    let pending = state.pending;
    while (pending !== null) {
      const n = Math.min(pending.length, state.sendWindow, this.connectionSendWindow, this.peerMaxFrameSize);
      if (n <= 0) {
        this.blocked.add(state);
        state.pending = pending;
        return;
      }
      const last = n === pending.length;
      const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + n);
      writeFrameHeader(frame, 0, n, FrameType.DATA, last ? Flag.END_STREAM : 0, state.id);
      pending.copy(frame, FRAME_HEADER_BYTES, 0, n);
      this.queue(frame);
      state.sendWindow -= n;
      this.connectionSendWindow -= n;
      pending = last ? null : pending.subarray(n);
    }
    state.pending = null;
    this.blocked.delete(state);
  }

  private resumeBlocked(): void {
    for (const state of [...this.blocked]) {
      if (this.connectionSendWindow <= 0) return;
      if (this.streams.get(state.id) !== state) {
        this.blocked.delete(state);
        continue;
      }
      this.sendBody(state);
    }
  }

  private onFrame(frame: Frame): void {
    if (this.continuation && frame.type !== FrameType.CONTINUATION) throw new CodecError(`HTTP/2: a ${frame.type} frame inside a header block (CONTINUATION expected)`);
    switch (frame.type) {
      case FrameType.DATA:
        return this.onData(frame);
      case FrameType.HEADERS: {
        if (frame.streamId === 0) throw new CodecError("HTTP/2: HEADERS on stream 0");
        const fragment = unpadded(frame);
        const endStream = (frame.flags & Flag.END_STREAM) !== 0;
        if (frame.flags & Flag.END_HEADERS) return this.onHeaderBlock(frame.streamId, fragment, endStream);
        this.continuation = { streamId: frame.streamId, endStream, fragments: [Buffer.from(fragment)] };
        return;
      }
      case FrameType.CONTINUATION: {
        const c = this.continuation;
        if (!c || c.streamId !== frame.streamId) throw new CodecError("HTTP/2: a CONTINUATION with no header block to continue");
        c.fragments.push(Buffer.from(frame.payload));
        if (c.fragments.reduce((n, f) => n + f.length, 0) > (this.options.maxHeaderListBytes ?? 64 * 1024) * 2) throw new CodecError("HTTP/2: a header block too large to keep");
        if (frame.flags & Flag.END_HEADERS) {
          this.continuation = null;
          this.onHeaderBlock(c.streamId, Buffer.concat(c.fragments), c.endStream);
        }
        return;
      }
      case FrameType.RST_STREAM: {
        if (frame.payload.length !== 4) throw new CodecError(`HTTP/2: an RST_STREAM of ${frame.payload.length} bytes`);
        const state = this.streams.get(frame.streamId);
        if (!state) return;
        const code = frame.payload.readUInt32BE(0);
        this.removeStream(state);
        state.handler.onError(new H2StreamError(`the provider reset the stream (HTTP/2 ${errorCodeName(code)})`, code === ErrorCode.REFUSED_STREAM ? "refused" : "reset", code));
        return;
      }
      case FrameType.SETTINGS:
        return this.onSettings(frame);
      case FrameType.PING: {
        if (frame.payload.length !== 8) throw new CodecError(`HTTP/2: a PING of ${frame.payload.length} bytes`);
        if (frame.flags & Flag.ACK) {
          const key = frame.payload.toString("hex");
          const ping = this.pings.get(key);
          if (ping) {
            this.pings.delete(key);
            ping.resolve(performance.now() - ping.sentAt);
          }
        } else this.queue(encodeFrame(FrameType.PING, Flag.ACK, 0, frame.payload));
        return;
      }
      case FrameType.GOAWAY:
        return this.onGoaway(frame);
      case FrameType.WINDOW_UPDATE:
        return this.onWindowUpdate(frame);
      case FrameType.PUSH_PROMISE:
        throw new CodecError("HTTP/2: a PUSH_PROMISE, though the console disabled push");
      default:
        // PRIORITY and unknown types: nothing to do (RFC 9113 §4.1, §5.5).
        return;
    }
  }

  private onData(frame: Frame): void {
    if (frame.streamId === 0) throw new CodecError("HTTP/2: DATA on stream 0");
    const length = frame.payload.length;
    this.receivedSinceUpdate += length;
    if (this.receivedSinceUpdate >= CONNECTION_WINDOW / 2) {
      this.queue(windowUpdateFrame(0, this.receivedSinceUpdate));
      this.receivedSinceUpdate = 0;
    }
    const state = this.streams.get(frame.streamId);
    if (!state) return;
    if (!state.headersSeen) throw new CodecError(`HTTP/2: DATA on stream ${frame.streamId} before its headers`);
    const endStream = (frame.flags & Flag.END_STREAM) !== 0;
    state.receivedSinceUpdate += length;
    if (!endStream && state.receivedSinceUpdate >= this.options.streamWindow / 2) {
      this.queue(windowUpdateFrame(state.id, state.receivedSinceUpdate));
      state.receivedSinceUpdate = 0;
    }
    const data = unpadded(frame);
    if (data.length > 0) state.handler.onData(data);
    if (endStream && this.streams.get(state.id) === state) this.endStream(state);
  }

  private onHeaderBlock(streamId: number, block: Buffer, endStream: boolean): void {
    // Decoded whatever the stream: the decoder's table must see every block.
    let fields: HeaderFields;
    try {
      fields = this.decoder.decode(block);
    } catch (e) {
      if (!(e instanceof HeaderListTooLargeError)) throw e;
      // The table is still in step: only this stream fails.
      const state = this.streams.get(streamId);
      if (!state) return;
      this.removeStream(state);
      if (!endStream) this.queue(rstStreamFrame(state.id, ErrorCode.CANCEL));
      state.handler.onError(new H2StreamError(`the answer's headers are ${e.listBytes} bytes, over the ${e.limit} the console accepts`, "reset", ErrorCode.CANCEL));
      return;
    }
    const state = this.streams.get(streamId);
    if (!state) return;
    if (!state.headersSeen) {
      const status = fields.find(([name]) => name === ":status")?.[1];
      if (status === undefined) throw new CodecError(`HTTP/2: response headers on stream ${streamId} without :status`);
      if (status.length === 3 && status[0] === "1" && !endStream) return;
      state.headersSeen = true;
    } else if (!endStream) throw new CodecError(`HTTP/2: trailers on stream ${streamId} without END_STREAM`);
    state.handler.onHeaders(fields, endStream);
    if (endStream && this.streams.get(state.id) === state) this.endStream(state);
  }

  private onSettings(frame: Frame): void {
    if (frame.streamId !== 0) throw new CodecError("HTTP/2: SETTINGS on a stream");
    if (frame.flags & Flag.ACK) return;
    for (const [id, value] of readSettings(frame.payload)) {
      switch (id) {
        case Setting.INITIAL_WINDOW_SIZE: {
          if (value > MAX_WINDOW) throw new CodecError(`HTTP/2: SETTINGS_INITIAL_WINDOW_SIZE ${value}, over 2^31-1`);
          const delta = value - this.peerInitialWindow;
          this.peerInitialWindow = value;
          for (const state of this.streams.values()) state.sendWindow += delta;
          break;
        }
        case Setting.MAX_FRAME_SIZE:
          if (value < DEFAULT_MAX_FRAME_SIZE || value > MAX_FRAME_SIZE_LIMIT) throw new CodecError(`HTTP/2: SETTINGS_MAX_FRAME_SIZE ${value}, outside 16384 to 16777215`);
          this.peerMaxFrameSize = value;
          break;
        case Setting.MAX_CONCURRENT_STREAMS:
          this.peerMaxStreams = value;
          break;
        default:
          break;
      }
    }
    this.queue(settingsFrame([], true));
    this.resumeBlocked();
    this.startWaiting();
    if (!this.ready) {
      this.ready = true;
      this.readyWaiter?.resolve();
      this.readyWaiter = null;
    }
  }

  private onGoaway(frame: Frame): void {
    if (frame.payload.length < 8) throw new CodecError(`HTTP/2: a GOAWAY of ${frame.payload.length} bytes`);
    const lastStreamId = frame.payload.readUInt32BE(0) & MAX_WINDOW;
    const code = frame.payload.readUInt32BE(4);
    this.setDraining();
    const refused = new H2StreamError(`the provider is going away (GOAWAY ${errorCodeName(code)}) and did not take the call`, "refused", ErrorCode.REFUSED_STREAM);
    const unprocessed = [...this.streams.values()].filter((state) => state.id > lastStreamId);
    for (const state of unprocessed) {
      this.streams.delete(state.id);
      this.blocked.delete(state);
    }
    const waiting = this.waiting.splice(0);
    for (const state of unprocessed) state.handler.onError(refused);
    for (const entry of waiting) if (!entry.cancelled) entry.handler.onError(refused);
    if (this.streams.size === 0) this.end("the provider went away (GOAWAY) and no stream was left");
  }

  private onWindowUpdate(frame: Frame): void {
    if (frame.payload.length !== 4) throw new CodecError(`HTTP/2: a WINDOW_UPDATE of ${frame.payload.length} bytes`);
    const increment = frame.payload.readUInt32BE(0) & MAX_WINDOW;
    if (frame.streamId === 0) {
      if (increment === 0) throw new CodecError("HTTP/2: a connection WINDOW_UPDATE of 0");
      this.connectionSendWindow += increment;
      if (this.connectionSendWindow > MAX_WINDOW) throw new CodecError("HTTP/2: the connection's send window passed 2^31-1");
      this.resumeBlocked();
      return;
    }
    const state = this.streams.get(frame.streamId);
    if (!state) return;
    if (increment === 0 || state.sendWindow + increment > MAX_WINDOW) {
      this.removeStream(state);
      this.queue(rstStreamFrame(state.id, increment === 0 ? ErrorCode.PROTOCOL_ERROR : ErrorCode.FLOW_CONTROL_ERROR));
      state.handler.onError(new H2StreamError(`the provider broke the stream's flow control (WINDOW_UPDATE of ${increment})`, "reset", ErrorCode.FLOW_CONTROL_ERROR));
      return;
    }
    state.sendWindow += increment;
    if (state.pending) this.sendBody(state);
  }

  private endStream(state: StreamState): void {
    this.removeStream(state);
    // The provider answered before the whole request was sent: the rest is not wanted.
    if (state.pending) this.queue(rstStreamFrame(state.id, ErrorCode.NO_ERROR));
    state.handler.onEnd();
  }

  private removeStream(state: StreamState): void {
    this.streams.delete(state.id);
    this.blocked.delete(state);
    this.startWaiting();
    if (this.draining && this.streams.size === 0 && this.waiting.length === 0) this.end("the provider went away (GOAWAY); every stream finished");
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.streams.size < this.peerMaxStreams && this.usable) {
      const entry = this.waiting.shift()!;
      if (!entry.cancelled) this.start(entry);
    }
  }

  private setDraining(): void {
    if (this.draining) return;
    this.draining = true;
    this.options.onDraining?.();
  }

  private queue(bytes: Buffer): void {
    if (this.closedReason !== null) return;
    this.out.push(bytes);
    this.outBytes += bytes.length;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      process.nextTick(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.out.length === 0 || this.closedReason !== null) return;
    const bytes = this.out.length === 1 ? this.out[0]! : Buffer.concat(this.out, this.outBytes);
    this.out = [];
    this.outBytes = 0;
    this.socket.write(bytes);
  }

  /** A connection error of the peer's making: GOAWAY with `code`, then the end. */
  private fail(reason: string, code: number): void {
    if (this.closedReason !== null) return;
    this.queue(goawayFrame(0, code));
    this.flush();
    this.end(reason);
  }

  private end(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    this.draining = true;
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 1_000).unref();
    const error = new H2StreamError(reason, "connection", ErrorCode.CANCEL);
    const open = [...this.streams.values()];
    this.streams.clear();
    this.blocked.clear();
    for (const state of open) state.handler.onError(error);
    for (const entry of this.waiting.splice(0)) if (!entry.cancelled) entry.handler.onError(error);
    for (const ping of this.pings.values()) ping.reject(new Error(reason));
    this.pings.clear();
    if (this.readyWaiter) {
      this.readyWaiter.reject(new Error(reason));
      this.readyWaiter = null;
    } else this.options.onClose?.(reason);
  }
}
