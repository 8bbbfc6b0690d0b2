import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChangeEvent } from "@/lib/api/events";
import { type BusEvent, EventBus } from "@/server/runtime/event-bus";
import { openEventStream } from "@/server/runtime/event-stream";

const service = (key: string, kind: "providers" | "consumers" | "removed" = "providers"): ChangeEvent => ({ type: "service", key, kind });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("EventBus", () => {
  it("sends one event per service key per window, carrying the latest change", () => {
    const bus = new EventBus({ coalesceMs: 100, firstId: 1 });
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    bus.publish(service("a"));
    bus.publish(service("b"));
    bus.publish(service("a", "consumers"));
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([
      { id: 1, data: service("b") },
      { id: 2, data: service("a", "consumers") },
    ]);
    bus.publish(service("a", "removed"));
    vi.advanceTimersByTime(100);
    expect(seen.at(-1)).toEqual({ id: 3, data: service("a", "removed") });
  });

  it("gathers the routes events of one service apart from that service's own events", () => {
    const bus = new EventBus({ coalesceMs: 100, firstId: 1 });
    const seen: ChangeEvent[] = [];
    bus.subscribe((e) => seen.push(e.data));
    bus.publish({ type: "routes", service: "io.x.A" });
    bus.publish(service("io.x.A"));
    bus.publish({ type: "routes", service: "io.x.A" });
    bus.publish({ type: "routes", service: "io.x.B" });
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([service("io.x.A"), { type: "routes", service: "io.x.A" }, { type: "routes", service: "io.x.B" }]);
  });

  it("sends a reset at once, dropping what it supersedes", () => {
    const bus = new EventBus({ firstId: 1 });
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    bus.publish(service("a"));
    bus.publish({ type: "reset" });
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([{ id: 1, data: { type: "reset" } }]);
  });

  it("replays what came after an id it still holds, and refuses ids it does not", () => {
    const bus = new EventBus({ coalesceMs: 10, capacity: 3, firstId: 10 });
    for (const key of ["a", "b", "c", "d", "e"]) {
      bus.publish(service(key));
      bus.flush();
    }
    // Held: 12 (c), 13 (d), 14 (e).
    expect(bus.since(14)).toEqual([]);
    expect(bus.since(13)?.map((e) => e.id)).toEqual([14]);
    expect(bus.since(11)?.map((e) => e.id)).toEqual([12, 13, 14]);
    expect(bus.since(10)).toBeNull();
    expect(bus.since(15)).toBeNull();
    expect(new EventBus({ firstId: 50 }).since(3)).toBeNull();
  });

  it("numbers a new process's events above an earlier one's", () => {
    vi.setSystemTime(1_000);
    const earlier = new EventBus();
    vi.setSystemTime(2_000);
    expect(new EventBus().lastId).toBeGreaterThan(earlier.lastId + 100_000);
  });
});

/** Reads what `stream` has produced so far, as text. */
async function readSoFar(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: number): Promise<string> {
  let text = "";
  for (let i = 0; i < chunks; i++) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return text;
}

describe("openEventStream", () => {
  it("starts with retry, then sends each event with its id as JSON data", async () => {
    const bus = new EventBus({ coalesceMs: 100, firstId: 7 });
    const reader = openEventStream(bus, { lastEventId: null, signal: new AbortController().signal }).getReader();
    bus.publish(service("io.x.A"));
    bus.flush();
    expect(await readSoFar(reader, 2)).toBe('retry: 2000\n\nid: 7\ndata: {"type":"service","key":"io.x.A","kind":"providers"}\n\n');
  });

  it("replays what a client missed after its Last-Event-ID", async () => {
    const bus = new EventBus({ firstId: 1 });
    for (const key of ["a", "b", "c"]) {
      bus.publish(service(key));
      bus.flush();
    }
    const reader = openEventStream(bus, { lastEventId: "1", signal: new AbortController().signal }).getReader();
    const text = await readSoFar(reader, 3);
    expect(text.match(/^id: \d+$/gm)).toEqual(["id: 2", "id: 3"]);
    expect(text).toContain('data: {"type":"service","key":"c","kind":"providers"}');
  });

  it.each(["0", "99", "abc", "-1", ""])("sends one reset with the latest id for a Last-Event-ID it cannot replay from (%j)", async (lastEventId) => {
    const bus = new EventBus({ firstId: 1, capacity: 1 });
    for (const key of ["a", "b"]) {
      bus.publish(service(key));
      bus.flush();
    }
    const reader = openEventStream(bus, { lastEventId, signal: new AbortController().signal }).getReader();
    expect(await readSoFar(reader, 2)).toBe('retry: 2000\n\nid: 2\ndata: {"type":"reset"}\n\n');
  });

  it("sends a heartbeat comment while nothing happens", async () => {
    const bus = new EventBus();
    const reader = openEventStream(bus, { lastEventId: null, signal: new AbortController().signal, heartbeatMs: 15_000 }).getReader();
    await readSoFar(reader, 1);
    vi.advanceTimersByTime(15_000);
    expect(await readSoFar(reader, 1)).toBe(": heartbeat\n\n");
  });

  it("lets go of the bus and its timer when the client disconnects", async () => {
    const bus = new EventBus();
    const abort = new AbortController();
    const reader = openEventStream(bus, { lastEventId: null, signal: abort.signal }).getReader();
    expect(bus.subscriberCount).toBe(1);
    abort.abort();
    expect(bus.subscriberCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await readSoFar(reader, 1);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it("lets go when the body is cancelled", async () => {
    const bus = new EventBus();
    const stream = openEventStream(bus, { lastEventId: null, signal: new AbortController().signal });
    await stream.cancel();
    expect(bus.subscriberCount).toBe(0);
  });

  it("closes the stream of a client that stopped reading, instead of queueing for it without end", () => {
    const bus = new EventBus({ firstId: 1 });
    openEventStream(bus, { lastEventId: null, signal: new AbortController().signal });
    const big = "x".repeat(10_000);
    for (let i = 0; i < 200 && bus.subscriberCount > 0; i++) {
      bus.publish(service(`${big}${i}`));
      bus.flush();
    }
    expect(bus.subscriberCount).toBe(0);
  });
});
