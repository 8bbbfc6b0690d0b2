import { nextInt } from "../clock";
import type { Invocation, Invoker } from "../invoker";
import { methodParam, param } from "../directory/url-parameters";
import { AbstractLoadBalance } from "./load-balance";
import { invokerWeight } from "./weight";

/**
 * `random` (RandomLoadBalance), Dubbo's default: a provider at random in proportion to its
 * weight (warm-up included); uniformly when all weigh the same or all weigh 0.
 * - 3.x first asks whether weights matter at all (needWeightLoadBalance): only when the
 *   FIRST provider has a `{method}.weight`/`weight` or a `timestamp`; otherwise it draws
 *   uniformly whatever the others weigh. 2.7.23 always weighs.
 * - Weights add up as Java ints (wrapping past 2^31 - 1); a total of 0 or less draws uniformly.
 */
export class RandomLoadBalance extends AbstractLoadBalance {
  readonly name = "random";

  protected doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    const length = invokers.length;
    if (this.ctx.dialect === "3.x" && !this.needWeight(invokers[0]!, invocation.method)) {
      return invokers[nextInt(this.ctx.random, length)]!;
    }
    let sameWeight = true;
    const weights = new Array<number>(length);
    let total = 0;
    for (let i = 0; i < length; i++) {
      const weight = invokerWeight(invokers[i]!, invocation.method, this.ctx);
      total = (total + weight) | 0;
      weights[i] = total;
      if (sameWeight && total !== Math.imul(weight, i + 1)) sameWeight = false;
    }
    if (total > 0 && !sameWeight) {
      const offset = nextInt(this.ctx.random, total);
      // Java scans up to 4 providers and binary-searches more; both find the first running total above the offset.
      for (let i = 0; i < length; i++) if (offset < weights[i]!) return invokers[i]!;
    }
    return invokers[nextInt(this.ctx.random, length)]!;
  }

  private needWeight(first: Invoker, method: string): boolean {
    return methodParam(first.url, method, "weight", this.ctx.dialect) !== undefined || param(first.url, "timestamp") !== undefined;
  }
}
