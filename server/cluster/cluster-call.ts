import type { DubboUrl } from "@/lib/dubbo/url";
import { type ConsoleError, type ErrorCode, isConsoleError } from "@/lib/errors";
import type { Logger } from "../runtime/logger";
import type { Clock } from "./clock";
import type { Directory, ListObserver } from "./directory/directory";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { CallAbortedError, InvokerFaultError } from "./cluster-errors";
import type { Invocation, InvokeOutcome, Invoker, RemoteException } from "./invoker";
import type { LoadBalance } from "./load-balance/load-balance";
import type { RpcStats } from "./rpc-stats";
import type { Selector } from "./select";
import { methodPositiveIntParam } from "./directory/url-parameters";

/** `DEFAULT_TIMEOUT`: a provider's time to answer when neither side set `timeout`. */
export const DEFAULT_TIMEOUT_MS = 1000;

/** One call to one provider during a cluster call, as the invoke API reports it. */
export interface Attempt {
  /** `host:port`. */
  readonly provider: string;
  /** The provider URL's protocol when it is not dubbo: `tri` (a Dubbo 3 provider's Triple endpoint); absent for dubbo. */
  readonly protocol?: string;
  /** `ok`, `business_exception`, or the error's code (`timeout`, `remote_error`, …). */
  readonly outcome: "ok" | "business_exception" | ErrorCode;
  readonly elapsedMs: number;
  /** Why the try failed, for people (the error's message); absent for `ok` and `business_exception`. */
  readonly message?: string;
}

/**
 * What a cluster call came to.
 * - `value`: `provider` served it; null when a strategy answered null itself (failsafe,
 *   failback), and then `ignored` is the error it swallowed.
 * - `business_exception`: the method threw on `provider`.
 * - `error`: no answer; the attempts say which providers were tried.
 */
export type ClusterOutcome =
  | { readonly type: "value"; readonly value: unknown; readonly attachments: Readonly<Record<string, string>>; readonly provider: string | null; readonly ignored?: ConsoleError }
  | { readonly type: "business_exception"; readonly exception: RemoteException; readonly attachments: Readonly<Record<string, string>>; readonly provider: string }
  | { readonly type: "error"; readonly error: ConsoleError };

/** A cluster call's answer: the outcome, every attempt made until then in the order they ended, and the whole time taken. */
export interface ClusterResult {
  readonly outcome: ClusterOutcome;
  readonly attempts: readonly Attempt[];
  readonly elapsedMs: number;
}

/** What the cluster shares across calls: the release mirrored, time, chance, statistics, logging. */
export interface CallEnvironment {
  readonly dialect: DubboRelease;
  readonly clock: Clock;
  readonly stats: RpcStats;
  readonly logger: Logger;
}

/** The caller's options for one cluster call. */
export interface ClusterCallOptions {
  /** Overrides every provider's `{method}.timeout` / `timeout` (RpcContext's timeout attachment in Java). */
  readonly timeoutMs?: number;
  /** Aborts the whole call: no further attempt starts, and the call answers `timeout` at once. */
  readonly signal?: AbortSignal;
  /** Hears how the directory routed the call's first listing (the tag router's path), before any attempt. */
  readonly onRouted?: ListObserver;
}

/** Everything a cluster call is made of, besides the shared environment. */
export interface CallParts {
  /** The service's key (`group/interface:version`), for messages. */
  readonly service: string;
  readonly invocation: Invocation;
  /** The providers the directory listed (and routed) for this call; never empty. */
  readonly invokers: readonly Invoker[];
  readonly loadBalance: LoadBalance;
  /** The consumer's own URL: retries, forks, broadcast.fail.percent… (AbstractClusterInvoker.getUrl()). */
  readonly consumerUrl: DubboUrl;
  readonly selector: Selector;
  /** Where the providers came from: listed again for the invocation before each retry (failover). */
  readonly directory: Pick<Directory, "list">;
  readonly options: ClusterCallOptions;
}

/**
 * One cluster call in progress, handed to a strategy: the providers listed for it, the
 * load balance, selection, and `invoke`, which makes an attempt and records it (elapsed
 * time, RpcStatus counters) whatever it comes to.
 */
export class ClusterCall {
  readonly attempts: Attempt[] = [];
  readonly service: string;
  readonly invocation: Invocation;
  readonly invokers: readonly Invoker[];
  readonly loadBalance: LoadBalance;
  readonly consumerUrl: DubboUrl;
  readonly options: ClusterCallOptions;
  private readonly selector: Selector;
  private readonly directory: Pick<Directory, "list">;

  constructor(
    readonly env: CallEnvironment,
    parts: CallParts,
  ) {
    this.service = parts.service;
    this.invocation = parts.invocation;
    this.invokers = parts.invokers;
    this.loadBalance = parts.loadBalance;
    this.consumerUrl = parts.consumerUrl;
    this.options = parts.options;
    this.selector = parts.selector;
    this.directory = parts.directory;
  }

