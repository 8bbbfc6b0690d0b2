/**
 * The bodies of Dubbo's event frames: heartbeats (the serialization's `null`) and the
 * READONLY / WRITEABLE events of a provider's graceful shutdown (the strings "R" / "W").
 * Pure, and independent of the hessian body codec: event bodies are a few bytes (Java
 * rejects event payloads over `deserialization.event.size`, 15 bytes by default).
 *
 * Sources: CodecSupport.getNullBytesOf / isHeartBeat, CommonConstants.READONLY_EVENT /
 * WRITEABLE_EVENT, HeaderExchangeHandler.handlerEvent (dubbo-2.7.23, dubbo-3.3.x).
 */
import { HESSIAN2 } from "./frame";

/** Serialization id of fastjson2: a default 3.2 provider sends its events in it (see dubbo-protocol.md §1). */
export const FASTJSON2 = 23;

/** hessian2 `writeObject(null)`: 'N'. The body of every heartbeat we send. */
export const HESSIAN2_NULL: Buffer = Buffer.from([0x4e]);

/** fastjson2 `writeObject(null)`: a 4-byte big-endian length, then JSONB null (BC_NULL = 0xaf). */
const FASTJSON2_NULL = Buffer.from([0x00, 0x00, 0x00, 0x01, 0xaf]);

/** JSONB: an ASCII string of n < 48 chars is one byte 73 + n, then the chars (BC_STR_ASCII_FIX_MIN..MAX). */
const JSONB_ASCII_FIX_MIN = 0x49;
const JSONB_ASCII_FIX_MAX = 0x78;

/** What an event frame says. `other` covers anything we do not recognise, which is ignored. */
export type EventMessage =
  | { readonly type: "heartbeat" }
  /** CommonConstants.READONLY_EVENT: the provider is going away; send it no new calls. */
  | { readonly type: "readonly" }
  /** CommonConstants.WRITEABLE_EVENT (3.x): the provider takes calls again. */
  | { readonly type: "writeable" }
  | { readonly type: "other" };

/** Reads an event frame's body, by the serialization id of its header. */
export function readEventBody(serialization: number, body: Buffer): EventMessage {
  if (isNullBody(serialization, body)) return { type: "heartbeat" };
  const text = readShortString(serialization, body);
  if (text === "R") return { type: "readonly" };
  if (text === "W") return { type: "writeable" };
  return { type: "other" };
}

/** Whether `body` is the serialization's null, i.e. a heartbeat (CodecSupport.isHeartBeat). */
export function isNullBody(serialization: number, body: Buffer): boolean {
  if (serialization === HESSIAN2) return body.equals(HESSIAN2_NULL);
  if (serialization === FASTJSON2) return body.equals(FASTJSON2_NULL);
  return false;
}

/** A short string written by the serialization's writeObject, or null when the body is something else. */
function readShortString(serialization: number, body: Buffer): string | null {
  if (serialization === HESSIAN2) {
    // hessian2 compact string: one byte 0x00..0x1f holding the length in chars, then UTF-8.
    const n = body[0];
    if (n === undefined || n > 0x1f || body.length !== 1 + n) return null;
    return body.subarray(1).every((b) => b < 0x80) ? body.toString("latin1", 1) : null;
  }
  if (serialization === FASTJSON2) {
    if (body.length < 5 || body.readInt32BE(0) !== body.length - 4) return null;
    const tag = body[4]!;
    if (tag < JSONB_ASCII_FIX_MIN || tag > JSONB_ASCII_FIX_MAX || body.length !== 5 + tag - JSONB_ASCII_FIX_MIN) return null;
    return body.toString("latin1", 5);
  }
  return null;
}

/**
 * A hessian2 string of at most 1023 ASCII chars, for the error message of a response we
 * send (Hessian2Output.writeString: compact 0x00..0x1f under 32 chars, else 0x30 + the
 * length's high bits, then the low byte). Throws on other text: callers send short fixed
 * messages, and the hessian body codec handles the general case.
 */
export function hessian2ShortString(text: string): Buffer {
  if (text.length > 1023 || Buffer.byteLength(text, "utf8") !== text.length) throw new RangeError("hessian2ShortString takes at most 1023 ASCII chars");
  const head = text.length < 32 ? [text.length] : [0x30 + (text.length >> 8), text.length & 0xff];
  return Buffer.concat([Buffer.from(head), Buffer.from(text, "latin1")]);
}
