import type { Clock, RandomSource } from "../clock";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { Invocation, Invoker } from "../invoker";
import type { RpcStats } from "../rpc-stats";

/**
 * A load balance picks one provider of several for one call: Java's `LoadBalance`
 * extension (dubbo-cluster .../loadbalance). One instance per engine and name, like Java's
 * extension singletons, so state (round robin's weights, consistent hash rings) lives across
 * calls, keyed by service and method.
 */
export interface LoadBalance {
  /** The extension name: `random`, `roundrobin`, `leastactive`, `shortestresponse`, `consistenthash`. */
  readonly name: string;
  /**
   * One of `invokers` (AbstractLoadBalance.select: the only one when there is one; never
   * called with none). @throws InvalidParameterError for a setting Java could not read.
   */
  select(invokers: readonly Invoker[], invocation: Invocation): Invoker;
}

/** What every load balance reads besides the providers: the release mirrored, chance, time, call statistics. */
export interface BalanceContext {
  readonly dialect: DubboRelease;
  readonly random: RandomSource;
  readonly clock: Clock;
  readonly stats: RpcStats;
}

/** The base of every load balance: AbstractLoadBalance.select's short cuts, then the policy's own choice among two or more. */
export abstract class AbstractLoadBalance implements LoadBalance {
  abstract readonly name: string;

  constructor(protected readonly ctx: BalanceContext) {}

  select(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    if (invokers.length === 1) return invokers[0]!;
    return this.doSelect(invokers, invocation);
  }

  /** Chooses among two or more providers. */
  protected abstract doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker;
}
