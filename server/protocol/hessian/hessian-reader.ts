import { isAscii } from "node:buffer";
import hessian from "hessian.js";
import { CodecError } from "@/server/errors/transport-errors";
import { JavaObject } from "./java/java-values";

/**
 * Reads hessian2 as hessian-lite's Hessian2Input would, into plain values:
 *
 * | hessian2 | read as |
 * |---|---|
 * | null, boolean, int, double, string | `null`, `boolean`, `number`, `number`, `string` |
 * | long | `number` when |v| ≤ 2^53−1, else an exact `bigint` |
 * | date | `Date` (a `bigint` of milliseconds past JavaScript's date range) |
 * | binary | `Buffer` (a copy) |
 * | list, typed or not, fixed or variable length | array |
 * | map (`H` or `M` type) | `Map`, keys as read |
 * | object (class definition + values) | {@link JavaObject}: class name and fields in wire order |
 * | back reference (`Q n`) | the same JavaScript value again |
 *
 * Built on hessian.js's DecoderV2 for the forms it reads right (int, double, binary,
 * boolean, null) and its refs table. Replaced where it falls short: longs beyond 2^53
 * (hessian.js: a decimal string), variable-length lists (`x55`, `x57`, which it cannot
 * read), objects (it turns every class whose name ends in "Exception" into a JS Error,
 * dropping the fields, and runs global decode handlers), maps (it keys a plain object by
 * String(key)), and, for speed, strings, types and class definitions (it logs through
 * util.debuglog on each and decodes every character by hand). Malformed or truncated
 * input ends in {@link CodecError}.
 */
export class HessianReader {
  private readonly decoder: Decoder;

  constructor(private readonly bytes: Buffer) {
    this.decoder = new Decoder(bytes);
  }

  /** Reads the next value. */
  read(): unknown {
    return this.guard(() => this.decoder.read());
  }

  /** Reads the next value, which must be a string (or null: Java's writeUTF(null)). */
  readString(): string | null {
    const value = this.read();
    if (value === null || typeof value === "string") return value;
    throw new CodecError(`expected a string at byte ${this.position} but read ${describe(value)}`);
  }

  /** Reads the next value, which must be an int. */
  readInt(): number {
    const code = this.bytes[this.position];
    if (code === undefined || !isIntCode(code)) throw new CodecError(`expected an int at byte ${this.position} but found ${hexOrEnd(code)}`);
    return this.read() as number;
  }

  /** Bytes read so far. */
  get position(): number {
    return this.decoder.byteBuffer.position();
  }

  /** Whether every byte has been read. */
  get atEnd(): boolean {
    return this.position >= this.bytes.length;
  }

  private guard<T>(read: () => T): T {
    const start = this.position;
    let value: T;
    try {
      value = read();
    } catch (e) {
      if (e instanceof CodecError) throw e;
      const why = e instanceof RangeError && /call stack/i.test(e.message) ? "values nested too deeply" : e instanceof Error ? e.message : String(e);
      throw new CodecError(`bad hessian2 at byte ${start} of ${this.bytes.length}: ${why}`, { cause: e });
    }
    if (this.position > this.bytes.length) throw new CodecError(`hessian2 value at byte ${start} runs past the end of the ${this.bytes.length}-byte body`);
    return value;
  }
}

function isIntCode(code: number): boolean {
  return code === 0x49 || (code >= 0x80 && code <= 0xd7);
}

function hexOrEnd(code: number | undefined): string {
  return code === undefined ? "the end of the body" : `0x${code.toString(16).padStart(2, "0")}`;
}

