import { describe, expect, it } from "vitest";
import { parseHostPort } from "@/server/protocol/host-port";
import { DEFAULT_BACKOFF, RECONNECT_INITIAL_MS, RECONNECT_MAX_MS, reconnectDelay } from "@/server/protocol/reconnect-backoff";

describe("reconnectDelay", () => {
  it("doubles from the initial delay up to the cap, with no jitter when the random source gives 0", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((a) => reconnectDelay(a, DEFAULT_BACKOFF, () => 0));
    expect(delays).toEqual([200, 400, 800, 1600, 3200, 6400, RECONNECT_MAX_MS, RECONNECT_MAX_MS, RECONNECT_MAX_MS, RECONNECT_MAX_MS]);
    expect(delays[0]).toBe(RECONNECT_INITIAL_MS);
  });

  it("takes off up to half of the delay as jitter", () => {
    expect(reconnectDelay(1, DEFAULT_BACKOFF, () => 0.999999)).toBe(100);
    expect(reconnectDelay(3, { initialMs: 10, maxMs: 1000 }, () => 0.5)).toBe(30);
  });
});

describe("parseHostPort", () => {
  it("splits host:port and [v6]:port", () => {
    expect(parseHostPort("127.0.0.2:20880")).toEqual({ host: "127.0.0.2", port: 20880 });
    expect(parseHostPort("[::1]:20880")).toEqual({ host: "::1", port: 20880 });
    expect(parseHostPort("provider.example:1")).toEqual({ host: "provider.example", port: 1 });
  });

  it.each(["127.0.0.1", ":20880", "h:0", "h:65536", "h:x", ""])("refuses %j", (address) => {
    expect(() => parseHostPort(address)).toThrow(RangeError);
  });
});
