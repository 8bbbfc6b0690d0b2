import type { ChangeEvent } from "@/lib/api/events";

/** One event as the bus numbers it. */
export interface BusEvent {
  readonly id: number;
  readonly data: ChangeEvent;
}

/** How long changes of one service (or registry) are gathered into one event. */
const COALESCE_MS = 100;
/** Events kept for clients that reconnect with Last-Event-ID. */
const RING_CAPACITY = 1_000;
/**
 * Ids grow from `Date.now() * ID_SPACING` at start, so an id from an earlier process (or
 * another replica started earlier) is below anything this one holds and is answered with a
 * `reset`, never with a replay of unrelated events. Safe as a JavaScript integer until 2255.
 */
const ID_SPACING = 1_000;

export interface EventBusOptions {
  readonly coalesceMs?: number;
  readonly capacity?: number;
  /** The id of the first event. */
  readonly firstId?: number;
}

/**
 * The process's stream of change events, fed by the catalog, read by every open
 * GET /api/v1/events.
 *
 * - Coalesces: changes of one service key (or one service's routes, or one registry) within `coalesceMs` of the
 *   first become one event carrying the latest; so a key gets at most one event per window.
 *   A `reset` goes out at once and supersedes whatever was gathered.
 * - Numbers events by one, and keeps the last `capacity` in a ring, so a client that
 *   reconnects with the last id it saw gets what it missed ({@link since}).
 */
export class EventBus {
  private readonly ring: BusEvent[] = [];
  private readonly pending = new Map<string, ChangeEvent>();
  private readonly subscribers = new Set<(event: BusEvent) => void>();
  private readonly coalesceMs: number;
  private readonly capacity: number;
  private nextId: number;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: EventBusOptions = {}) {
    this.coalesceMs = options.coalesceMs ?? COALESCE_MS;
    this.capacity = options.capacity ?? RING_CAPACITY;
    this.nextId = options.firstId ?? Date.now() * ID_SPACING;
  }

  /** The id of the last event sent; one less than the first before any. */
  get lastId(): number {
    return this.nextId - 1;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  publish(event: ChangeEvent): void {
    if (event.type === "reset") {
      this.pending.clear();
      this.deliver(event);
      return;
    }
    const key = event.type === "service" ? `service ${event.key}` : event.type === "routes" ? `routes ${event.service}` : event.type === "configs" ? `configs ${event.key}` : event.type === "tag-routes" ? `tag-routes ${event.application}` : `registry ${event.registry}`;
    this.pending.delete(key); // re-inserted last: the batch goes out in order of latest change
    this.pending.set(key, event);
    if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(), this.coalesceMs);
      this.timer.unref?.();
    }
  }

  /** Sends what has been gathered now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const events = [...this.pending.values()];
    this.pending.clear();
    for (const e of events) this.deliver(e);
  }

  /** Calls `listener` with every event sent from now on, until the returned function is called. */
  subscribe(listener: (event: BusEvent) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /**
   * The events sent after the one numbered `lastId`, oldest first; `[]` when there are none;
   * null when the ring no longer holds all of them, or `lastId` is not one of this bus's
   * (then the client must start over: a `reset`).
   */
  since(lastId: number): BusEvent[] | null {
    if (lastId === this.lastId) return [];
    const oldest = this.ring[0]?.id;
    if (oldest === undefined || lastId > this.lastId || lastId < oldest - 1) return null;
    return this.ring.slice(lastId - oldest + 1);
  }

  /** Drops what is gathered and every subscriber. */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.subscribers.clear();
  }

  private deliver(data: ChangeEvent): void {
    const event = { id: this.nextId++, data };
    this.ring.push(event);
    if (this.ring.length > this.capacity) this.ring.shift();
    for (const s of this.subscribers) s(event);
  }
}
