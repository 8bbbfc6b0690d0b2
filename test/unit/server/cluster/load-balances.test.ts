import { describe, expect, it } from "vitest";
import { InvalidParameterError } from "@/server/cluster/cluster-errors";
import type { Invoker } from "@/server/cluster/invoker";
import { ConsistentHashLoadBalance } from "@/server/cluster/load-balance/consistent-hash";
import { LeastActiveLoadBalance } from "@/server/cluster/load-balance/least-active";
import type { LoadBalance } from "@/server/cluster/load-balance/load-balance";
import { RandomLoadBalance } from "@/server/cluster/load-balance/random";
import { ShortestResponseLoadBalance } from "@/server/cluster/load-balance/shortest-response";
import { invokerWeight } from "@/server/cluster/load-balance/weight";
import { FakeInvoker, invocation, scriptedRandom, testEnv } from "./fakes";

const CALL = invocation("sayHello");

/** How many of `n` picks went to each invoker, by address. */
function tally(lb: LoadBalance, invokers: readonly Invoker[], n: number): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(invokers.map((i) => [i.address, 0]));
  for (let k = 0; k < n; k++) counts[lb.select(invokers, CALL).address]!++;
  return counts;
}

/** The count of a binomial(n, p) draw lies within 4.5 standard deviations of its mean (odds of failing by chance: 1 in 150,000). */
function expectBinomial(count: number, n: number, p: number): void {
  const sd = Math.sqrt(n * p * (1 - p));
  expect(count).toBeGreaterThanOrEqual(Math.floor(n * p - 4.5 * sd));
  expect(count).toBeLessThanOrEqual(Math.ceil(n * p + 4.5 * sd));
}

describe("random", () => {
  it("draws providers in proportion to their weights", () => {
    const invokers = [new FakeInvoker("10.0.0.1:20880", "weight=100"), new FakeInvoker("10.0.0.2:20880", "weight=200"), new FakeInvoker("10.0.0.3:20880", "weight=300")];
    const counts = tally(new RandomLoadBalance(testEnv({ seed: 7 })), invokers, 60_000);
    expectBinomial(counts["10.0.0.1:20880"]!, 60_000, 1 / 6);
    expectBinomial(counts["10.0.0.2:20880"]!, 60_000, 2 / 6);
    expectBinomial(counts["10.0.0.3:20880"]!, 60_000, 3 / 6);
  });

  it("maps the drawn offset to the first provider whose running total exceeds it", () => {
    const invokers = [1, 2, 3].map((w, i) => new FakeInvoker(`10.0.0.${i + 1}:20880`, `weight=${w}`));
    // total 6, running totals 1, 3, 6: offsets 0 | 1 2 | 3 4 5.
    const picks = [0, 1 / 6, 2 / 6, 3 / 6, 5.99 / 6].map((r) => new RandomLoadBalance(testEnv({ random: scriptedRandom([r]) })).select(invokers, CALL).address);
    expect(picks).toEqual(["10.0.0.1:20880", "10.0.0.2:20880", "10.0.0.2:20880", "10.0.0.3:20880", "10.0.0.3:20880"]);
  });

  it("draws uniformly in 3.x when the first provider has neither weight nor timestamp, whatever the others weigh", () => {
    const invokers = [new FakeInvoker("10.0.0.1:20880"), new FakeInvoker("10.0.0.2:20880", "weight=900")];
    const uniform = tally(new RandomLoadBalance(testEnv({ dialect: "3.x", seed: 3 })), invokers, 20_000);
    expectBinomial(uniform["10.0.0.1:20880"]!, 20_000, 1 / 2);
    const weighted = tally(new RandomLoadBalance(testEnv({ dialect: "2.7", seed: 3 })), invokers, 20_000);
    expectBinomial(weighted["10.0.0.1:20880"]!, 20_000, 100 / 1000);
  });

  it("draws uniformly when every weight is 0", () => {
    const invokers = [new FakeInvoker("10.0.0.1:20880", "weight=0"), new FakeInvoker("10.0.0.2:20880", "weight=0")];
    const counts = tally(new RandomLoadBalance(testEnv({ seed: 11 })), invokers, 10_000);
    expectBinomial(counts["10.0.0.1:20880"]!, 10_000, 1 / 2);
  });

  it("takes the method's own weight over the provider's", () => {
    const invokers = [new FakeInvoker("10.0.0.1:20880", "weight=1&sayHello.weight=300"), new FakeInvoker("10.0.0.2:20880", "weight=100")];
    const counts = tally(new RandomLoadBalance(testEnv({ seed: 5 })), invokers, 20_000);
    expectBinomial(counts["10.0.0.1:20880"]!, 20_000, 3 / 4);
  });
});

