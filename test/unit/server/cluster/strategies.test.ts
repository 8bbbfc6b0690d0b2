import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { ConsoleError } from "@/lib/errors";
import { ClusterInvoker } from "@/server/cluster/cluster-invoker";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { InvalidParameterError, RetriesExhaustedError } from "@/server/cluster/cluster-errors";
import { StaticDirectory } from "@/server/cluster/directory/directory";
import type { InvokeOutcome } from "@/server/cluster/invoker";
import type { FailbackStrategy } from "@/server/cluster/strategy/failback";
import { after, DOWN, FakeInvoker, invocation, testEnv, THROWN, TIMEOUT, VALUE } from "./fakes";

const A = "10.0.0.1:20880";
const B = "10.0.0.2:20880";
const C = "10.0.0.3:20880";

/** A cluster over `invokers` whose consumer has `params` (round robin unless said otherwise, for a predictable order). */
function clusterOf(invokers: FakeInvoker[], params = "", options: { dialect?: DubboRelease; env?: ReturnType<typeof testEnv> } = {}) {
  const env = options.env ?? testEnv({ dialect: options.dialect ?? "3.x" });
  const consumer = parseDubboUrl(`consumer://10.9.9.9/com.foo.DemoService?side=consumer&loadbalance=roundrobin${params ? `&${params}` : ""}`);
  const merged = invokers.map((i) => {
    Object.assign(i.url.parameters, { ...consumer.parameters, ...i.url.parameters });
    return i;
  });
  return { env, cluster: new ClusterInvoker(new StaticDirectory("com.foo.DemoService", consumer, merged), env) };
}

const CALL = invocation();

