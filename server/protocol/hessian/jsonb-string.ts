/**
 * Reads the one string of an error body a provider wrote with fastjson2 (serialization
 * id 23): a Dubbo 3.2 provider, whose first preferred serialization is fastjson2, writes
 * the message of a non-OK status that way when the answer is not tied to an invocation
 * (DubboCodec.getSerialization falls back to the provider URL's; see
 * shared/reference/dubbo-protocol.md §1). FastJson2ObjectOutput.writeUTF writes a 4-byte
 * big-endian length and then JSONB.toBytes(string); the JSONB codes are
 * com.alibaba.fastjson2.JSONB.Constants. Returns undefined when the bytes are not that.
 */
export function readJsonbString(body: Buffer): string | null | undefined {
  if (body.length < 5 || body.readInt32BE(0) !== body.length - 4) return undefined;
  const reader = new JsonbReader(body, 4);
  try {
    const value = reader.string();
    return reader.at === body.length ? value : undefined;
  } catch {
    return undefined;
  }
}

/** JSONB's BC_NULL, BC_STR_ASCII_FIX_MIN/MAX, BC_STR_ASCII, BC_STR_UTF8, BC_STR_UTF16LE, BC_STR_UTF16BE. */
const NULL = 0xaf;
const ASCII_FIX_MIN = 0x49;
const ASCII_FIX_MAX = 0x78;
const ASCII = 0x79;
const UTF8 = 0x7a;
const UTF16LE = 0x7c;
const UTF16BE = 0x7d;

class JsonbReader {
  constructor(
    private readonly bytes: Buffer,
    public at: number,
  ) {}

  private byte(): number {
    const b = this.bytes[this.at++];
    if (b === undefined) throw new RangeError("end of body");
    return b;
  }

  private slice(length: number): Buffer {
    if (length < 0 || this.at + length > this.bytes.length) throw new RangeError("end of body");
    const part = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return part;
  }

  /** JSONWriterJSONB.writeInt32: one byte for -16..47, then 2-, 3- and 5-byte forms. */
  private int32(): number {
    const b = (this.byte() << 24) >> 24;
    if (b >= -16 && b <= 47) return b;
    if (b >= 0x30 && b <= 0x3f) return ((b - 0x38) << 8) + this.byte();
    if (b >= 0x40 && b <= 0x47) return ((b - 0x44) << 16) + (this.byte() << 8) + this.byte();
    if (b === 0x48) return this.slice(4).readInt32BE(0);
    throw new RangeError("not an int");
  }

  string(): string | null {
    const code = this.byte();
    if (code === NULL) return null;
    if (code >= ASCII_FIX_MIN && code <= ASCII_FIX_MAX) return this.slice(code - ASCII_FIX_MIN).toString("latin1");
    if (code === ASCII) return this.slice(this.int32()).toString("latin1");
    if (code === UTF8) return this.slice(this.int32()).toString("utf8");
    if (code === UTF16LE) return this.slice(this.int32()).toString("utf16le");
    if (code === UTF16BE) return Buffer.from(this.slice(this.int32())).swap16().toString("utf16le");
    throw new RangeError("not a string");
  }
}
