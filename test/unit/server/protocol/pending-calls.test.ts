import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CancelledError, ConnectionClosedError, TimeoutError } from "@/server/errors/transport-errors";
import type { Frame } from "@/server/protocol/frame";
import { PendingCalls } from "@/server/protocol/pending-calls";

const response = (id: bigint): Frame => ({ id, request: false, twoWay: false, event: false, serialization: 2, status: 20, body: Buffer.from("ok") });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("PendingCalls", () => {
  it("hands each response to the call of its id, whatever the order", async () => {
    const calls = new PendingCalls("10.0.0.1:20880");
    const a = calls.add(1n, 1000);
    const b = calls.add(2n, 1000);
    expect(calls.settle(response(2n))).toBe(true);
    expect(calls.settle(response(1n))).toBe(true);
    expect((await a).id).toBe(1n);
    expect((await b).id).toBe(2n);
    expect(calls.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails a call with a TimeoutError naming the address and the ms, and drops its late response", async () => {
    const calls = new PendingCalls("10.0.0.1:20880");
    const call = calls.add(1n, 250);
    vi.advanceTimersByTime(249);
    expect(calls.has(1n)).toBe(true);
    vi.advanceTimersByTime(1);
    await expect(call).rejects.toThrow(new TimeoutError("10.0.0.1:20880", 250));
    await expect(call).rejects.toThrow("no response from 10.0.0.1:20880 within 250 ms");
    expect(calls.settle(response(1n))).toBe(false);
  });

  it("fails a call with a CancelledError when its signal fires, before or after it is added", async () => {
    const calls = new PendingCalls("a:1");
    const controller = new AbortController();
    const call = calls.add(1n, 1000, controller.signal);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    expect(calls.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await expect(calls.add(2n, 1000, controller.signal)).rejects.toThrow("the call to a:1 was cancelled");
    expect(calls.size).toBe(0);
  });

  it("fails every waiting call with the error given for its id, and clears their timers", async () => {
    const calls = new PendingCalls("a:1");
    const all = [calls.add(1n, 1000), calls.add(2n, 1000)];
    calls.failAll(() => new ConnectionClosedError("a:1", { type: "peer-closed" }));
    for (const call of all) await expect(call).rejects.toThrow("a:1 closed the connection");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("refuses a timeout that is not a positive number", () => {
    const calls = new PendingCalls("a:1");
    expect(() => calls.add(1n, 0)).toThrow(RangeError);
    expect(() => calls.add(1n, Number.NaN)).toThrow(RangeError);
  });
});
