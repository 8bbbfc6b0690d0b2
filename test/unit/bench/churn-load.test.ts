import type zookeeper from "node-zookeeper-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { probeServices, startLoad } from "../../../bench/churn-load";
import { providerUrl, serviceInterface, urlPath } from "../../../bench/registry-urls";

const SHAPE = { services: 30, providersPerService: 4 };

/** The provider nodes of SHAPE as bench/populate.ts writes them. */
function populated(): Set<string> {
  const nodes = new Set<string>();
  for (let s = 0; s < SHAPE.services; s++) for (let p = 0; p < SHAPE.providersPerService; p++) nodes.add(urlPath(s, "providers", providerUrl(s, p)));
  return nodes;
}

/** Just enough of a ZooKeeper client for the load: creates and removes in a set, failing as ZooKeeper would. */
function fakeClient(nodes: Set<string>): zookeeper.Client {
  const fail = new Error("rejected");
  return {
    create: (path: string, done: (e: Error | null) => void) => {
      if (nodes.has(path)) return done(fail);
      nodes.add(path);
      done(null);
    },
    remove: (path: string, _version: number, done: (e: Error | null) => void) => done(nodes.delete(path) ? null : fail),
  } as unknown as zookeeper.Client;
}

const serviceOf = (path: string) => path.split("/")[2]!;

describe("the churn load", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes the rate asked, every write accepted, and never into the spared services", () => {
    const nodes = populated();
    const spared = new Set([3, 17]);
    const load = startLoad(fakeClient(nodes), SHAPE, 200, spared);
    vi.advanceTimersByTime(2_000);
    expect(load.stop()).toBe(400);
    const before = populated();
    const changed = [...nodes].filter((n) => !before.has(n)).concat([...before].filter((n) => !nodes.has(n)));
    expect(changed.length).toBeGreaterThan(20);
    const touched = new Set(changed.map(serviceOf));
    for (const s of spared) expect(touched.has(serviceInterface(s))).toBe(false);
  });

  it("puts back every provider it changed, under its populated name", async () => {
    const nodes = populated();
    const load = startLoad(fakeClient(nodes), SHAPE, 200, new Set());
    vi.advanceTimersByTime(3_000);
    load.stop();
    expect(nodes).not.toEqual(populated());
    await load.restore();
    expect(nodes).toEqual(populated());
  });

  it("refuses to run when every service is spared", () => {
    expect(() => startLoad(fakeClient(populated()), { services: 2, providersPerService: 1 }, 10, new Set([0, 1]))).toThrow("no service left to churn");
  });
});

describe("the probe services", () => {
  it("are 20 distinct services spread over a large registry", () => {
    const chosen = probeServices(2_000);
    expect(chosen).toHaveLength(20);
    expect(new Set(chosen).size).toBe(20);
    expect(chosen[0]).toBe(50);
    expect(chosen.at(-1)).toBe(1_950);
  });

  it("are a tenth of a small registry, at least one", () => {
    expect(probeServices(50)).toEqual([5, 15, 25, 35, 45]);
    expect(probeServices(5)).toEqual([2]);
  });
});