describe("failover", () => {
  it("tries the next provider after a failure and answers the first value, attempts in order", async () => {
    const invokers = [new FakeInvoker(A, "", DOWN), new FakeInvoker(B, "", TIMEOUT), new FakeInvoker(C, "", VALUE("hi"))];
    const { cluster } = clusterOf(invokers);
    const r = await cluster.invoke(CALL);
    expect(r.outcome).toEqual({ type: "value", value: "hi", attachments: {}, provider: C });
    expect(r.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      [A, "internal"],
      [B, "timeout"],
      [C, "ok"],
    ]);
  });

  it("makes retries + 1 tries on different providers, then fails with the last error's code", async () => {
    const invokers = [A, B, C, "10.0.0.4:20880"].map((a) => new FakeInvoker(a, "", TIMEOUT));
    const { cluster } = clusterOf(invokers);
    const r = await cluster.invoke(CALL);
    expect(r.attempts.map((a) => a.provider)).toEqual([A, B, C]);
    expect(r.outcome.type === "error" && r.outcome.error).toBeInstanceOf(RetriesExhaustedError);
    expect(r.outcome.type === "error" && r.outcome.error.code).toBe("timeout");
    expect(r.outcome.type === "error" && r.outcome.error.message).toContain("failed 3 times on providers 10.0.0.1:20880, 10.0.0.2:20880, 10.0.0.3:20880");
  });

  it("reads retries from the consumer, per method first, never from the provider", async () => {
    const tries = async (consumer: string, provider = "") => {
      const { cluster } = clusterOf([A, B, C, "10.0.0.4:20880", "10.0.0.5:20880"].map((a) => new FakeInvoker(a, provider, DOWN)), consumer);
      return (await cluster.invoke(CALL)).attempts.length;
    };
    expect(await tries("")).toBe(3);
    expect(await tries("retries=4")).toBe(5);
    expect(await tries("retries=4&sayHello.retries=0")).toBe(1);
    expect(await tries("retries=-3")).toBe(1);
  });

  it("retries the same provider when it is the only one, as Java does", async () => {
    const only = new FakeInvoker(A, "", [DOWN, DOWN, VALUE(7)]);
    const { cluster } = clusterOf([only]);
    const r = await cluster.invoke(CALL);
    expect(r.attempts.map((a) => a.outcome)).toEqual(["internal", "internal", "ok"]);
    expect(only.calls).toHaveLength(3);
  });

  it("never retries a business exception: the method ran", async () => {
    const invokers = [new FakeInvoker(A, "", THROWN("com.foo.NoSuchUser", "u1")), new FakeInvoker(B)];
    const { cluster } = clusterOf(invokers);
    const r = await cluster.invoke(CALL);
    expect(r.outcome).toEqual({ type: "business_exception", exception: { class: "com.foo.NoSuchUser", message: "u1" }, attachments: {}, provider: A });
    expect(r.attempts).toHaveLength(1);
    expect(invokers[1]!.calls).toHaveLength(0);
  });

  it("never retries an error raised before sending (arguments that do not fit)", async () => {
    const local: InvokeOutcome = { type: "error", error: new ConsoleError("validation_failed", "argument 0: not an int"), local: true };
    const { cluster } = clusterOf([new FakeInvoker(A, "", local), new FakeInvoker(B)]);
    const r = await cluster.invoke(CALL);
    expect(r.outcome.type === "error" && r.outcome.error.code).toBe("validation_failed");
    expect(r.attempts).toHaveLength(1);
  });

  it("gives each try the provider's method timeout, or the call's own, and takes as long as the tries do", async () => {
    const env = testEnv();
    const slow = (address: string) => new FakeInvoker(address, "timeout=1000&sayHello.timeout=250", (_inv, opts) => after(env.clock, opts.timeoutMs, TIMEOUT)());
    const invokers = [A, B, C].map(slow);
    const { cluster } = clusterOf(invokers, "", { env });
    const pending = cluster.invoke(CALL);
    await env.clock.advance(750);
    const r = await pending;
    expect(invokers.map((i) => i.calls[0]!.options.timeoutMs)).toEqual([250, 250, 250]);
    expect(r.attempts.map((a) => a.elapsedMs)).toEqual([250, 250, 250]);
    expect(r.elapsedMs).toBe(750);
    const overridden = cluster.invoke(CALL, { timeoutMs: 100 });
    await env.clock.advance(300);
    expect((await overridden).attempts.map((a) => a.elapsedMs)).toEqual([100, 100, 100]);
  });

  it("fails over past a provider whose timeout Java could not parse", async () => {
    const invokers = [new FakeInvoker(A, "timeout=soon", VALUE("a")), new FakeInvoker(B, "", VALUE("b"))];
    const r = await clusterOf(invokers).cluster.invoke(CALL);
    expect(r.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      [A, "config_invalid"],
      [B, "ok"],
    ]);
    expect(invokers[0]!.calls).toHaveLength(0);
  });

  it("stops at once when the caller aborts, and answers timeout", async () => {
    const env = testEnv();
    const invokers = [A, B, C].map((a) => new FakeInvoker(a, "", after(env.clock, 1000, TIMEOUT)));
    const { cluster } = clusterOf(invokers, "", { env });
    const controller = new AbortController();
    const pending = cluster.invoke(CALL, { signal: controller.signal });
    await env.clock.advance(400);
    controller.abort();
    const r = await pending;
    expect(r.outcome.type === "error" && r.outcome.error.code).toBe("timeout");
    expect(r.attempts.map((a) => [a.provider, a.outcome, a.elapsedMs])).toEqual([[A, "timeout", 400]]);
    expect(invokers[1]!.calls).toHaveLength(0);
    expect(invokers[0]!.calls[0]!.options.signal).toBe(controller.signal);
  });

  it("counts calls in flight for leastactive while they run", async () => {
    const env = testEnv();
    const [a, b] = [new FakeInvoker(A, "", after(env.clock, 100, VALUE(1))), new FakeInvoker(B, "", after(env.clock, 100, VALUE(2)))];
    const { cluster } = clusterOf([a, b], "loadbalance=leastactive", { env });
    const first = cluster.invoke(CALL);
    const second = cluster.invoke(CALL);
    expect([env.stats.status(a.url, "sayHello").active, env.stats.status(b.url, "sayHello").active]).toEqual([1, 1]);
    await env.clock.advance(100);
    expect([(await first).outcome.type, (await second).outcome.type]).toEqual(["value", "value"]);
    expect([env.stats.status(a.url, "sayHello").active, env.stats.status(a.url, "sayHello").total]).toEqual([0, 1]);
  });
});

describe("failfast, failsafe, available", () => {
  it("failfast makes one try and hands its failure back", async () => {
    const { cluster } = clusterOf([new FakeInvoker(A, "", DOWN), new FakeInvoker(B)], "cluster=failfast");
    const r = await cluster.invoke(CALL);
    expect([r.outcome.type, r.attempts.length]).toEqual(["error", 1]);
  });

  it("failsafe answers null for a failure, keeping the error it ignored, but passes a business exception on", async () => {
    const { cluster } = clusterOf([new FakeInvoker(A, "", [DOWN, THROWN("java.lang.IllegalStateException", "no")])], "cluster=failsafe");
    const r = await cluster.invoke(CALL);
    expect(r.outcome).toMatchObject({ type: "value", value: null, provider: null, ignored: { code: "internal" } });
    expect((await cluster.invoke(CALL)).outcome.type).toBe("business_exception");
  });

  it("available calls the first available provider in list order, without load balance", async () => {
    const invokers = [new FakeInvoker(A), new FakeInvoker(B, "", VALUE("b")), new FakeInvoker(C)];
    invokers[0]!.available = false;
    const { cluster } = clusterOf(invokers, "cluster=available");
    expect((await cluster.invoke(CALL)).outcome).toMatchObject({ value: "b", provider: B });
    for (const i of invokers) i.available = false;
    const none = await cluster.invoke(CALL);
    expect(none.outcome.type === "error" && none.outcome.error.code).toBe("no_provider");
    expect(none.attempts).toEqual([]);
  });
});

