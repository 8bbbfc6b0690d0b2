import { isConsoleError } from "@/lib/errors";
import { type Attempt, ClusterCall, type ClusterCallOptions, type ClusterOutcome, type ClusterResult } from "./cluster-call";
import type { ClusterEnv } from "./cluster-env";
import { InvalidParameterError, NoProviderError } from "./cluster-errors";
import type { Directory } from "./directory/directory";
import type { Invocation } from "./invoker";
import { DEFAULT_LOAD_BALANCE } from "./load-balance/load-balances";
import { Selector } from "./select";
import { createStrategy } from "./strategy/strategies";
import { CLUSTER_NAMES, DEFAULT_CLUSTER, isClusterName, type Strategy } from "./strategy/strategy";
import { booleanParam, methodParam, stringParam } from "./directory/url-parameters";

/**
 * A cluster over one directory: Java's AbstractClusterInvoker.invoke. For each call it
 * lists the directory's providers (routed), fails with `no_provider` when none is left,
 * takes the load balance named by the first provider's `{method}.loadbalance` /
 * `loadbalance` (the consumer's setting wins, merged in; default `random`), and runs the
 * strategy. The strategy is the consumer's `cluster` (default `failover`), fixed for the
 * invoker's life as a Java reference's is.
 *
 * One per consumer reference (service, registry, consumer settings): it holds the sticky
 * provider and failback's retry queue; `stop` cancels those retries.
 */
export class ClusterInvoker {
  readonly strategy: Strategy;
  private readonly selector: Selector;

  /** @throws InvalidParameterError when `cluster` (or the consumer's) names no strategy Dubbo has. */
  constructor(
    readonly directory: Directory,
    private readonly env: ClusterEnv,
    cluster?: string,
  ) {
    const name = cluster ?? stringParam(directory.consumerUrl, "cluster", DEFAULT_CLUSTER);
    if (!isClusterName(name)) throw new InvalidParameterError("cluster", name, `no such cluster; use one of ${CLUSTER_NAMES.join(", ")}`);
    this.strategy = createStrategy(name);
    this.selector = new Selector(env.dialect, env.random, booleanParam(directory.consumerUrl, "cluster.availablecheck", true));
  }

  /** AbstractClusterInvoker.isAvailable: the sticky provider's availability while there is one, else the directory's. */
  isAvailable(): boolean {
    return this.selector.stickyInvoker?.isAvailable() ?? this.directory.isAvailable();
  }

  /** Runs one call through the cluster. Never rejects for a failure of the call: it is in the outcome. */
  async invoke(invocation: Invocation, options: ClusterCallOptions = {}): Promise<ClusterResult> {
    const started = this.env.clock.now();
    let call: ClusterCall | null = null;
    try {
      const invokers = this.directory.list(invocation, options.onRouted);
      if (invokers.length === 0) return this.finish(started, this.noProvider(invocation));
      const name = methodParam(invokers[0]!.url, invocation.method, "loadbalance", this.env.dialect) ?? DEFAULT_LOAD_BALANCE;
      call = new ClusterCall(this.env, {
        service: this.directory.service,
        invocation,
        invokers,
        loadBalance: this.env.loadBalances.get(name),
        consumerUrl: this.directory.consumerUrl,
        selector: this.selector,
        directory: this.directory,
        options,
      });
      if (call.aborted) return this.finish(started, { type: "error", error: call.abortError() });
      return this.finish(started, await this.strategy.run(call), call.attempts);
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      return this.finish(started, { type: "error", error: e }, call?.attempts);
    }
  }

  private finish(started: number, outcome: ClusterOutcome, attempts: readonly Attempt[] = []): ClusterResult {
    return { outcome, attempts: [...attempts], elapsedMs: this.env.clock.now() - started };
  }

  /** Cancels background work (failback's retries). */
  stop(): void {
    this.strategy.stop();
  }

  /**
   * No provider listed: `no_provider` (3.3 checks before any strategy runs). 2.7.23's
   * failsafe and failback check inside their own try, so they swallow it and answer null.
   */
  private noProvider(invocation: Invocation): ClusterOutcome {
    const error = new NoProviderError(this.directory.service, invocation.method, this.directory.whyEmpty());
    if (this.env.dialect === "2.7" && (this.strategy.name === "failsafe" || this.strategy.name === "failback")) {
      this.env.logger.warn(`${this.strategy.name} ignored a call with no provider`, { service: this.directory.service, method: invocation.method });
      return { type: "value", value: null, attachments: {}, provider: null, ignored: error };
    }
    return { type: "error", error };
  }
}
