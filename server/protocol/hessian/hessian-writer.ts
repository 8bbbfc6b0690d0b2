import hessian from "hessian.js";
import { CodecError } from "@/server/errors/transport-errors";
import { type HessianValue, JavaDouble, JavaList, JavaMap, JavaObject } from "./java/java-values";

/**
 * Writes {@link HessianValue}s as hessian2, byte for byte as hessian-lite's Hessian2Output
 * (com.alibaba.com.caucho.hessian.io, the serializer of Dubbo 2.7 and 3.x) writes the Java
 * values they stand for, except where only order or chunking differ (see below).
 *
 * Built on hessian.js's EncoderV2, whose int, string, date, binary, type and list-header
 * forms already match Hessian2Output. Replaced where hessian.js falls short:
 * - long: every 64-bit value exactly, from a bigint (hessian.js goes through doubles and
 *   a string parser, and guesses int or long from a number's size);
 * - double: Java's own choice of compact form (`(int) value == value`, then milli-units),
 *   for NaN and infinities too (hessian.js writes NaN as null);
 * - objects: class definitions are keyed by class and field list, so a second object of
 *   a class with other fields gets its own definition instead of silently losing fields
 *   (hessian.js #120/#130); no back references are written (the values are trees), which
 *   also spares hessian.js's linear search of every object written so far.
 *
 * Byte differences from Java that change nothing for a reader: binary over 4093 bytes is
 * chunked at 4093 bytes (Java chunks by its 4 KiB buffer's free space); map entries come
 * in the order given (hessian-java iterates the map: see java-hash-order.ts).
 *
 * One writer per message: class definitions and type references carry across the values
 * of one body, as Java's one Hessian2Output per message does.
 */
export class HessianWriter {
  private readonly out = takeEncoder();
  /** `class\0field\0field…` → definition number. */
  private readonly classRefs = new Map<string, number>();

  private done = false;