  /**
   * The same call for work that outlives it (failback's background retries): the caller's
   * signal no longer applies, and its attempts are recorded apart from the caller's.
   */
  detached(): ClusterCall {
    const options: ClusterCallOptions = this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs };
    return new ClusterCall(this.env, { ...this.parts(), options });
  }

  private parts(): CallParts {
    const { service, invocation, invokers, loadBalance, consumerUrl, options, selector, directory } = this;
    return { service, invocation, invokers, loadBalance, consumerUrl, options, selector, directory };
  }

  get aborted(): boolean {
    return this.options.signal?.aborted === true;
  }

  /** The error an aborted call answers: the signal's reason when it is a console error, else CallAbortedError. */
  abortError(): ConsoleError {
    const reason: unknown = this.options.signal?.reason;
    return isConsoleError(reason) ? reason : new CallAbortedError({ cause: reason });
  }

  /** The directory's providers again (failover lists before each retry). */
  list(): readonly Invoker[] {
    return this.directory.list(this.invocation);
  }

  select(invokers: readonly Invoker[], selected: readonly Invoker[] | null): Invoker | null {
    return this.selector.select(this.loadBalance, this.invocation, invokers, selected);
  }

  /** The time `invoker` has to answer: the call's override, else `{method}.timeout`, `timeout`, 1000 ms (a value of 0 or less is ignored). */
  timeoutFor(invoker: Invoker): number {
    return this.options.timeoutMs ?? methodPositiveIntParam(invoker.url, this.invocation.method, "timeout", DEFAULT_TIMEOUT_MS, this.env.dialect);
  }

  /** Calls `invoker` once and records the attempt. Never rejects. */
  async invoke(invoker: Invoker): Promise<InvokeOutcome> {
    const { clock, stats } = this.env;
    const method = this.invocation.method;
    const started = clock.now();
    if (this.aborted) return this.record(invoker, { type: "error", error: this.abortError() }, started);
    stats.begin(invoker.url, method);
    if (this.options.signal === undefined) {
      // Nothing can cut the wait short: the invoker's own answer, without a promise around it.
      const outcome = await this.callInvoker(invoker);
      const elapsedMs = clock.now() - started;
      this.count(invoker, outcome, elapsedMs);
      return this.recordElapsed(invoker, outcome, elapsedMs);
    }
    const settled = this.callInvoker(invoker).then((outcome) => {
      this.count(invoker, outcome, clock.now() - started);
      return outcome;
    });
    return this.record(invoker, await this.unlessAborted(settled), started);
  }

  /** Counts `outcome` in the RpcStatus of `invoker`. */
  private count(invoker: Invoker, outcome: InvokeOutcome, elapsedMs: number): void {
    this.env.stats.end(invoker.url, this.invocation.method, elapsedMs, outcome.type !== "error" || outcome.local === true);
  }

  private async callInvoker(invoker: Invoker): Promise<InvokeOutcome> {
    let timeoutMs: number;
    try {
      timeoutMs = this.timeoutFor(invoker);
    } catch (e) {
      // A `timeout` Java cannot parse fails the call to this provider (DubboInvoker throws), not the others.
      if (isConsoleError(e)) return { type: "error", error: e };
      throw e;
    }
    try {
      const signal = this.options.signal;
      return await invoker.invoke(this.invocation, signal ? { timeoutMs, signal } : { timeoutMs });
    } catch (e) {
      return { type: "error", error: new InvokerFaultError(invoker.address, e) };
    }
  }

  /** `outcome`, or the abort error as soon as the caller aborts (the invoker's answer is then only counted). */
  private unlessAborted(outcome: Promise<InvokeOutcome>): Promise<InvokeOutcome> {
    const signal = this.options.signal;
    if (signal === undefined) return outcome;
    return new Promise((resolve) => {
      const onAbort = () => resolve({ type: "error", error: this.abortError() });
      if (signal.aborted) onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      void outcome.then((o) => {
        signal.removeEventListener("abort", onAbort);
        resolve(o);
      });
    });
  }

  private record(invoker: Invoker, outcome: InvokeOutcome, started: number): InvokeOutcome {
    return this.recordElapsed(invoker, outcome, this.env.clock.now() - started);
  }

  private recordElapsed(invoker: Invoker, outcome: InvokeOutcome, elapsedMs: number): InvokeOutcome {
    const label = outcome.type === "value" ? "ok" : outcome.type === "business_exception" ? "business_exception" : outcome.error.code;
    const protocol = invoker.url.protocol === "dubbo" ? {} : { protocol: invoker.url.protocol };
    this.attempts.push(outcome.type === "error" ? { provider: invoker.address, ...protocol, outcome: label, elapsedMs, message: outcome.error.message } : { provider: invoker.address, ...protocol, outcome: label, elapsedMs });
    return outcome;
  }
}

/** The cluster's answer for one provider's outcome. */
export function answerOf(outcome: InvokeOutcome, invoker: Invoker): ClusterOutcome {
  switch (outcome.type) {
    case "value":
      return { type: "value", value: outcome.value, attachments: outcome.attachments, provider: invoker.address };
    case "business_exception":
      return { type: "business_exception", exception: outcome.exception, attachments: outcome.attachments, provider: invoker.address };
    case "error":
      return { type: "error", error: outcome.error };
  }
}
