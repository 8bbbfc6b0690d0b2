import { CodecError } from "@/server/errors/transport-errors";

/**
 * HTTP/2's frame layer (RFC 9113 §4): a 9-byte header (24-bit length, type, flags, a reserved
 * bit and a 31-bit stream id) and the payload. Pure: what the Triple connection
 * (h2-connection.ts) writes and reads on its socket.
 */
export const FRAME_HEADER_BYTES = 9;

/** Frame types (RFC 9113 §6). */
export const FrameType = {
  DATA: 0x0,
  HEADERS: 0x1,
  PRIORITY: 0x2,
  RST_STREAM: 0x3,
  SETTINGS: 0x4,
  PUSH_PROMISE: 0x5,
  PING: 0x6,
  GOAWAY: 0x7,
  WINDOW_UPDATE: 0x8,
  CONTINUATION: 0x9,
} as const;

/** The flags of the frames the connection reads and writes. */
export const Flag = {
  END_STREAM: 0x1,
  ACK: 0x1,
  END_HEADERS: 0x4,
  PADDED: 0x8,
  PRIORITY: 0x20,
} as const;

/** Error codes (RFC 9113 §7). */
export const ErrorCode = {
  NO_ERROR: 0x0,
  PROTOCOL_ERROR: 0x1,
  INTERNAL_ERROR: 0x2,
  FLOW_CONTROL_ERROR: 0x3,
  STREAM_CLOSED: 0x5,
  FRAME_SIZE_ERROR: 0x6,
  REFUSED_STREAM: 0x7,
  CANCEL: 0x8,
  COMPRESSION_ERROR: 0x9,
  ENHANCE_YOUR_CALM: 0xb,
} as const;

const ERROR_NAMES: Record<number, string> = {
  0x0: "NO_ERROR",
  0x1: "PROTOCOL_ERROR",
  0x2: "INTERNAL_ERROR",
  0x3: "FLOW_CONTROL_ERROR",
  0x4: "SETTINGS_TIMEOUT",
  0x5: "STREAM_CLOSED",
  0x6: "FRAME_SIZE_ERROR",
  0x7: "REFUSED_STREAM",
  0x8: "CANCEL",
  0x9: "COMPRESSION_ERROR",
  0xa: "CONNECT_ERROR",
  0xb: "ENHANCE_YOUR_CALM",
  0xc: "INADEQUATE_SECURITY",
  0xd: "HTTP_1_1_REQUIRED",
};

/** `CANCEL (8)`; an unknown code as `code 42`. */
export function errorCodeName(code: number): string {
  const name = ERROR_NAMES[code];
  return name ? `${name} (${code})` : `code ${code}`;
}

/** Settings identifiers (RFC 9113 §6.5.2). */
export const Setting = {
  HEADER_TABLE_SIZE: 0x1,
  ENABLE_PUSH: 0x2,
  MAX_CONCURRENT_STREAMS: 0x3,
  INITIAL_WINDOW_SIZE: 0x4,
  MAX_FRAME_SIZE: 0x5,
  MAX_HEADER_LIST_SIZE: 0x6,
} as const;

/** The largest frame payload either side may send before SETTINGS_MAX_FRAME_SIZE says more. */
export const DEFAULT_MAX_FRAME_SIZE = 16_384;
/** A flow-control window's start, for a connection and (until SETTINGS) for a stream. */
export const DEFAULT_WINDOW = 65_535;
export const MAX_WINDOW = 2 ** 31 - 1;

/** The client's connection preface (RFC 9113 §3.4), before its first SETTINGS. */
export const CLIENT_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

/** One frame as read: its payload is a view of the bytes read (not a copy). */
export interface Frame {
  readonly type: number;
  readonly flags: number;
  readonly streamId: number;
  readonly payload: Buffer;
}

/** One frame's bytes. */
export function encodeFrame(type: number, flags: number, streamId: number, payload?: Buffer): Buffer {
  const length = payload?.length ?? 0;
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length);
  writeFrameHeader(out, 0, length, type, flags, streamId);
  if (payload) payload.copy(out, FRAME_HEADER_BYTES);
  return out;
}

/** Writes a frame header at `offset` of `out`. */
export function writeFrameHeader(out: Buffer, offset: number, length: number, type: number, flags: number, streamId: number): void {
  out[offset] = (length >>> 16) & 0xff;
  out[offset + 1] = (length >>> 8) & 0xff;
  out[offset + 2] = length & 0xff;
  out[offset + 3] = type;
  out[offset + 4] = flags;
  out.writeUInt32BE(streamId & MAX_WINDOW, offset + 5);
}

