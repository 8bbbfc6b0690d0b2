import { describe, expect, it } from "vitest";
import { describeStaleMarker, describeStaleView } from "@/lib/format/stale-view";

const disconnected = { registry: "zookeeper://127.0.0.1:2181", since: 10_000, ageMs: 42_000, reason: "disconnected" as const };

describe("the stale-view banner", () => {
  it("names the registry, how old the view is, and the connection error that made it stale", () => {
    expect(describeStaleView(disconnected, { at: 18_000, message: "no answer from 127.0.0.1:2181 for 8000 ms" })).toBe(
      "Showing the registry as it was 42 s ago: zookeeper://127.0.0.1:2181 is not answering. Last error: no answer from 127.0.0.1:2181 for 8000 ms.",
    );
  });

  it("does not blame an error from before the view went stale", () => {
    expect(describeStaleView(disconnected, { at: 9_999, message: "connection refused by 127.0.0.1:2181" })).toBe(
      "Showing the registry as it was 42 s ago: zookeeper://127.0.0.1:2181 is not answering.",
    );
    expect(describeStaleView(disconnected, null)).toBe("Showing the registry as it was 42 s ago: zookeeper://127.0.0.1:2181 is not answering.");
  });

  it("says a new session is re-reading the tree", () => {
    expect(describeStaleView({ ...disconnected, reason: "rereading", ageMs: 3 * 60_000 }, null)).toBe(
      "Showing the registry as it was 3 min ago: zookeeper://127.0.0.1:2181 is re-reading after a new session.",
    );
  });

  it("says the view comes from the disk cache while ZooKeeper has not been reached", () => {
    expect(describeStaleView({ ...disconnected, reason: "cached", ageMs: 2 * 3_600_000 }, { at: 1, message: "connection refused by 127.0.0.1:2181" })).toBe(
      "Showing the registry as it was 2 h ago: zookeeper://127.0.0.1:2181, saved on disk: it has not been reached since the console started. Last error: connection refused by 127.0.0.1:2181.",
    );
    expect(describeStaleMarker({ ...disconnected, reason: "cached" })).toBe(
      "Showing the last complete view, as it was 42 s ago: loaded from the disk cache; ZooKeeper has not been reached since the console started.",
    );
  });

  it("reads a newer age when given one, for a banner that ticks between refreshes", () => {
    expect(describeStaleView(disconnected, null, 45_500)).toContain("as it was 45 s ago");
  });
});

describe("the stale marker on a registry's card", () => {
  it("says how old the view is and why, without repeating the registry", () => {
    expect(describeStaleMarker(disconnected)).toBe("Showing the last complete view, as it was 42 s ago: ZooKeeper is not answering.");
    expect(describeStaleMarker({ ...disconnected, reason: "rereading" }, 61_000)).toBe(
      "Showing the last complete view, as it was 1 min ago: a new session is re-reading the tree.",
    );
  });
});
