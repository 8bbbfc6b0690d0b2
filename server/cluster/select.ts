import { nextInt, type RandomSource } from "./clock";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { Invocation, Invoker } from "./invoker";
import type { LoadBalance } from "./load-balance/load-balance";
import { methodBooleanParam } from "./directory/url-parameters";

/** `DEFAULT_RESELECT_COUNT` (3.3, `dubbo.reselect.count`): how many providers a reselect samples when there are more. */
export const RESELECT_COUNT = 10;

/**
 * How a cluster strategy picks a provider (AbstractClusterInvoker.select, doSelect and
 * reselect, identical in 2.7.23 and 3.3 but for the reselect sample):
 * 1. sticky (`{method}.sticky` / `sticky` on the first provider, default false): the
 *    provider picked last time, while it is listed, available and not already tried;
 * 2. the load balance's pick, unless it was already tried or is unavailable (and
 *    `cluster.availablecheck`, default true): then a reselect among the available ones not
 *    tried (3.3 samples 10 at random when there are more, duplicates possible, as Java's
 *    loop), else among the tried ones still available, else the provider after the pick.
 *
 * 3.3 also drops an unavailable pick from its directory until a connectivity check brings
 * it back (`invalidateInvoker`); the engine leaves availability to the invoker.
 * One selector per cluster invoker: it holds the sticky provider.
 */
export class Selector {
  private sticky: Invoker | null = null;

  constructor(
    private readonly dialect: DubboRelease,
    private readonly random: RandomSource,
    private readonly availableCheck: boolean,
  ) {}

  /** A provider of `invokers` (null only for none), avoiding those in `selected`. */
  select(lb: LoadBalance, invocation: Invocation, invokers: readonly Invoker[], selected: readonly Invoker[] | null): Invoker | null {
    if (invokers.length === 0) return null;
    const sticky = methodBooleanParam(invokers[0]!.url, invocation.method, "sticky", false, this.dialect);
    if (this.sticky !== null && !invokers.includes(this.sticky)) this.sticky = null;
    if (sticky && this.sticky !== null && (selected === null || !selected.includes(this.sticky))) {
      if (this.availableCheck && this.sticky.isAvailable()) return this.sticky;
    }
    const invoker = this.doSelect(lb, invocation, invokers, selected);
    if (sticky) this.sticky = invoker;
    return invoker;
  }

  /** The sticky provider, while there is one (AbstractClusterInvoker.isAvailable asks it first). */
  get stickyInvoker(): Invoker | null {
    return this.sticky;
  }

  private doSelect(lb: LoadBalance, invocation: Invocation, invokers: readonly Invoker[], selected: readonly Invoker[] | null): Invoker {
    if (invokers.length === 1) return invokers[0]!;
    let invoker = lb.select(invokers, invocation);
    const isSelected = selected !== null && selected.includes(invoker);
    const isUnavailable = this.availableCheck && !invoker.isAvailable();
    if (isSelected || isUnavailable) {
      const again = this.reselect(lb, invocation, invokers, selected);
      // Avoid collision: the provider after the pick.
      invoker = again ?? invokers[(invokers.indexOf(invoker) + 1) % invokers.length]!;
    }
    return invoker;
  }

  private reselect(lb: LoadBalance, invocation: Invocation, invokers: readonly Invoker[], selected: readonly Invoker[] | null): Invoker | null {
    const candidates: Invoker[] = [];
    const usable = (i: Invoker) => !this.availableCheck || i.isAvailable();
    if (this.dialect === "2.7" || RESELECT_COUNT >= invokers.length) {
      for (const i of invokers) if (usable(i) && (selected === null || !selected.includes(i))) candidates.push(i);
    } else {
      for (let n = 0; n < RESELECT_COUNT; n++) {
        const i = invokers[nextInt(this.random, invokers.length)]!;
        // Java's de-duplication test, as written: it keeps a tried provider not yet sampled.
        if (usable(i) && (selected === null || !selected.includes(i) || !candidates.includes(i))) candidates.push(i);
      }
    }
    if (candidates.length > 0) return lb.select(candidates, invocation);
    for (const i of selected ?? []) if (i.isAvailable() && !candidates.includes(i)) candidates.push(i);
    return candidates.length > 0 ? lb.select(candidates, invocation) : null;
  }
}
