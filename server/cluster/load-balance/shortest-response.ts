import type { Invocation, Invoker } from "../invoker";
import type { RpcStatus } from "../rpc-stats";
import { AbstractLoadBalance, type BalanceContext } from "./load-balance";
import { invokerWeight } from "./weight";
import { pickCandidate } from "./weighted-pick";

/** `slidePeriod` (3.3, `dubbo.shortestResponse.slidePeriod`): the averages start over this often. */
export const SLIDE_PERIOD_MS = 30_000;

/** A provider method's counters when its window last started (SlideWindowData). */
interface WindowStart {
  succeeded: number;
  succeededElapsed: number;
}

/**
 * `shortestresponse` (ShortestResponseLoadBalance): the provider whose estimated response
 * time (average successful elapsed time × (calls in flight + 1)) is the shortest; among
 * several as short, one at random by weight (warm-up included).
 * - 3.x averages over a sliding window: every `SLIDE_PERIOD_MS` all windows restart from
 *   the counters of that moment (Java resets them on another thread after the choice that
 *   noticed; here right after it, which that choice cannot tell apart).
 * - 2.7.23 averages over every call since the start.
 */
export class ShortestResponseLoadBalance extends AbstractLoadBalance {
  readonly name = "shortestresponse";
  private readonly windows = new Map<RpcStatus, WindowStart>();
  private lastReset: number;

  constructor(ctx: BalanceContext) {
    super(ctx);
    this.lastReset = ctx.clock.now();
  }

  protected doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    let shortest = Infinity;
    const indexes: number[] = [];
    const weights = new Array<number>(invokers.length);
    let totalWeight = 0;
    let firstWeight = 0;
    let sameWeight = true;
    invokers.forEach((invoker, i) => {
      const estimate = this.estimate(this.ctx.stats.status(invoker.url, invocation.method));
      const weight = invokerWeight(invoker, invocation.method, this.ctx);
      weights[i] = weight;
      if (estimate < shortest) {
        shortest = estimate;
        indexes.length = 0;
        indexes.push(i);
        totalWeight = weight;
        firstWeight = weight;
        sameWeight = true;
      } else if (estimate === shortest) {
        indexes.push(i);
        totalWeight = (totalWeight + weight) | 0;
        if (sameWeight && i > 0 && weight !== firstWeight) sameWeight = false;
      }
    });
    this.slideIfDue();
    return pickCandidate(invokers, { indexes, weights, totalWeight, sameWeight }, this.ctx.random);
  }

  /** `getEstimateResponse()`: average successful elapsed ms (whole, in the window for 3.x) × (active + 1). */
  private estimate(status: RpcStatus): number {
    if (this.ctx.dialect === "2.7") return status.succeededAverageElapsed * (status.active + 1);
    let start = this.windows.get(status);
    if (start === undefined) {
      start = { succeeded: 0, succeededElapsed: 0 };
      this.windows.set(status, start);
    }
    const succeeded = status.succeeded - start.succeeded;
    const average = succeeded === 0 ? 0 : Math.trunc((status.succeededElapsed - start.succeededElapsed) / succeeded);
    return average * (status.active + 1);
  }

  private slideIfDue(): void {
    const now = this.ctx.clock.now();
    if (this.ctx.dialect !== "3.x" || now - this.lastReset <= SLIDE_PERIOD_MS) return;
    for (const [status, start] of this.windows) {
      start.succeeded = status.succeeded;
      start.succeededElapsed = status.succeededElapsed;
    }
    this.lastReset = now;
  }
}