describe("failback", () => {
  it("answers null at once and retries in the background every 5 s on another provider until it succeeds", async () => {
    const env = testEnv();
    const [a, b] = [new FakeInvoker(A, "", DOWN), new FakeInvoker(B, "", [DOWN, VALUE("late")])];
    const { cluster } = clusterOf([a, b], "cluster=failback", { env });
    const r = await cluster.invoke(CALL);
    expect(r.outcome).toMatchObject({ type: "value", value: null, provider: null, ignored: { code: "internal" } });
    const failback = cluster.strategy as FailbackStrategy;
    expect(failback.pending).toBe(1);
    await env.clock.advance(4_999);
    expect(b.calls).toHaveLength(0);
    await env.clock.advance(1);
    expect(b.calls).toHaveLength(1);
    await env.clock.advance(5_000);
    // The retry after b's failure avoids b: a, which fails again; then b answers.
    expect([a.calls.length, b.calls.length]).toEqual([2, 1]);
    await env.clock.advance(5_000);
    expect([a.calls.length, b.calls.length, failback.pending]).toEqual([2, 2, 0]);
    await env.clock.advance(60_000);
    expect(a.calls.length + b.calls.length).toBe(4);
  });

  it("gives up after `retries` (3) background retries, and stop() cancels those waiting", async () => {
    const env = testEnv();
    const invokers = [new FakeInvoker(A, "", DOWN), new FakeInvoker(B, "", DOWN)];
    const { cluster } = clusterOf(invokers, "cluster=failback", { env });
    await cluster.invoke(CALL);
    await env.clock.advance(60_000);
    expect(invokers[0]!.calls.length + invokers[1]!.calls.length).toBe(1 + 3);
    await cluster.invoke(CALL);
    cluster.stop();
    await env.clock.advance(60_000);
    expect(invokers[0]!.calls.length + invokers[1]!.calls.length).toBe(5);
    expect(env.clock.pending).toBe(0);
  });

  it("keeps at most failbacktasks retries waiting", async () => {
    const env = testEnv();
    const { cluster } = clusterOf([new FakeInvoker(A, "", DOWN)], "cluster=failback&failbacktasks=2&retries=1", { env });
    for (let i = 0; i < 4; i++) await cluster.invoke(CALL);
    expect((cluster.strategy as FailbackStrategy).pending).toBe(2);
  });
});

describe("forking", () => {
  it("calls `forks` providers at once and answers the first to answer", async () => {
    const env = testEnv();
    const invokers = [new FakeInvoker(A, "", after(env.clock, 300, VALUE("a"))), new FakeInvoker(B, "", after(env.clock, 100, VALUE("b"))), new FakeInvoker(C, "", after(env.clock, 50, VALUE("c")))];
    const { cluster } = clusterOf(invokers, "cluster=forking", { env });
    const pending = cluster.invoke(CALL);
    await env.clock.advance(300);
    const r = await pending;
    expect(r.outcome).toMatchObject({ value: "b", provider: B });
    expect(r.attempts.map((a) => [a.provider, a.elapsedMs])).toEqual([[B, 100]]);
    expect(invokers[2]!.calls).toHaveLength(0);
  });

  it("answers a business exception that comes first, and the last failure when all fail", async () => {
    const env = testEnv();
    const thrown = [new FakeInvoker(A, "", after(env.clock, 10, THROWN("com.foo.Bad", "x"))), new FakeInvoker(B, "", after(env.clock, 20, VALUE(1)))];
    const first = clusterOf(thrown, "cluster=forking", { env }).cluster.invoke(CALL);
    await env.clock.advance(20);
    expect((await first).outcome.type).toBe("business_exception");
    const failing = [new FakeInvoker(A, "", after(env.clock, 10, DOWN)), new FakeInvoker(B, "", after(env.clock, 20, TIMEOUT))];
    const all = clusterOf(failing, "cluster=forking", { env }).cluster.invoke(CALL);
    await env.clock.advance(20);
    const r = await all;
    expect(r.outcome.type === "error" && r.outcome.error.code).toBe("timeout");
    expect(r.attempts.map((a) => a.outcome)).toEqual(["internal", "timeout"]);
  });

  it("waits at most the consumer's timeout in 3.x, as long as the forks take in 2.7.23", async () => {
    for (const dialect of ["3.x", "2.7"] as const) {
      const env = testEnv({ dialect });
      const invokers = [new FakeInvoker(A, "", after(env.clock, 2000, VALUE("a"))), new FakeInvoker(B, "", after(env.clock, 2500, VALUE("b")))];
      const pending = clusterOf(invokers, "cluster=forking&timeout=1000", { env }).cluster.invoke(CALL);
      await env.clock.advance(3000);
      const r = await pending;
      const got = r.outcome.type === "error" ? [r.outcome.error.code, r.elapsedMs] : [r.outcome.type, r.elapsedMs];
      expect([dialect, ...got]).toEqual(dialect === "3.x" ? ["3.x", "timeout", 1000] : ["2.7", "value", 2000]);
    }
  });
});

