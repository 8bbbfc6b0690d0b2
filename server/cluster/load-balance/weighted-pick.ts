import { nextInt, type RandomSource } from "../clock";
import type { Invoker } from "../invoker";

/**
 * The candidates a least-something balance found, and how it picks among them: the last
 * step of LeastActiveLoadBalance and ShortestResponseLoadBalance, identical in both.
 */
export interface Candidates {
  /** Indexes into the invokers, in their order. */
  readonly indexes: readonly number[];
  /** The weight of every invoker (by invoker index). */
  readonly weights: readonly number[];
  /** The candidates' weights added as Java ints. */
  readonly totalWeight: number;
  readonly sameWeight: boolean;
}

/** The only candidate; else one at random by weight when weights differ and add up above 0; else one uniformly. */
export function pickCandidate(invokers: readonly Invoker[], c: Candidates, random: RandomSource): Invoker {
  if (c.indexes.length === 1) return invokers[c.indexes[0]!]!;
  if (!c.sameWeight && c.totalWeight > 0) {
    let offset = nextInt(random, c.totalWeight);
    for (const index of c.indexes) {
      offset -= c.weights[index]!;
      if (offset < 0) return invokers[index]!;
    }
  }
  return invokers[c.indexes[nextInt(random, c.indexes.length)]!]!;
}