describe("warm-up weight", () => {
  const env3 = testEnv({ dialect: "3.x" });
  const env27 = testEnv({ dialect: "2.7", clock: env3.clock });
  const at = (uptimeMs: number, extra = "") => new FakeInvoker("10.0.0.1:20880", `timestamp=${env3.clock.now() - uptimeMs}${extra}`);

  it("grows linearly (3.x) or quadratically (2.7.23) over the 10 minutes after the provider's timestamp", () => {
    expect([60_000, 300_000, 540_000].map((u) => invokerWeight(at(u), "sayHello", env3))).toEqual([10, 50, 90]);
    expect([60_000, 300_000, 540_000].map((u) => invokerWeight(at(u), "sayHello", env27))).toEqual([1, 25, 81]);
  });

  it("is the full weight once warm, 1 for a timestamp in the future, and honours warmup and weight", () => {
    expect(invokerWeight(at(600_000), "sayHello", env3)).toBe(100);
    expect(invokerWeight(at(-5_000), "sayHello", env3)).toBe(1);
    expect(invokerWeight(at(5_000, "&warmup=10000&weight=40"), "sayHello", env3)).toBe(20);
    expect(invokerWeight(at(5_000, "&weight=0"), "sayHello", env3)).toBe(0);
  });

  it("fails the call for a weight Java could not parse", () => {
    expect(() => invokerWeight(new FakeInvoker("10.0.0.1:20880", "weight=heavy"), "sayHello", env3)).toThrow(InvalidParameterError);
  });
});

describe("leastactive", () => {
  it("picks the provider with the fewest calls in flight", () => {
    const env = testEnv();
    const invokers = [1, 2, 3].map((i) => new FakeInvoker(`10.0.0.${i}:20880`));
    env.stats.begin(invokers[0]!.url, "sayHello");
    env.stats.begin(invokers[0]!.url, "sayHello");
    env.stats.begin(invokers[2]!.url, "sayHello");
    expect(new LeastActiveLoadBalance(env).select(invokers, CALL).address).toBe("10.0.0.2:20880");
  });

  it("counts per method, and breaks ties by weight", () => {
    const env = testEnv({ random: scriptedRandom([0.9]) });
    const invokers = [new FakeInvoker("10.0.0.1:20880", "weight=100"), new FakeInvoker("10.0.0.2:20880", "weight=300"), new FakeInvoker("10.0.0.3:20880")];
    env.stats.begin(invokers[2]!.url, "sayHello");
    env.stats.begin(invokers[0]!.url, "otherMethod");
    // Tie between 1 and 2 (weights 100 and 300): offset floor(0.9 * 400) = 360 falls on 2.
    expect(new LeastActiveLoadBalance(env).select(invokers, CALL).address).toBe("10.0.0.2:20880");
  });
});

