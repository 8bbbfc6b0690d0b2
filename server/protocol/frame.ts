/**
 * The Dubbo frame codec: a 16-byte header and an opaque body. Pure: no sockets, no
 * serialization (bodies are hessian2 or another serialization, decoded elsewhere).
 *
 * Mirrors ExchangeCodec (dubbo-remoting-api, dubbo-2.7.23 and dubbo-3.3.x):
 *
 * | offset | size | meaning                                                        |
 * |--------|------|----------------------------------------------------------------|
 * | 0      | 2    | magic 0xdabb                                                   |
 * | 2      | 1    | flags: 0x80 request, 0x40 two-way, 0x20 event; low 5 bits the serialization id |
 * | 3      | 1    | status (responses; 0 in requests)                              |
 * | 4      | 8    | request id, int64 big-endian                                   |
 * | 12     | 4    | body length, int32 big-endian                                  |
 */
import { FrameError, PayloadTooLargeError } from "@/server/errors/transport-errors";

/** Header bytes before every body (ExchangeCodec.HEADER_LENGTH). */
export const HEADER_LENGTH = 16;
/** First magic byte (high byte of ExchangeCodec.MAGIC = (short) 0xdabb). */
export const MAGIC_HIGH = 0xda;
/** Second magic byte. */
export const MAGIC_LOW = 0xbb;
/** Flag bit: the frame is a request (else a response). */
export const FLAG_REQUEST = 0x80;
/** Flag bit: the request expects a response (requests only). */
export const FLAG_TWOWAY = 0x40;
/** Flag bit: an event (heartbeat, READONLY/WRITEABLE), not a call. */
export const FLAG_EVENT = 0x20;
/** The flag byte's low bits: the serialization id (ExchangeCodec.SERIALIZATION_MASK). */
export const SERIALIZATION_MASK = 0x1f;
/** Serialization id of hessian2 (dubbo-serialization Constants.HESSIAN2_SERIALIZATION_ID). */
export const HESSIAN2 = 2;
/** Response status OK (remoting/exchange/Response.OK). */
export const STATUS_OK = 20;
/** Dubbo's default payload limit: 8 MiB of body (remoting Constants.DEFAULT_PAYLOAD); the header does not count. */
export const DEFAULT_MAX_PAYLOAD = 8 * 1024 * 1024;
/** The body length is an int32 on the wire; no limit can be above it. */
const MAX_BODY_LENGTH = 0x7fffffff;
const INT64_MIN = -(1n << 63n);
const UINT64_END = 1n << 64n;

/**
 * One Dubbo frame, request or response. Invariants: `serialization` is 0..31, `status`
 * 0..255 (0 in requests); `twoWay` is meaningful for requests only (responses encode it
 * as 0 and decode it as false). `body` is opaque here; a decoded body may share memory
 * with the bytes read from the socket.
 */
export interface Frame {
  /** 64-bit request id; a response carries its request's id. Decoded as a signed int64, like Java's long. */
  readonly id: bigint;
  /** Flag 0x80. */
  readonly request: boolean;
  /** Flag 0x40 (requests only). */
  readonly twoWay: boolean;
  /** Flag 0x20: heartbeat or READONLY/WRITEABLE. */
  readonly event: boolean;
  /** Low 5 bits of the flag byte; hessian2 = 2. */
  readonly serialization: number;
  /** Response status byte (20 = OK); 0 for requests. */
  readonly status: number;
  readonly body: Buffer;
}

/** Checks a payload limit given by configuration: a positive whole number of bytes an int32 can carry. */
export function checkMaxPayload(maxPayload: number): number {
  if (!Number.isInteger(maxPayload) || maxPayload <= 0 || maxPayload > MAX_BODY_LENGTH) {
    throw new RangeError(`the payload limit must be a whole number of bytes in 1..${MAX_BODY_LENGTH}, not ${maxPayload}`);
  }
  return maxPayload;
}

/**
 * The bytes of `frame`: header then body. Throws PayloadTooLargeError when the body is over
 * `maxPayload` (ExchangeCodec.checkPayload: `size > payload`), FrameError when a header
 * field does not fit its bits.
 */
