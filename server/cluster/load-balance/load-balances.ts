import { InvalidParameterError } from "../cluster-errors";
import { ConsistentHashLoadBalance } from "./consistent-hash";
import { LeastActiveLoadBalance } from "./least-active";
import type { BalanceContext, LoadBalance } from "./load-balance";
import { RandomLoadBalance } from "./random";
import { RoundRobinLoadBalance } from "./round-robin";
import { ShortestResponseLoadBalance } from "./shortest-response";

/** The load balances the engine has, by extension name; `random` is Dubbo's default (`DEFAULT_LOADBALANCE`). */
export const LOAD_BALANCE_NAMES = ["random", "roundrobin", "leastactive", "shortestresponse", "consistenthash"] as const;
export type LoadBalanceName = (typeof LOAD_BALANCE_NAMES)[number];
export const DEFAULT_LOAD_BALANCE: LoadBalanceName = "random";

/**
 * One instance of each load balance per engine (Java's extension singletons), created on
 * first use. 3.x's `adaptive` balance is not among them.
 */
export class LoadBalances {
  private readonly made = new Map<LoadBalanceName, LoadBalance>();

  constructor(private readonly ctx: BalanceContext) {}

  /** The load balance named `name`. @throws InvalidParameterError for a name Dubbo has no extension for (Java: "No such extension"). */
  get(name: string): LoadBalance {
    if (!isLoadBalanceName(name)) {
      throw new InvalidParameterError("loadbalance", name, `no such load balance; use one of ${LOAD_BALANCE_NAMES.join(", ")}`);
    }
    let lb = this.made.get(name);
    if (lb === undefined) {
      lb = create(name, this.ctx);
      this.made.set(name, lb);
    }
    return lb;
  }
}

export function isLoadBalanceName(name: string): name is LoadBalanceName {
  return (LOAD_BALANCE_NAMES as readonly string[]).includes(name);
}

function create(name: LoadBalanceName, ctx: BalanceContext): LoadBalance {
  switch (name) {
    case "random":
      return new RandomLoadBalance(ctx);
    case "roundrobin":
      return new RoundRobinLoadBalance(ctx);
    case "leastactive":
      return new LeastActiveLoadBalance(ctx);
    case "shortestresponse":
      return new ShortestResponseLoadBalance(ctx);
    case "consistenthash":
      return new ConsistentHashLoadBalance(ctx);
  }
}
