/**
 * One connection's watch over its peer, by the limits of peer-limits.ts: it counts the
 * peer's requests, holds reading while output the peer has not taken is backed up (a write
 * returned false, no `drain` since), for at most the stall time, and reports the first
 * misbehaviour it sees; the exchange client then drops the connection.
 */
import type { Socket } from "node:net";
import { type Misbehaviour, type PeerLimits, PeerRequestRate, stalled, unreadOutputExceeded } from "./peer-limits";

export class PeerGuard {
  private readonly requests: PeerRequestRate;
  private stallTimer: NodeJS.Timeout | null = null;
  private readonly drained = () => {
    this.clearStall();
    this.socket.resume();
  };

  constructor(
    private readonly socket: Socket,
    private readonly limits: Required<PeerLimits>,
    private readonly report: (m: Misbehaviour) => void,
  ) {
    this.requests = new PeerRequestRate(limits.maxPeerRequestsPerSecond);
    socket.on("drain", this.drained);
  }

  /** A request from the peer arrived: true to handle it, false when it was one too many (reported). */
  admitRequest(now = Date.now()): boolean {
    const flood = this.requests.record(now);
    if (flood) this.report(flood);
    return flood === null;
  }

  /** After a write that returned `flowing`: reports output over the cap, else holds reading while it is backed up. */
  wrote(flowing: boolean): void {
    const over = unreadOutputExceeded(this.socket.writableLength, this.limits.maxUnreadOutput);
    if (over) {
      this.report(over);
    } else if (!flowing && this.stallTimer === null) {
      this.socket.pause();
      this.stallTimer = setTimeout(() => {
        this.stallTimer = null;
        this.report(stalled(this.socket.writableLength, this.limits.writeStallMs));
      }, this.limits.writeStallMs);
    }
  }

  /** Stops watching (the connection ended): no timer is left. */
  stop(): void {
    this.clearStall();
    this.socket.off("drain", this.drained);
  }

  private clearStall(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }
}
