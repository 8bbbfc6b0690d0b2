import type { ChangeEvent } from "@/lib/api/events";
import type { BusEvent, EventBus } from "./event-bus";

/** A comment line at least this often, so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting (the stream's `retry:` field). */
export const RETRY_MS = 2_000;
/**
 * Bytes a client may leave unread before its stream is closed: a client that stopped
 * reading reconnects with Last-Event-ID and catches up, instead of the server queueing
 * events for it without end.
 */
const MAX_UNREAD_BYTES = 1 << 20;

export interface EventStreamOptions {
  /** The `Last-Event-ID` request header as sent; null when absent. */
  readonly lastEventId: string | null;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  readonly heartbeatMs?: number;
  /** Called once when the stream is released, however it ended (a per-user slot is given back). */
  readonly onClose?: () => void;
}

/** A Last-Event-ID this API gave out: a decimal id; anything else cannot be replayed from. */
const EVENT_ID = /^\d{1,16}$/;

function frame(id: number, data: ChangeEvent): string {
  return `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The body of GET /api/v1/events: server-sent events from `bus`, as UTF-8.
 *
 * Starts with `retry:`; then, for a client that sends Last-Event-ID, the events it missed,
 * or one `reset` (with the latest id) when they are no longer held or the id is not one of
 * this process's; then every new event, and a `: heartbeat` comment every `heartbeatMs`.
 * Subscribing and replaying happen in one turn of the event loop, so nothing falls between
 * them. Everything is released when the client disconnects (`signal`), the body is
 * cancelled, or the client stops reading.
 */
export function openEventStream(bus: EventBus, options: EventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let release = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const send = (text: string) => {
          if (!open) return;
          if ((controller.desiredSize ?? 0) < -MAX_UNREAD_BYTES) return release();
          controller.enqueue(encoder.encode(text));
        };
        const unsubscribe = bus.subscribe((e: BusEvent) => send(frame(e.id, e.data)));
        const heartbeat = setInterval(() => send(": heartbeat\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
        release = () => {
          if (!open) return;
          open = false;
          options.onClose?.();
          unsubscribe();
          clearInterval(heartbeat);
          options.signal.removeEventListener("abort", release);
          try {
            controller.close();
          } catch {
            // Already closed or cancelled by the reader: nothing left to release.
          }
        };
        options.signal.addEventListener("abort", release);
        if (options.signal.aborted) return release();
        send(`retry: ${RETRY_MS}\n\n`);
        const last = options.lastEventId;
        if (last === null) return;
        const missed = EVENT_ID.test(last) ? bus.since(Number(last)) : null;
        if (missed === null) send(frame(bus.lastId, { type: "reset" }));
        else for (const e of missed) send(frame(e.id, e.data));
      },
      cancel() {
        release();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
}
