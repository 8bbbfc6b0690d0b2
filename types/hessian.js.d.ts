/**
 * Typings for hessian.js 2.11.0 (node-modules/hessian.js, which ships none: its issue #133),
 * covering what server/protocol/hessian uses: the Hessian 2.0 encoder and decoder, which
 * the console subclasses (hessian-writer.ts, hessian-reader.ts), and the `byte` ByteBuffer
 * inside them. Members starting with `_` are the package's internals, read by those
 * subclasses only; they are typed from lib/v1 and lib/v2 of that version.
 */
declare module "hessian.js" {
  /** The `byte` package's growable buffer, as hessian.js drives it. */
  export interface ByteBuffer {
    /** Next byte, moving on; or the byte at `index` without moving. Past the end: undefined. */
    get(): number;
    get(index: number): number | undefined;
    /** `size` bytes from the position (a view, not a copy), moving on. */
    read(size: number): Buffer;
    position(): number;
    position(index: number): ByteBuffer;
    skip(size: number): ByteBuffer;
    put(byte: number): ByteBuffer;
    put(bytes: Buffer): ByteBuffer;
    putChar(char: string | number): ByteBuffer;
    putInt(value: number): ByteBuffer;
    putInt32(value: number): ByteBuffer;
    putUInt16(value: number): ByteBuffer;
    putInt16(value: number): ByteBuffer;
    putDouble(value: number): ByteBuffer;
    /** UTF-16 code units as CESU-8 (each surrogate on its own, 3 bytes), as Java's Hessian2Output does. */
    putRawString(value: string): ByteBuffer;
    getInt8(): number;
    getInt16(): number;
    getUInt16(): number;
    getInt32(): number;
    /** `length` UTF-16 code units read as CESU-8 / UTF-8 of at most 3 bytes each. */
    getRawStringByStringLength(length: number): string;
    array(): Buffer;
    reset(): ByteBuffer;
    /** The backing buffer; its length is the capacity, not the data written. */
    _bytes: Buffer;
    _offset: number;
    _size: number;
    /** Grows the backing buffer (to twice `afterSize`) unless it already holds `afterSize` bytes. */
    _checkSize(afterSize: number): void;
  }

  export interface EncoderOptions {
    /** Initial capacity in bytes; the buffer grows as needed. */
    size?: number;
  }

  /** Hessian 2.0 encoder (lib/v2/encoder.js). One instance per message; `reset()` reuses it. */
  export class EncoderV2 {
    constructor(options?: EncoderOptions);
    byteBuffer: ByteBuffer;
    /** Writes any JS value with hessian.js's own mapping (numbers: int, long or double by value). */
    write(value: unknown): this;
    writeNull(): this;
    writeBool(value: boolean): this;
    writeInt(value: number): this;
    writeLong(value: number | string): this;
    writeDouble(value: number): this;
    writeDate(value: Date | number): this;
    writeBytes(value: Buffer): this;
    writeString(value: string): this;
    /** A list or map type: the string the first time, an int reference to it afterwards. */
    writeType(type: string): this;
    /** Starts a list; true when it needs an end marker (variable length). */
    _writeListBegin(length: number, type: string): boolean;
    /** The bytes written so far (a copy). */
    get(): Buffer;
    reset(): this;
    /** Type names written in this message, in order: a type's index is its reference. */
    _typeRefs: string[];
  }

  /** A class definition read from the stream (`C` type count fields...). */
  export interface ClassDefinition {
    name: string;
    fields: string[];
    length: number;
  }

  /** Hessian 2.0 decoder (lib/v2/decoder.js) over one buffer. */
  export class DecoderV2 {
    constructor(buf?: Buffer);
    byteBuffer: ByteBuffer;
    /** Reads the next value, whatever it is, through `BYTE_CODES`. */
    read(withType?: boolean): unknown;
    readNull(): null;
    readBool(): boolean;
    readInt(): number;
    readLong(): number | string;
    readDouble(): number;
    readDate(): Date;
    readBytes(): Buffer;
    readString(): string;
    readType(): string;
    /** Code byte → name of the method that reads a value starting with it. */
    BYTE_CODES: Record<number, string>;
    /** Class definitions read so far, in order (an object's `O n` / `0x60+n` refers to index n). */
    classes: ClassDefinition[];
    types: string[];
    /** Objects, lists and maps read so far, by reference number. */
    refMap: Record<number, unknown>;
    refId: number;
    _addRef(value: unknown): void;
    _readObjectDefinition(): ClassDefinition;
    /** A string chunk of `length` UTF-16 units (or a 16-bit length read first). */
    _readUTF8String(length?: number): string;
    throwError(method: string, code: number): never;
  }

  const hessian: { EncoderV2: typeof EncoderV2; DecoderV2: typeof DecoderV2 };
  export default hessian;
}