describe("broadcast", () => {
  it("calls every provider in order and answers the last failure when any failed", async () => {
    const invokers = [new FakeInvoker(A, "", VALUE(1)), new FakeInvoker(B, "", DOWN), new FakeInvoker(C, "", THROWN("com.foo.Bad", "c"))];
    const { cluster } = clusterOf(invokers, "cluster=broadcast");
    const r = await cluster.invoke(CALL);
    expect(r.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      [A, "ok"],
      [B, "internal"],
      [C, "business_exception"],
    ]);
    expect(r.outcome).toMatchObject({ type: "business_exception", provider: C });
  });

  it("answers the last value when all succeed", async () => {
    const { cluster } = clusterOf([new FakeInvoker(A, "", VALUE(1)), new FakeInvoker(B, "", VALUE(2))], "cluster=broadcast");
    expect((await cluster.invoke(CALL)).outcome).toMatchObject({ value: 2, provider: B });
  });

  it("stops after broadcast.fail.percent of the providers failed, counting as each release does", async () => {
    const run = async (dialect: DubboRelease, percent: number) => {
      const { cluster } = clusterOf([A, B, C, "10.0.0.4:20880"].map((a) => new FakeInvoker(a, "", DOWN)), `cluster=broadcast&broadcast.fail.percent=${percent}`, { dialect });
      return (await cluster.invoke(CALL)).attempts.length;
    };
    expect([await run("3.x", 50), await run("2.7", 50)]).toEqual([2, 3]);
    expect([await run("3.x", 0), await run("2.7", 0)]).toEqual([4, 1]);
    expect([await run("3.x", 100), await run("3.x", 250)]).toEqual([4, 4]);
  });
});

describe("the cluster around the strategies", () => {
  it("answers no_provider when the directory lists none; 2.7.23's failsafe swallows it", async () => {
    expect((await clusterOf([]).cluster.invoke(CALL)).outcome).toMatchObject({ type: "error", error: { code: "no_provider" } });
    expect((await clusterOf([], "cluster=failsafe", { dialect: "3.x" }).cluster.invoke(CALL)).outcome.type).toBe("error");
    expect((await clusterOf([], "cluster=failsafe", { dialect: "2.7" }).cluster.invoke(CALL)).outcome).toMatchObject({ type: "value", value: null });
  });

  it("keeps calling the sticky provider while it is available", async () => {
    const invokers = [new FakeInvoker(A), new FakeInvoker(B), new FakeInvoker(C)];
    const { cluster } = clusterOf(invokers, "sticky=true&loadbalance=random");
    const providers: string[] = [];
    for (let i = 0; i < 6; i++) providers.push((await cluster.invoke(CALL)).attempts[0]!.provider);
    expect(new Set(providers).size).toBe(1);
    invokers.find((i) => i.address === providers[0])!.available = false;
    const next = (await cluster.invoke(CALL)).attempts[0]!.provider;
    expect(next).not.toBe(providers[0]);
  });

  it("reselects past an unavailable pick", async () => {
    const invokers = [new FakeInvoker(A), new FakeInvoker(B)];
    invokers[0]!.available = false;
    const { cluster } = clusterOf(invokers);
    for (let i = 0; i < 4; i++) expect((await cluster.invoke(CALL)).attempts[0]!.provider).toBe(B);
  });

  it("fails a call whose load balance Dubbo does not have, and refuses an unknown cluster", async () => {
    const r = await clusterOf([new FakeInvoker(A), new FakeInvoker(B)], "loadbalance=fastest").cluster.invoke(CALL);
    expect(r.outcome.type === "error" && r.outcome.error).toBeInstanceOf(InvalidParameterError);
    expect(() => clusterOf([new FakeInvoker(A)], "cluster=mergeable")).toThrow(InvalidParameterError);
  });

  it("reports an invoker that rejects instead of answering as an internal error of that provider", async () => {
    const broken = new FakeInvoker(A, "", () => Promise.reject(new Error("bug")));
    const r = await clusterOf([broken], "cluster=failfast").cluster.invoke(CALL);
    expect(r.outcome.type === "error" && r.outcome.error.message).toContain("the invoker of 10.0.0.1:20880 failed unexpectedly: bug");
    expect(r.attempts).toEqual([{ provider: A, outcome: "internal", elapsedMs: 0, message: "the invoker of 10.0.0.1:20880 failed unexpectedly: bug" }]);
  });
});