  /** Appends one value. Throws CodecError for a value that has no hessian form (a function, an invalid Date). */
  write(value: HessianValue): this {
    if (this.done) throw new CodecError("cannot write to a message already taken from its writer");
    const out = this.out;
    if (value === null || value === undefined) {
      out.writeNull();
    } else if (typeof value === "string") {
      this.writeString(value);
    } else if (typeof value === "number") {
      if ((value | 0) === value && !Object.is(value, -0)) out.writeInt(value);
      else this.writeDouble(value);
    } else if (typeof value === "boolean") {
      out.writeBool(value);
    } else if (typeof value === "bigint") {
      this.writeLong(value);
    } else if (value instanceof JavaObject) {
      this.writeObject(value);
    } else if (value instanceof JavaList) {
      this.writeList(value.type, value.items);
    } else if (Array.isArray(value)) {
      this.writeList(null, value as readonly HessianValue[]);
    } else if (value instanceof JavaMap) {
      this.writeMap(value.type, value.entries);
    } else if (value instanceof Map) {
      this.writeMap(null, [...(value as ReadonlyMap<HessianValue, HessianValue>)]);
    } else if (value instanceof JavaDouble) {
      this.writeDouble(value.value);
    } else if (value instanceof Date) {
      const ms = value.getTime();
      if (Number.isNaN(ms)) throw new CodecError("cannot write an invalid Date");
      out.writeDate(ms);
    } else if (value instanceof Uint8Array) {
      out.writeBytes(Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    } else {
      throw new CodecError(`cannot write ${Object.prototype.toString.call(value)} as hessian`);
    }
    return this;
  }

  /** The bytes written (a copy). Ends the writer: its buffer goes back for the next message. */
  bytes(): Buffer {
    if (this.done) throw new CodecError("this message was already taken from its writer");
    this.done = true;
    // A copy from Node's pool (allocUnsafe: every byte is overwritten) rather than hessian.js's
    // get(), whose zero-filled Buffer.alloc of its own was a good part of a small call's garbage.
    const buf = this.out.byteBuffer;
    const bytes = Buffer.allocUnsafe(buf._offset);
    buf._bytes.copy(bytes, 0, 0, buf._offset);
    if (this.out.byteBuffer._size <= KEEP_LIMIT) spare = this.out;
    return bytes;
  }

  /**
   * Hessian2Output.writeString. Java writes each UTF-16 unit on its own (a surrogate as 3
   * bytes, i.e. CESU-8), which for a string without surrogates is its UTF-8: that case,
   * in one chunk, goes through Buffer's native UTF-8 writer, several times faster than
   * hessian.js's loop per unit (a 1 KiB argument is most of a call's encoding). Longer
   * strings (chunked) and those with surrogates take hessian.js's path.
   */
  private writeString(value: string): void {
    const n = value.length;
    if (n > STRING_CHUNK || SURROGATE.test(value)) {
      this.out.writeString(value);
      return;
    }
    const buf = this.out.byteBuffer;
    if (n <= 31) buf.put(n);
    else if (n <= 1023) buf.put(0x30 + (n >> 8)).put(n & 0xff);
    else buf.put(0x53).putUInt16(n);
    // At most 3 bytes per unit without surrogates.
    buf._checkSize(buf._offset + 3 * n);
    buf._offset += buf._bytes.write(value, buf._offset, "utf8");
  }

  /** Hessian2Output.writeLong: the shortest of the five long forms. */
  writeLong(value: bigint): this {
    const buf = this.out.byteBuffer;
    if (value >= -0x80000000n && value <= 0x7fffffffn) {
      const v = Number(value);
      if (v >= -8 && v <= 15) buf.put(0xe0 + v);
      else if (v >= -2048 && v <= 2047) buf.put(0xf8 + (v >> 8)).put(v & 0xff);
      else if (v >= -262144 && v <= 262143) buf.put(0x3c + (v >> 16)).putUInt16(v & 0xffff);
      else buf.put(0x59).putInt32(v);
    } else {
      const bits = BigInt.asIntN(64, value);
      buf
        .put(0x4c)
        .putInt32(Number(bits >> 32n))
        .putInt32(Number(BigInt.asIntN(32, bits)));
    }
    return this;
  }

  /** Hessian2Output.writeDouble: 0.0, 1.0, byte, short and milli forms when `(int)` casts say so, else 8 bytes. */
  writeDouble(value: number): this {
    const buf = this.out.byteBuffer;
    const intValue = javaIntCast(value);
    const mills = javaIntCast(value * 1000);
    if (intValue === value && intValue === 0) buf.put(0x5b);
    else if (intValue === value && intValue === 1) buf.put(0x5c);
    else if (intValue === value && intValue >= -0x80 && intValue < 0x80) buf.put(0x5d).put(intValue & 0xff);
    else if (intValue === value && intValue >= -0x8000 && intValue < 0x8000) buf.put(0x5e).putInt16(intValue);
    else if (0.001 * mills === value) buf.put(0x5f).putInt32(mills);
    else buf.put(0x44).putDouble(value);
    return this;
  }

  private writeList(type: string | null, items: readonly HessianValue[]): void {
    if (type !== null) {
      this.out._writeListBegin(items.length, type);
    } else if (items.length <= 7) {
      // Hessian2Output.writeListBegin(length, null): [x78-x7f], or x58 and the length.
      this.out.byteBuffer.put(0x78 + items.length);
    } else {
      this.out.byteBuffer.put(0x58);
      this.out.writeInt(items.length);
    }
    for (const item of items) this.write(item);
  }

  private writeMap(type: string | null, entries: readonly (readonly [HessianValue, HessianValue])[]): void {
    const buf = this.out.byteBuffer;
    if (type === null) {
      buf.put(0x48);
    } else {
      buf.put(0x4d);
      this.out.writeType(type);
    }
    for (const [k, v] of entries) this.write(k).write(v);
    buf.put(0x5a);
  }

  /** Hessian2Output.writeObjectBegin: a class definition the first time, then `O n` / `0x60 + n`. */
  private writeObject(object: JavaObject): void {
    const names = Object.keys(object.fields);
    const key = `${object.className}\0${names.join("\0")}`;
    let ref = this.classRefs.get(key);
    const buf = this.out.byteBuffer;
    if (ref === undefined) {
      ref = this.classRefs.size;
      this.classRefs.set(key, ref);
      buf.put(0x43);
      this.out.writeString(object.className);
      this.out.writeInt(names.length);
      for (const name of names) this.out.writeString(name);
    }
    if (ref <= 15) {
      buf.put(0x60 + ref);
    } else {
      buf.put(0x4f);
      this.out.writeInt(ref);
    }
    for (const name of names) this.write(object.fields[name]);
  }
}

/** Hessian2Output's string chunk: 0x8000 UTF-16 units; a longer string is written in 'R' chunks before its final 'S' one. */
const STRING_CHUNK = 0x8000;
/** A UTF-16 surrogate (half of a pair, or alone): UTF-8 and Java's CESU-8 differ there. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * One encoder kept between messages, so that a message does not start by allocating and
 * zeroing a buffer (hessian.js's own `encode` keeps one module-wide encoder the same way).
 * A writer takes it, or a new one when another writer holds it.
 */
let spare: InstanceType<typeof hessian.EncoderV2> | undefined;
/** A buffer grown past this by a large message is let go rather than kept. */
const KEEP_LIMIT = 1024 * 1024;

function takeEncoder(): InstanceType<typeof hessian.EncoderV2> {
  const encoder = spare ?? new hessian.EncoderV2({ size: 64 * 1024 });
  spare = undefined;
  encoder.reset();
  return encoder;
}

/** Java's `(int) x` for a double: toward zero, NaN to 0, clamped to the int range. */
function javaIntCast(x: number): number {
  if (Number.isNaN(x)) return 0;
  if (x >= 2147483647) return 2147483647;
  if (x <= -2147483648) return -2147483648;
  return Math.trunc(x) | 0;
}

/** The hessian2 bytes of `values`, written one after another by one writer. */
export function encodeHessian(values: readonly HessianValue[]): Buffer {
  const writer = new HessianWriter();
  for (const v of values) writer.write(v);
  return writer.bytes();
}
