import { CodecError } from "@/server/errors/transport-errors";

/**
 * The wrapped bodies of Dubbo 3.3's Triple protocol for Java-interface services (not
 * protobuf ones), as TripleCustomerProtocolWrapper writes and reads them: protobuf wire format
 * with length-delimited fields only.
 * - TripleRequestWrapper: 1 `serializeType` (hessian2 is written "hessian4"), 2 each argument
 *   serialized on its own (repeated), 3 each parameter's Class.getName() (repeated), written in
 *   that order: the type, every argument, every type name.
 * - TripleResponseWrapper: 1 `serializeType`, 2 `data` (the serialized return value or
 *   exception; absent for none), 3 `type` (the method's return class's name; 3.3.6 writes it for
 *   an exception too, which only the answer's `tri-exception-code` header tells apart).
 */
export interface TripleRequestWrapper {
  readonly serializeType: string;
  readonly args: readonly Buffer[];
  readonly argTypes: readonly string[];
}

export interface TripleResponseWrapper {
  readonly serializeType: string;
  /** null when the field is absent. */
  readonly data: Buffer | null;
  readonly type: string;
}

/** The serialize type Dubbo writes for hessian2 in a wrapper (TripleConstants.HESSIAN4). */
export const WRAPPED_HESSIAN2 = "hessian4";

const LENGTH_DELIMITED = 2;

function varint(value: number): Buffer {
  const out: number[] = [];
  let v = value >>> 0;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return Buffer.from(out);
}

function field(number: number, bytes: Buffer): Buffer[] {
  return [varint((number << 3) | LENGTH_DELIMITED), varint(bytes.length), bytes];
}

/** The bytes of a TripleRequestWrapper, in the order Java writes its fields. */
export function encodeRequestWrapper(w: TripleRequestWrapper): Buffer {
  const parts = [...field(1, Buffer.from(w.serializeType, "utf8"))];
  for (const a of w.args) parts.push(...field(2, a));
  for (const t of w.argTypes) parts.push(...field(3, Buffer.from(t, "utf8")));
  return Buffer.concat(parts);
}

/** The bytes of a TripleResponseWrapper, as a provider writes them (for tests and a fake peer). */
export function encodeResponseWrapper(w: TripleResponseWrapper): Buffer {
  return Buffer.concat([...field(1, Buffer.from(w.serializeType, "utf8")), ...(w.data ? field(2, w.data) : []), ...field(3, Buffer.from(w.type, "utf8"))]);
}

/** The fields of a wrapper body: [field number, bytes] in order. @throws CodecError for bytes that are not length-delimited fields 1 to 3. */
function fieldsOf(body: Buffer, what: string): [number, Buffer][] {
  const out: [number, Buffer][] = [];
  let at = 0;
  const readVarint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= body.length) throw new CodecError(`${what}: a varint runs past the end at byte ${at}`);
      const b = body[at++]!;
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new CodecError(`${what}: a varint longer than 5 bytes at byte ${at}`);
  };
  while (at < body.length) {
    const start = at;
    const tag = readVarint();
    const number = Math.floor(tag / 8);
    if (tag % 8 !== LENGTH_DELIMITED) throw new CodecError(`${what}: field ${number} at byte ${start} has wire type ${tag % 8}, not 2 (length-delimited)`);
    if (number < 1 || number > 3) throw new CodecError(`${what}: field ${number} at byte ${start}; only 1, 2 and 3 exist`);
    const length = readVarint();
    if (at + length > body.length) throw new CodecError(`${what}: field ${number} at byte ${start} says ${length} bytes, ${body.length - at} are left`);
    out.push([number, body.subarray(at, at + length)]);
    at += length;
  }
  return out;
}

/** Reads a TripleResponseWrapper. @throws CodecError for malformed bytes or a missing type. */
export function decodeResponseWrapper(body: Buffer): TripleResponseWrapper {
  let serializeType: string | undefined;
  let data: Buffer | null = null;
  let type: string | undefined;
  for (const [n, bytes] of fieldsOf(body, "TripleResponseWrapper")) {
    if (n === 1) serializeType = bytes.toString("utf8");
    else if (n === 2) data = bytes;
    else type = bytes.toString("utf8");
  }
  if (serializeType === undefined) throw new CodecError("TripleResponseWrapper: no serializeType (field 1)");
  if (type === undefined) throw new CodecError("TripleResponseWrapper: no type (field 3)");
  return { serializeType, data, type };
}

/** Reads a TripleRequestWrapper (for tests and a fake peer). @throws CodecError for malformed bytes. */
export function decodeRequestWrapper(body: Buffer): TripleRequestWrapper {
  let serializeType: string | undefined;
  const args: Buffer[] = [];
  const argTypes: string[] = [];
  for (const [n, bytes] of fieldsOf(body, "TripleRequestWrapper")) {
    if (n === 1) serializeType = bytes.toString("utf8");
    else if (n === 2) args.push(bytes);
    else argTypes.push(bytes.toString("utf8"));
  }
  if (serializeType === undefined) throw new CodecError("TripleRequestWrapper: no serializeType (field 1)");
  return { serializeType, args, argTypes };
}
