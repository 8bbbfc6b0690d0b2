/**
 * What one provider connection may make the console hold or do. A Java provider sends a
 * heartbeat a minute when idle, one READONLY event when it stops, and reads what it is sent;
 * a peer that floods requests, never reads, or sends an oversized frame could otherwise grow
 * the console's memory without bound (every heartbeat request is answered, and answers it
 * never reads pile up in the socket's buffer). Beyond these limits the connection is
 * dropped (socket-exchange-client.ts). Pure: the client feeds it the clock and the socket's
 * counters.
 */
import { HEADER_LENGTH } from "./frame";

export interface PeerLimits {
  /**
   * Bytes written to the socket that the peer has not yet taken (`socket.writableLength`),
   * at most; default twice the largest frame (two calls at the payload limit).
   */
  readonly maxUnreadOutput?: number;
  /** How long output may stay backed up (a write returned false, no `drain` since) before the peer counts as not reading; default 15 s. */
  readonly writeStallMs?: number;
  /** Requests (heartbeats, events, callbacks) the peer may send within one second; default 200. */
  readonly maxPeerRequestsPerSecond?: number;
}

export const DEFAULT_WRITE_STALL_MS = 15_000;
export const DEFAULT_MAX_PEER_REQUESTS_PER_SECOND = 200;
const WINDOW_MS = 1_000;

/** How a peer misbehaved; `kind` is stable (it keys the one log line per client), `message` names the figures. */
export interface Misbehaviour {
  readonly kind: "flood" | "not-reading";
  readonly message: string;
}

/** The limits in force for a connection whose frames may carry `maxPayload` bytes of body. */
export function resolvePeerLimits(limits: PeerLimits, maxPayload: number): Required<PeerLimits> {
  const out = {
    maxUnreadOutput: limits.maxUnreadOutput ?? 2 * (maxPayload + HEADER_LENGTH),
    writeStallMs: limits.writeStallMs ?? DEFAULT_WRITE_STALL_MS,
    maxPeerRequestsPerSecond: limits.maxPeerRequestsPerSecond ?? DEFAULT_MAX_PEER_REQUESTS_PER_SECOND,
  };
  for (const [name, value] of Object.entries(out)) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`the peer limit ${name} must be a positive whole number, not ${value}`);
  }
  return out;
}

/** Counts the requests a peer sends per one-second window (a fixed window: a burst at its edge may reach twice the rate once). */
export class PeerRequestRate {
  private windowStart = 0;
  private count = 0;

  constructor(private readonly perSecond: number) {}

  /** Counts one request at `now`; a Misbehaviour once the window holds more than allowed. */
  record(now: number): Misbehaviour | null {
    if (now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count <= this.perSecond) return null;
    return { kind: "flood", message: `sent more than ${this.perSecond} requests within ${WINDOW_MS} ms` };
  }
}

/** The output check: a Misbehaviour when `unread` bytes wait for the peer beyond `max`. */
export function unreadOutputExceeded(unread: number, max: number): Misbehaviour | null {
  return unread > max ? { kind: "not-reading", message: `left ${unread} bytes unread, over the limit of ${max}` } : null;
}

/** The stall check's verdict once `stallMs` passed with output backed up. */
export function stalled(unread: number, stallMs: number): Misbehaviour {
  return { kind: "not-reading", message: `read none of ${unread} bytes of output for ${stallMs} ms` };
}