export function encodeFrame(frame: Frame, maxPayload: number): Buffer {
  const length = frame.body.length;
  if (length > maxPayload) throw new PayloadTooLargeError("outgoing", length, maxPayload);
  if (!Number.isInteger(frame.serialization) || frame.serialization < 0 || frame.serialization > SERIALIZATION_MASK) {
    throw new FrameError(`serialization id ${frame.serialization} does not fit in 5 bits`);
  }
  if (!Number.isInteger(frame.status) || frame.status < 0 || frame.status > 0xff) throw new FrameError(`status ${frame.status} does not fit in a byte`);
  if (frame.id < INT64_MIN || frame.id >= UINT64_END) throw new FrameError(`request id ${frame.id} does not fit in 64 bits`);
  const out = Buffer.allocUnsafe(HEADER_LENGTH + length);
  out[0] = MAGIC_HIGH;
  out[1] = MAGIC_LOW;
  let flags = frame.serialization;
  if (frame.request) {
    flags |= FLAG_REQUEST;
    if (frame.twoWay) flags |= FLAG_TWOWAY;
  }
  if (frame.event) flags |= FLAG_EVENT;
  out[2] = flags;
  out[3] = frame.status;
  out.writeBigInt64BE(BigInt.asIntN(64, frame.id), 4);
  out.writeInt32BE(length, 12);
  frame.body.copy(out, HEADER_LENGTH);
  return out;
}

/** The frame whose header starts at `offset` of `buf` and whose body is the `length` bytes after it. */
function readFrame(buf: Buffer, offset: number, length: number): Frame {
  const flags = buf[offset + 2]!;
  const request = (flags & FLAG_REQUEST) !== 0;
  return {
    id: buf.readBigInt64BE(offset + 4),
    request,
    twoWay: request && (flags & FLAG_TWOWAY) !== 0,
    event: (flags & FLAG_EVENT) !== 0,
    serialization: flags & SERIALIZATION_MASK,
    status: buf[offset + 3]!,
    body: buf.subarray(offset + HEADER_LENGTH, offset + HEADER_LENGTH + length),
  };
}

/**
 * Incremental decoder of one connection's byte stream: `push` each chunk as it arrives
 * and get the frames it completes, in order, whatever the chunk boundaries (a frame split
 * over many chunks, many frames in one).
 *
 * A stream that is not Dubbo frames throws: FrameError on bad magic or a negative length,
 * PayloadTooLargeError on a body over `maxPayload`, as soon as the offending bytes are
 * seen. There is no resynchronisation (scanning for 0xdabb could match inside a body): the
 * stream is poisoned, the decoder refuses every later chunk, and the caller drops the
 * connection.
 */
export class FrameDecoder {
  /** Bytes of an unfinished frame; concatenated only once `needed` bytes are there, so a big frame is copied once. */
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = HEADER_LENGTH;
  private failure: FrameError | PayloadTooLargeError | null = null;

  constructor(private readonly maxPayload: number = DEFAULT_MAX_PAYLOAD) {
    checkMaxPayload(maxPayload);
  }

  /** Bytes held for a frame not yet complete. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): Frame[] {
    if (this.failure) throw new FrameError(`the stream was already rejected: ${this.failure.message}`);
    if (chunk.length === 0) return [];
    let buf: Buffer;
    if (this.buffered === 0) {
      buf = chunk;
    } else {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      // A partial header may already show bad magic; otherwise wait for the bytes the frame needs.
      if (this.buffered < this.needed && this.buffered > 2) return [];
      buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
      this.chunks = [];
      this.buffered = 0;
    }
    try {
      return this.parse(buf);
    } catch (e) {
      this.chunks = [];
      this.buffered = 0;
      this.failure = e as FrameError | PayloadTooLargeError;
      throw e;
    }
  }

  private parse(buf: Buffer): Frame[] {
    const frames: Frame[] = [];
    let offset = 0;
    for (;;) {
      const available = buf.length - offset;
      if (available > 0 && buf[offset] !== MAGIC_HIGH) throw badMagic(buf, offset);
      if (available > 1 && buf[offset + 1] !== MAGIC_LOW) throw badMagic(buf, offset);
      if (available < HEADER_LENGTH) {
        this.keep(buf, offset, HEADER_LENGTH);
        return frames;
      }
      const length = buf.readInt32BE(offset + 12);
      if (length < 0) throw new FrameError(`frame ${buf.readBigInt64BE(offset + 4)} has a negative body length (${length})`);
      if (length > this.maxPayload) throw new PayloadTooLargeError("incoming", length, this.maxPayload, String(buf.readBigInt64BE(offset + 4)));
      if (available < HEADER_LENGTH + length) {
        this.keep(buf, offset, HEADER_LENGTH + length);
        return frames;
      }
      frames.push(readFrame(buf, offset, length));
      offset += HEADER_LENGTH + length;
    }
  }

  private keep(buf: Buffer, offset: number, needed: number): void {
    this.needed = needed;
    if (offset === buf.length) return;
    this.chunks = [buf.subarray(offset)];
    this.buffered = buf.length - offset;
  }
}

function badMagic(buf: Buffer, offset: number): FrameError {
  const seen = buf.subarray(offset, offset + 2).toString("hex");
  return new FrameError(`bad magic: expected 0xdabb at the start of a frame, got 0x${seen}`);
}
