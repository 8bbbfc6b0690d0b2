/**
 * The calls of one provider connection that wait for their response frames, by request
 * id (DefaultFuture's FUTURES map, per connection). Each call ends exactly once: with its
 * response, a TimeoutError when its time is up, a CancelledError when its signal fires, or
 * the error the connection hands to every call when it drops. After that its id is
 * forgotten, so a late response finds nothing and is dropped.
 */
import { CancelledError, TimeoutError } from "@/server/errors/transport-errors";
import type { Frame } from "./frame";

/** setTimeout's longest delay (a 32-bit signed int of ms); longer timeouts are clamped to it. */
const MAX_TIMER_MS = 0x7fffffff;

interface Call {
  readonly resolve: (frame: Frame) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: (() => void) | undefined;
}

export class PendingCalls {
  private readonly calls = new Map<bigint, Call>();
  private emptyWaiters: (() => void)[] = [];

  constructor(private readonly address: string) {}

  /** Calls waiting now. */
  get size(): number {
    return this.calls.size;
  }

  /** Resolves once no call waits (at once when none does); every call ends by its timeout at the latest. */
  whenEmpty(): Promise<void> {
    if (this.calls.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.emptyWaiters.push(resolve));
  }

  has(id: bigint): boolean {
    return this.calls.has(id);
  }

  /**
   * Waits for the response to request `id`, for at most `timeoutMs` (a positive number of
   * ms). Register before writing the request, so a fast response always finds its call.
   */
  add(id: bigint, timeoutMs: number, signal?: AbortSignal): Promise<Frame> {
    if (!(timeoutMs > 0)) throw new RangeError(`a call's timeout must be a positive number of ms, not ${timeoutMs}`);
    if (signal?.aborted) return Promise.reject(new CancelledError(this.address, { cause: signal.reason }));
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => this.end(id)?.reject(new TimeoutError(this.address, timeoutMs)), Math.min(timeoutMs, MAX_TIMER_MS));
      const onAbort = signal ? () => this.end(id)?.reject(new CancelledError(this.address, { cause: signal.reason })) : undefined;
      if (signal && onAbort) signal.addEventListener("abort", onAbort, { once: true });
      this.calls.set(id, { resolve, reject, timer, signal, onAbort });
    });
  }

  /** Hands `frame` to the call of its id; false when no call waits for it (timed out, cancelled, or never ours). */
  settle(frame: Frame): boolean {
    const call = this.end(frame.id);
    call?.resolve(frame);
    return call !== undefined;
  }

  /** Ends the call `id` with `error`; false when no call waits for it. */
  fail(id: bigint, error: Error): boolean {
    const call = this.end(id);
    call?.reject(error);
    return call !== undefined;
  }

  /** Ends every waiting call with the error `errorFor` gives for its id. */
  failAll(errorFor: (id: bigint) => Error): void {
    for (const id of [...this.calls.keys()]) this.fail(id, errorFor(id));
  }

  /** Forgets the call `id` and clears its timer and abort listener; returns it, if it was there. */
  private end(id: bigint): Call | undefined {
    const call = this.calls.get(id);
    if (!call) return undefined;
    this.calls.delete(id);
    clearTimeout(call.timer);
    if (call.signal && call.onAbort) call.signal.removeEventListener("abort", call.onAbort);
    if (this.calls.size === 0 && this.emptyWaiters.length > 0) {
      const waiters = this.emptyWaiters;
      this.emptyWaiters = [];
      queueMicrotask(() => waiters.forEach((w) => w()));
    }
    return call;
  }
}
