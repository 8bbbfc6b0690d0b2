import type { Invocation, Invoker } from "../invoker";
import { AbstractLoadBalance } from "./load-balance";
import { invokerWeight } from "./weight";
import { pickCandidate } from "./weighted-pick";

/**
 * `leastactive` (LeastActiveLoadBalance): the provider with the fewest calls of this
 * method in flight (RpcStatus `active`, see rpc-stats.ts); among several with as few, one
 * at random by weight (warm-up included). Identical in 2.7.23 and 3.3.
 */
export class LeastActiveLoadBalance extends AbstractLoadBalance {
  readonly name = "leastactive";

  protected doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    let leastActive = -1;
    const indexes: number[] = [];
    const weights = new Array<number>(invokers.length);
    let totalWeight = 0;
    let firstWeight = 0;
    let sameWeight = true;
    invokers.forEach((invoker, i) => {
      const active = this.ctx.stats.status(invoker.url, invocation.method).active;
      const weight = invokerWeight(invoker, invocation.method, this.ctx);
      weights[i] = weight;
      if (leastActive === -1 || active < leastActive) {
        leastActive = active;
        indexes.length = 0;
        indexes.push(i);
        totalWeight = weight;
        firstWeight = weight;
        sameWeight = true;
      } else if (active === leastActive) {
        indexes.push(i);
        totalWeight = (totalWeight + weight) | 0;
        if (sameWeight && weight !== firstWeight) sameWeight = false;
      }
    });
    return pickCandidate(invokers, { indexes, weights, totalWeight, sameWeight }, this.ctx.random);
  }
}
