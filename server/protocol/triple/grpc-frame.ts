import { CodecError, PayloadTooLargeError } from "@/server/errors/transport-errors";

/**
 * gRPC's length-prefixed messages (PROTOCOL-HTTP2.md), which Triple uses on HTTP/2: one byte
 * of flags (1: compressed), four bytes of length (big-endian), then the message.
 */
export const GRPC_PREFIX_BYTES = 5;

/** One message framed, uncompressed. */
export function grpcFrame(message: Buffer): Buffer {
  const head = Buffer.alloc(GRPC_PREFIX_BYTES);
  head.writeUInt8(0, 0);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
}

/**
 * Splits a stream's DATA into messages as it arrives. A message over `maxBytes` fails as soon
 * as its length is read (nothing more of it is kept), and so do messages that together, with
 * their prefixes, pass one full message (a unary answer holds one; a peer sending endless
 * small ones is held to that too); a compressed one fails, since the console asks for
 * identity only (grpc-accept-encoding) and a peer must not compress then. A message's chunks
 * are joined once it is whole, not as each arrives.
 */
export class GrpcMessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The bytes the next step needs: a prefix, or (`bodyLength` known) the prefix and the message. */
  private bodyLength = -1;
  /** Every prefix and message length read so far. */
  private total = 0;
  readonly messages: Buffer[] = [];

  constructor(
    private readonly maxBytes: number,
    private readonly where: string,
  ) {}

  /** Takes the next chunk. @throws PayloadTooLargeError, CodecError. */
  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      const need = GRPC_PREFIX_BYTES + Math.max(0, this.bodyLength);
      if (this.buffered < need) return;
      const buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
      this.chunks = [buf];
      if (this.bodyLength < 0) {
        const flags = buf[0]!;
        const length = buf.readUInt32BE(1);
        if (flags & ~1) throw new CodecError(`${this.where}: a gRPC message with flags ${flags}: only 0 and 1 are defined`);
        if (flags === 1) throw new CodecError(`${this.where}: a compressed gRPC message, though the console accepts identity only`);
        if (length > this.maxBytes) throw new PayloadTooLargeError("incoming", length, this.maxBytes);
        this.total += GRPC_PREFIX_BYTES + length;
        if (this.total > this.maxBytes + GRPC_PREFIX_BYTES) throw new PayloadTooLargeError("incoming", this.total, this.maxBytes);
        this.bodyLength = length;
        continue;
      }
      this.messages.push(buf.subarray(GRPC_PREFIX_BYTES, need));
      const rest = buf.subarray(need);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
      this.bodyLength = -1;
    }
  }

  /** Bytes left over at the end of the stream: a message cut short. @throws CodecError when any. */
  end(): void {
    if (this.buffered > 0) throw new CodecError(`${this.where}: the stream ended inside a gRPC message (${this.buffered} bytes of it)`);
  }
}

/** `grpc-timeout` for `ms`: at most 8 digits, in the finest unit that fits (m, then S, M, H). */
export function grpcTimeout(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1e8) return `${whole}m`;
  const seconds = Math.ceil(whole / 1000);
  if (seconds < 1e8) return `${seconds}S`;
  return `${Math.min(99_999_999, Math.ceil(seconds / 60))}M`;
}

/** `grpc-message` as sent: percent-encoded UTF-8 (a malformed escape is kept as written). */
export function decodeGrpcMessage(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
