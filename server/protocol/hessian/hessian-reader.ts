import hessian from "hessian.js";
import { CodecError } from "@/lib/errors";
import { JavaObject } from "./java-values";

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
 * Built on hessian.js's DecoderV2 for the forms it reads right (int, double, string,
 * binary, boolean, null, types, class definitions). Replaced where it falls short: longs
 * beyond 2^53 (hessian.js: a decimal string), variable-length lists (`x55`, `x57`, which it
 * cannot read), objects (it turns every class whose name ends in "Exception" into a JS
 * Error, dropping the fields, and runs global decode handlers), and maps (it keys a plain
 * object by String(key)). Malformed or truncated input ends in {@link CodecError}.
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
/** hessian.js renames a class's `this$0` fields (inner classes' outer reference) to this. */
const INNER_CLASS_LABEL = "$$ignore_inner_property$$";

/** Code byte → reading method: hessian.js's table, with the forms above sent to our methods. */
const CODES: Record<number, string> = (() => {
  const codes = { ...new hessian.DecoderV2().BYTE_CODES };
  const set = (method: string, ...ranges: (number | [number, number])[]) => {
    for (const r of ranges) {
      const [from, to] = typeof r === "number" ? [r, r] : r;
      for (let c = from; c <= to; c++) codes[c] = method;
    }
  };
  set("readLongValue", [0xd8, 0xef], [0xf0, 0xff], [0x38, 0x3f], 0x59, 0x4c);
  set("readDateValue", 0x4a, 0x4b);
  set("readObjectValue", 0x43, 0x4f, [0x60, 0x6f]);
  set("readListValue", [0x55, 0x58], [0x70, 0x7f]);
  set("readHashMapValue", 0x48);
  set("readMapValue", 0x4d);
  set("readRefValue", 0x51);
  set("readBinaryValue", 0x41, 0x42, [0x20, 0x2f], [0x34, 0x37]);
  return codes;
})();

/** hessian.js's decoder with the methods {@link CODES} sends the replaced forms to. */
class Decoder extends hessian.DecoderV2 {
  constructor(bytes: Buffer) {
    super(bytes);
    this.BYTE_CODES = CODES;
  }

  private take(n: number): number {
    const at = this.byteBuffer.position();
    if (at + n > this.byteBuffer._bytes.length) throw new CodecError(`a ${n}-byte field at byte ${at} runs past the end of the body`);
    this.byteBuffer.skip(n);
    return at;
  }

  private int64(): bigint {
    return this.byteBuffer._bytes.readBigInt64BE(this.take(8));
  }

  /** Hessian2Input.readLong's forms; hessian.js's own readLong reads the compact ones right. */
  readLongValue(): number | bigint {
    const code = this.byteBuffer.get(this.byteBuffer.position());
    if (code !== 0x4c) return this.readLong() as number;
    this.byteBuffer.skip(1);
    const v = this.int64();
    return v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v;
  }

  readDateValue(): Date | bigint {
    const code = this.byteBuffer.get();
    if (code === 0x4b) return new Date(this.byteBuffer._bytes.readInt32BE(this.take(4)) * 60000);
    const ms = this.int64();
    return ms >= -DATE_LIMIT && ms <= DATE_LIMIT ? new Date(Number(ms)) : ms;
  }

  /** Binary as a copy: hessian.js returns views into the body for short forms. */
  readBinaryValue(): Buffer {
    return Buffer.from(this.readBytes());
  }

  readObjectValue(): unknown {
    const code = this.byteBuffer.get();
    if (code === 0x43) {
      this._readObjectDefinition();
      // Hessian2Input.readObject: a definition is followed by any value.
      return this.read();
    }
    const ref = code === 0x4f ? this.readInt() : code - 0x60;
    const definition = this.classes[ref];
    if (definition === undefined) throw new CodecError(`object of undefined class definition #${ref}`);
    const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const object = new JavaObject(definition.name, fields as JavaObject["fields"]);
    this._addRef(object);
    for (const name of definition.fields) {
      const value = this.read();
      if (name !== INNER_CLASS_LABEL) fields[name] = value;
    }
    return object;
  }

  readListValue(): unknown[] {
    const code = this.byteBuffer.get();
    let length: number | undefined;
    if (code === 0x55 || code === 0x56 || (code >= 0x70 && code <= 0x77)) this.readType();
    if (code === 0x56 || code === 0x58) length = this.readInt();
    else if (code >= 0x70 && code <= 0x7f) length = code & 0x07;
    const list: unknown[] = [];
    this._addRef(list);
    if (length === undefined) {
      while (this.byteBuffer.get(this.byteBuffer.position()) !== 0x5a) list.push(this.read());
      this.byteBuffer.skip(1);
      return list;
    }
    const left = this.byteBuffer._bytes.length - this.byteBuffer.position();
    if (length < 0 || length > left) throw new CodecError(`a list of ${length} values cannot fit in the ${left} bytes left`);
    for (let i = 0; i < length; i++) list.push(this.read());
    return list;
  }

  readHashMapValue(): Map<unknown, unknown> {
    this.byteBuffer.skip(1);
    return this.entries();
  }

  readMapValue(): Map<unknown, unknown> {
    this.byteBuffer.skip(1);
    this.readType();
    return this.entries();
  }

  private entries(): Map<unknown, unknown> {
    const map = new Map<unknown, unknown>();
    this._addRef(map);
    while (this.byteBuffer.get(this.byteBuffer.position()) !== 0x5a) {
      const key = this.read();
      map.set(key, this.read());
    }
    this.byteBuffer.skip(1);
    return map;
  }

  readRefValue(): unknown {
    this.byteBuffer.skip(1);
    const ref = this.readInt();
    if (!(ref >= 0 && ref < this.refId)) throw new CodecError(`back reference #${ref} to a value not read yet`);
    return this.refMap[ref];
  }
}
