import { parseDubboUrl } from "@/lib/dubbo/url";
import { ConsoleError } from "@/lib/errors";
import { silentLogger, type Logger } from "@/server/runtime/logger";
import type { Clock } from "@/server/cluster/clock";
import { type ClusterEnv, createClusterEnv } from "@/server/cluster/cluster-env";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { CallOptions, Invocation, InvokeOutcome, Invoker } from "@/server/cluster/invoker";

/**
 * In-process fakes for the cluster's tests: the cluster is pure policy, so its providers
 * are scripted invokers, its clock is advanced by hand and its random is seeded.
 */

/** A clock whose time moves only by `advance`, running the timers that fall due in time order. */
export class FakeClock implements Clock {
  private time: number;
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Timers waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running due timers (and letting the promises they start settle) in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (next === undefined) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
    await settle();
  }
}

/** Lets every pending promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random that replays `values` in turn (then 0). */
export function scriptedRandom(values: readonly number[]): () => number {
  let i = 0;
  return () => values[i++] ?? 0;
}

/** An error of the protocol layer, as an invoker would answer it. */
export class FakeRemoteError extends ConsoleError {
  constructor(code: "timeout" | "internal", message: string) {
    super(code, message);
    this.name = "FakeRemoteError";
  }
}

export const VALUE = (value: unknown): InvokeOutcome => ({ type: "value", value, attachments: {} });
export const THROWN = (cls: string, message: string): InvokeOutcome => ({ type: "business_exception", exception: { class: cls, message }, attachments: {} });
export const TIMEOUT: InvokeOutcome = { type: "error", error: new FakeRemoteError("timeout", "no answer in time") };
export const DOWN: InvokeOutcome = { type: "error", error: new FakeRemoteError("internal", "connection refused") };

/** What a fake invoker answers: a fixed outcome, or a function of the call (which may wait on the fake clock). */
type Script = InvokeOutcome | ((invocation: Invocation, options: CallOptions, call: number) => InvokeOutcome | Promise<InvokeOutcome>);

/** A scripted provider: records every call and answers from its script (one per call; the last repeats). */
export class FakeInvoker implements Invoker {
  readonly calls: { invocation: Invocation; options: CallOptions }[] = [];
  available = true;
  readonly url;

  constructor(
    readonly address: string,
    parameters = "",
    private readonly script: Script | readonly Script[] = VALUE("ok"),
  ) {
    this.url = parseDubboUrl(`dubbo://${address}/com.foo.DemoService?interface=com.foo.DemoService${parameters ? `&${parameters}` : ""}`);
  }

  isAvailable(): boolean {
    return this.available;
  }

  async invoke(invocation: Invocation, options: CallOptions): Promise<InvokeOutcome> {
    const n = this.calls.length;
    this.calls.push({ invocation, options });
    const scripts = Array.isArray(this.script) ? this.script : [this.script];
    const s = (scripts[Math.min(n, scripts.length - 1)] ?? VALUE(null)) as Script;
    return typeof s === "function" ? s(invocation, options, n) : s;
  }
}

/** An outcome after `ms` of the fake clock. */
export function after(clock: FakeClock, ms: number, outcome: InvokeOutcome): () => Promise<InvokeOutcome> {
  return () => new Promise((resolve) => clock.setTimer(() => resolve(outcome), ms));
}

export function invocation(method = "sayHello", args: readonly unknown[] = ["world"], parameterTypes: readonly string[] = ["java.lang.String"], attachments: Record<string, string> = {}): Invocation {
  return { method, args, parameterTypes, attachments };
}

/** An environment over a fake clock and a seeded random. */
export function testEnv(options: { dialect?: DubboRelease; seed?: number; random?: () => number; clock?: FakeClock; logger?: Logger } = {}): ClusterEnv & { clock: FakeClock } {
  const clock = options.clock ?? new FakeClock();
  const env = createClusterEnv({ dialect: options.dialect ?? "3.x", clock, random: options.random ?? seededRandom(options.seed ?? 42), logger: options.logger ?? silentLogger });
  return { ...env, clock };
}
