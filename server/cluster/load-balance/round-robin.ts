import type { Invocation, Invoker } from "../invoker";
import { identityString, serviceKeyOf } from "../directory/url-parameters";
import { AbstractLoadBalance } from "./load-balance";
import { invokerWeight } from "./weight";

/** `RECYCLE_PERIOD`: a provider's state unused this long is dropped once the provider list has changed. */
const RECYCLE_PERIOD_MS = 60_000;

/** One provider's state for one service method (WeightedRoundRobin). */
interface WeightedRoundRobin {
  weight: number;
  current: number;
  lastUpdate: number;
}

/**
 * `roundrobin` (RoundRobinLoadBalance): smooth weighted round robin, as nginx's. Each call
 * adds every provider's weight to its `current`, picks the largest `current` (the first
 * on ties) and takes the total weight off it, so weights 5:1:1 give a a b a c a a, not
 * a a a a a b c. State is per service and method (`{serviceKey}.{method}`), per provider
 * URL identity; a provider whose weight changed (warm-up) starts again from 0. Identical
 * in 2.7.23 and 3.3.
 */
export class RoundRobinLoadBalance extends AbstractLoadBalance {
  readonly name = "roundrobin";
  private readonly methodWeights = new Map<string, Map<string, WeightedRoundRobin>>();

  protected doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    const key = `${serviceKeyOf(invokers[0]!.url)}.${invocation.method}`;
    let map = this.methodWeights.get(key);
    if (map === undefined) {
      map = new Map();
      this.methodWeights.set(key, map);
    }
    let total = 0;
    let maxCurrent = -Infinity;
    const now = this.ctx.clock.now();
    let selected: Invoker | null = null;
    let selectedState: WeightedRoundRobin | null = null;
    for (const invoker of invokers) {
      const id = identityString(invoker.url);
      const weight = invokerWeight(invoker, invocation.method, this.ctx);
      let state = map.get(id);
      if (state === undefined) {
        state = { weight, current: 0, lastUpdate: now };
        map.set(id, state);
      }
      if (weight !== state.weight) {
        state.weight = weight;
        state.current = 0;
      }
      state.current += state.weight;
      state.lastUpdate = now;
      if (state.current > maxCurrent) {
        maxCurrent = state.current;
        selected = invoker;
        selectedState = state;
      }
      total = (total + weight) | 0;
    }
    if (invokers.length !== map.size) {
      for (const [id, state] of map) if (now - state.lastUpdate > RECYCLE_PERIOD_MS) map.delete(id);
    }
    if (selected !== null && selectedState !== null) {
      selectedState.current -= total;
      return selected;
    }
    return invokers[0]!;
  }
}