/** A SETTINGS frame of `entries` (identifier, value), or its ACK when none and `ack`. */
export function settingsFrame(entries: readonly (readonly [number, number])[], ack = false): Buffer {
  const payload = Buffer.allocUnsafe(entries.length * 6);
  entries.forEach(([id, value], i) => {
    payload.writeUInt16BE(id, i * 6);
    payload.writeUInt32BE(value, i * 6 + 2);
  });
  return encodeFrame(FrameType.SETTINGS, ack ? Flag.ACK : 0, 0, payload);
}

/** A WINDOW_UPDATE of `increment` (1 to 2^31−1) for `streamId` (0: the connection). */
export function windowUpdateFrame(streamId: number, increment: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(increment & MAX_WINDOW, 0);
  return encodeFrame(FrameType.WINDOW_UPDATE, 0, streamId, payload);
}

/** An RST_STREAM of `streamId` with `code`. */
export function rstStreamFrame(streamId: number, code: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(code, 0);
  return encodeFrame(FrameType.RST_STREAM, 0, streamId, payload);
}

/** A GOAWAY naming the last stream the sender processed, with `code`. */
export function goawayFrame(lastStreamId: number, code: number): Buffer {
  const payload = Buffer.allocUnsafe(8);
  payload.writeUInt32BE(lastStreamId & MAX_WINDOW, 0);
  payload.writeUInt32BE(code, 4);
  return encodeFrame(FrameType.GOAWAY, 0, 0, payload);
}

/** The settings of a SETTINGS payload, in order. @throws CodecError when its length is not a multiple of 6. */
export function readSettings(payload: Buffer): [id: number, value: number][] {
  if (payload.length % 6 !== 0) throw new CodecError(`HTTP/2: a SETTINGS payload of ${payload.length} bytes, not a multiple of 6`);
  const out: [number, number][] = [];
  for (let i = 0; i < payload.length; i += 6) out.push([payload.readUInt16BE(i), payload.readUInt32BE(i + 2)]);
  return out;
}

/**
 * A HEADERS, PUSH_PROMISE or DATA payload without its padding (and, for HEADERS with the
 * PRIORITY flag, without the priority fields). @throws CodecError when the padding is longer than the payload.
 */
export function unpadded(frame: Frame): Buffer {
  let start = 0;
  let end = frame.payload.length;
  if (frame.flags & Flag.PADDED) {
    if (end < 1) throw new CodecError("HTTP/2: a padded frame with no pad length");
    const pad = frame.payload[0]!;
    start = 1;
    end -= pad;
  }
  if (frame.type === FrameType.HEADERS && frame.flags & Flag.PRIORITY) start += 5;
  if (end < start) throw new CodecError(`HTTP/2: a frame of ${frame.payload.length} bytes whose padding and priority take more`);
  return frame.payload.subarray(start, end);
}

/**
 * Splits the bytes read from a socket into frames as they arrive. A frame longer than
 * `maxFrameSize` (what the reader's side said in its SETTINGS) fails as soon as its header is read.
 */
export class FrameReader {
  private pending: Buffer | null = null;

  constructor(private readonly maxFrameSize: number = DEFAULT_MAX_FRAME_SIZE) {}

  /** The whole frames of `chunk` (with what was left of earlier ones). @throws CodecError for a frame over the limit. */
  push(chunk: Buffer, onFrame: (frame: Frame) => void): void {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let offset = 0;
    while (buf.length - offset >= FRAME_HEADER_BYTES) {
      const length = (buf[offset]! << 16) | (buf[offset + 1]! << 8) | buf[offset + 2]!;
      if (length > this.maxFrameSize) throw new CodecError(`HTTP/2: a frame of ${length} bytes, over the ${this.maxFrameSize} the console allows`);
      const end = offset + FRAME_HEADER_BYTES + length;
      if (end > buf.length) break;
      const frame: Frame = { type: buf[offset + 3]!, flags: buf[offset + 4]!, streamId: buf.readUInt32BE(offset + 5) & MAX_WINDOW, payload: buf.subarray(offset + FRAME_HEADER_BYTES, end) };
      offset = end;
      onFrame(frame);
    }
    if (offset < buf.length) {
      // Copied, so a small remainder does not keep a large chunk alive.
      buf = buf.subarray(offset);
      this.pending = Buffer.from(buf);
    }
  }
}