function describe(value: unknown): string {
  if (value instanceof JavaObject) return `an object of ${value.className}`;
  if (value instanceof Map) return "a map";
  if (Array.isArray(value)) return "a list";
  return typeof value;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** JavaScript dates reach ±8.64e15 ms (ECMA-262 §21.4.1.1). */
const DATE_LIMIT = 8_640_000_000_000_000n;
/** A class definition's field name for an inner class's outer reference (`this$0`): not read into the object. */
const OUTER_REFERENCE = /^this\$\d+$/;
/** Stands for such a field in a definition read (no Java field is named ""). */
const SKIPPED = "";

type Read = (d: Decoder) => unknown;

/**
 * Code byte → reader. hessian.js's own readers for the forms it reads right (int, double,
 * boolean, null, binary); ours for the rest, and for strings, types and class definitions,
 * where hessian.js spends its time in debug logging and decodes every character by hand.
 */
const READERS: readonly (Read | undefined)[] = (() => {
  const table: (Read | undefined)[] = new Array(256).fill(undefined);
  const set = (read: Read, ...ranges: (number | [number, number])[]) => {
    for (const r of ranges) {
      const [from, to] = typeof r === "number" ? [r, r] : r;
      for (let c = from; c <= to; c++) table[c] = read;
    }
  };
  set((d) => d.readNull(), 0x4e);
  set((d) => d.readBool(), 0x46, 0x54);
  set((d) => d.readInt(), [0x80, 0xd7], 0x49);
  set((d) => d.readDouble(), [0x5b, 0x5f], 0x44);
  set((d) => d.readStringValue(), [0x00, 0x1f], [0x30, 0x33], 0x52, 0x53);
  set((d) => d.readBinaryValue(), 0x41, 0x42, [0x20, 0x2f], [0x34, 0x37]);
  set((d) => d.readLongValue(), [0xd8, 0xef], [0xf0, 0xff], [0x38, 0x3f], 0x59, 0x4c);
  set((d) => d.readDateValue(), 0x4a, 0x4b);
  set((d) => d.readObjectValue(), 0x43, 0x4f, [0x60, 0x6f]);
  set((d) => d.readListValue(), [0x55, 0x58], [0x70, 0x7f]);
  set((d) => d.readMapValue(), 0x48, 0x4d);
  set((d) => d.readRefValue(), 0x51);
  return table;
})();

/** hessian.js's decoder, reading through {@link READERS}. */
class Decoder extends hessian.DecoderV2 {
  override read(): unknown {
    const at = this.byteBuffer._offset;
    const code = this.byteBuffer._bytes[at];
    const read = code === undefined ? undefined : READERS[code];
    if (read === undefined) throw new CodecError(code === undefined ? `a value is missing at byte ${at}: the body ends` : `no hessian2 value starts with 0x${code.toString(16).padStart(2, "0")} (byte ${at})`);
    return read(this);
  }

  private take(n: number): number {
    const at = this.byteBuffer._offset;
    if (at + n > this.byteBuffer._bytes.length) throw new CodecError(`a ${n}-byte field at byte ${at} runs past the end of the body`);
    this.byteBuffer._offset = at + n;
    return at;
  }

  private byte(): number {
    const b = this.byteBuffer._bytes[this.byteBuffer._offset];
    if (b === undefined) throw new CodecError(`the body ends at byte ${this.byteBuffer._offset} inside a value`);
    this.byteBuffer._offset++;
    return b;
  }

  private int64(): bigint {
    return this.byteBuffer._bytes.readBigInt64BE(this.take(8));
  }

  /** Hessian2Input.readString: chunks (`R`) until a final one (`S`, or a short form), each a count of UTF-16 units. */
  readStringValue(): string {
    let text = "";
    for (;;) {
      const code = this.byte();
      let length: number;
      let last = true;
      if (code <= 0x1f) length = code;
      else if (code >= 0x30 && code <= 0x33) length = ((code - 0x30) << 8) + this.byte();
      else if (code === 0x52 || code === 0x53) {
        length = this.byteBuffer._bytes.readUInt16BE(this.take(2));
        last = code === 0x53;
      } else throw new CodecError(`expected a string chunk at byte ${this.byteBuffer._offset - 1}, found 0x${code.toString(16)}`);
      text += this.chars(length);
      if (last) return text;
    }
  }

  /**
   * `length` UTF-16 units as hessian writes them (UTF-8, each surrogate on its own): an
   * all-ASCII run at once, others by hessian.js's decoder of 1-3 byte sequences.
   */
  private chars(length: number): string {
    if (length === 0) return "";
    const bytes = this.byteBuffer._bytes;
    const at = this.byteBuffer._offset;
    const end = at + length;
    if (end <= bytes.length && allAscii(bytes, at, end)) {
      this.byteBuffer._offset = end;
      return bytes.toString("latin1", at, end);
    }
    return this.byteBuffer.getRawStringByStringLength(length);
  }

  /** A list or map type: a string (remembered), or an int referring to one read before. */
  readTypeValue(): string {
    const code = this.byteBuffer._bytes[this.byteBuffer._offset];
    if (code !== undefined && (code <= 0x1f || (code >= 0x30 && code <= 0x33) || code === 0x52 || code === 0x53)) {
      const type = this.readStringValue();
      this.types.push(type);
      return type;
    }
    const ref = this.readInt();
    const type = this.types[ref];
    if (type === undefined) throw new CodecError(`reference to undefined type #${ref}`);
    return type;
  }

  /** Hessian2Input.readObjectDefinition: `C` name, field count, field names. */
  private readDefinition(): void {
    const name = this.readStringValue();
    const count = this.readInt();
    const left = this.byteBuffer._bytes.length - this.byteBuffer._offset;
    if (count < 0 || count > left) throw new CodecError(`a class definition of ${count} fields cannot fit in the ${left} bytes left`);
    const fields: string[] = [];
    for (let i = 0; i < count; i++) {
      const field = this.readStringValue();
      fields.push(OUTER_REFERENCE.test(field) ? SKIPPED : field);
    }
    this.classes.push({ name, fields, length: 0 });
  }

  /** Hessian2Input.readLong's forms; hessian.js's own readLong reads the compact ones right. */
  readLongValue(): number | bigint {
    const code = this.byteBuffer._bytes[this.byteBuffer._offset];
    if (code !== 0x4c) return this.readLong() as number;
    this.byteBuffer._offset++;
    const v = this.int64();
    return v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v;
  }

  readDateValue(): Date | bigint {
    const code = this.byte();
    if (code === 0x4b) return new Date(this.byteBuffer._bytes.readInt32BE(this.take(4)) * 60000);
    const ms = this.int64();
    return ms >= -DATE_LIMIT && ms <= DATE_LIMIT ? new Date(Number(ms)) : ms;
  }

  /** Binary as a copy: hessian.js returns views into the body for short forms. */
  readBinaryValue(): Buffer {
    return Buffer.from(this.readBytes());
  }

  readObjectValue(): unknown {
    const code = this.byte();
    if (code === 0x43) {
      this.readDefinition();
      // Hessian2Input.readObject: a definition is followed by any value.
      return this.read();
    }
    const ref = code === 0x4f ? this.readInt() : code - 0x60;
    const definition = this.classes[ref];
    if (definition === undefined) throw new CodecError(`object of undefined class definition #${ref}`);
    const fields: Record<string, unknown> = {};
    const object = new JavaObject(definition.name, fields as JavaObject["fields"]);
    this._addRef(object);
    const names = definition.fields;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const value = this.read();
      if (name === "__proto__") Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
      else if (name !== SKIPPED) fields[name] = value;
    }
    return object;
  }

  readListValue(): unknown[] {
    const code = this.byte();
    let length: number | undefined;
    if (code === 0x55 || code === 0x56 || (code >= 0x70 && code <= 0x77)) this.readTypeValue();
    if (code === 0x56 || code === 0x58) length = this.readInt();
    else if (code >= 0x70 && code <= 0x7f) length = code & 0x07;
    const list: unknown[] = [];
    this._addRef(list);
    if (length === undefined) {
      while (this.byteBuffer._bytes[this.byteBuffer._offset] !== 0x5a) list.push(this.read());
      this.byteBuffer._offset++;
      return list;
    }
    const left = this.byteBuffer._bytes.length - this.byteBuffer._offset;
    if (length < 0 || length > left) throw new CodecError(`a list of ${length} values cannot fit in the ${left} bytes left`);
    for (let i = 0; i < length; i++) list.push(this.read());
    return list;
  }

  /** `H` (HashMap) or `M` type: entries until `Z`, as a Map. */
  readMapValue(): Map<unknown, unknown> {
    if (this.byte() === 0x4d) this.readTypeValue();
    const map = new Map<unknown, unknown>();
    this._addRef(map);
    while (this.byteBuffer._bytes[this.byteBuffer._offset] !== 0x5a) {
      const key = this.read();
      map.set(key, this.read());
    }
    this.byteBuffer._offset++;
    return map;
  }

  readRefValue(): unknown {
    this.byteBuffer._offset++;
    const ref = this.readInt();
    if (!(ref >= 0 && ref < this.refId)) throw new CodecError(`back reference #${ref} to a value not read yet`);
    return this.refMap[ref];
  }
}

/** From this many bytes on, Node's native check beats a loop in JS (1 µs a KiB, ten times less). */
const NATIVE_ASCII_CHECK = 32;

/** Whether the bytes from `at` to `end` (within `bytes`) are all ASCII. */
function allAscii(bytes: Buffer, at: number, end: number): boolean {
  if (end - at >= NATIVE_ASCII_CHECK) return isAscii(bytes.subarray(at, end));
  for (let i = at; i < end; i++) if (bytes[i]! >= 0x80) return false;
  return true;
}