describe("shortestresponse", () => {
  function finish(env: ReturnType<typeof testEnv>, invoker: Invoker, elapsed: number, times = 1) {
    for (let i = 0; i < times; i++) {
      env.stats.begin(invoker.url, "sayHello");
      env.stats.end(invoker.url, "sayHello", elapsed, true);
    }
  }

  it("picks the shortest estimate: average successful time × (calls in flight + 1)", () => {
    const env = testEnv();
    const [a, b] = [new FakeInvoker("10.0.0.1:20880"), new FakeInvoker("10.0.0.2:20880")];
    const lb = new ShortestResponseLoadBalance(env);
    finish(env, a!, 100);
    finish(env, b!, 10);
    expect(lb.select([a!, b!], CALL).address).toBe("10.0.0.2:20880");
    for (let i = 0; i < 10; i++) env.stats.begin(b!.url, "sayHello");
    // b: 10 × 11 = 110 > a: 100 × 1.
    expect(lb.select([a!, b!], CALL).address).toBe("10.0.0.1:20880");
  });

  it("forgets history every 30 s in 3.x, never in 2.7.23", async () => {
    for (const dialect of ["3.x", "2.7"] as const) {
      const env = testEnv({ dialect, random: scriptedRandom([0.75, 0.75]) });
      const [a, b] = [new FakeInvoker("10.0.0.1:20880"), new FakeInvoker("10.0.0.2:20880")];
      const lb = new ShortestResponseLoadBalance(env);
      finish(env, a!, 50);
      expect(lb.select([a!, b!], CALL).address).toBe("10.0.0.2:20880");
      finish(env, b!, 80);
      await env.clock.advance(30_001);
      lb.select([a!, b!], CALL); // notices the period is over: 3.x restarts its windows
      // 3.x: both windows empty, a tie drawn uniformly (0.75 → the second); 2.7: a's 50 beats b's 80.
      expect([dialect, lb.select([a!, b!], CALL).address]).toEqual([dialect, dialect === "3.x" ? "10.0.0.2:20880" : "10.0.0.1:20880"]);
    }
  });
});

describe("consistenthash", () => {
  const five = [1, 2, 3, 4, 5].map((i) => new FakeInvoker(`10.0.0.${i}:20880`));
  const call = (key: string, second = "x") => invocation("find", [key, second], ["java.lang.String", "java.lang.String"]);

  it("sends the same key to the same provider every time", () => {
    const lb = new ConsistentHashLoadBalance(testEnv());
    const first = Array.from({ length: 50 }, (_, k) => lb.select(five, call(`user-${k}`)).address);
    const again = Array.from({ length: 50 }, (_, k) => lb.select(five, call(`user-${k}`)).address);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(5);
  });

  it("moves only the keys of a provider that left", () => {
    const lb = new ConsistentHashLoadBalance(testEnv());
    const keys = Array.from({ length: 200 }, (_, k) => `order-${k}`);
    const before = keys.map((k) => lb.select(five, call(k)).address);
    const four = five.filter((i) => i.address !== "10.0.0.3:20880");
    const after = keys.map((k) => lb.select(four, call(k)).address);
    keys.forEach((_, i) => {
      if (before[i] !== "10.0.0.3:20880") expect(after[i]).toBe(before[i]);
    });
    expect(after).not.toContain("10.0.0.3:20880");
  });

  it("hashes the arguments hash.arguments names, and only those", () => {
    const lb = new ConsistentHashLoadBalance(testEnv());
    const byFirst = new Set(Array.from({ length: 20 }, (_, k) => lb.select(five, call("same", `other-${k}`)).address));
    expect(byFirst.size).toBe(1);
    const bySecond = [1, 2, 3, 4, 5].map((i) => new FakeInvoker(`10.0.0.${i}:20880`, "hash.arguments=1"));
    const lb2 = new ConsistentHashLoadBalance(testEnv());
    expect(new Set(Array.from({ length: 40 }, (_, k) => lb2.select(bySecond, call("same", `other-${k}`)).address)).size).toBeGreaterThan(1);
  });

  it("fails the call for hash.arguments that are not indexes", () => {
    const bad = [1, 2].map((i) => new FakeInvoker(`10.0.0.${i}:20880`, "hash.arguments=first"));
    expect(() => new ConsistentHashLoadBalance(testEnv()).select(bad, call("k"))).toThrow(InvalidParameterError);
  });
});
