import type { OverrideRelease } from "@/lib/override/override-release";
import { DEFAULT_WARMUP_MS, DEFAULT_WEIGHT, warmupWeight } from "@/server/cluster/load-balance/weight";
import type { PairView } from "./override-judge";

/** The keys the effect reads besides those shown: the warm-up's. */
export const EFFECT_KEYS = ["weight", "disabled", "enabled", "timestamp", "warmup", "loadbalance"] as const;

/** The load balances whose long-run shares follow the weights (warm-up included). */
const WEIGHTED = new Set(["random", "roundrobin"]);

/**
 * Whether a consumer keeps a provider (RegistryDirectory.toInvokers): `disabled` decides
 * when the URL has it, else `enabled` (default true); Boolean.parseBoolean of the value.
 */
export function usableOf(v: PairView): boolean {
  const disabled = v.values.disabled;
  if (disabled !== null && disabled !== undefined && disabled !== "") return disabled.toLowerCase() !== "true";
  const enabled = v.values.enabled;
  return enabled === null || enabled === undefined || enabled === "" || enabled.toLowerCase() === "true";
}

function javaInt(v: string | null | undefined, fallback: number): number | null {
  if (v === null || v === undefined || v === "") return fallback;
  return /^[+-]?\d+$/.test(v) ? Number(v) : null;
}

/**
 * AbstractLoadBalance.getWeight without a method (the preview judges no call): `weight`
 * (100), cut while it warms up after its `timestamp` for `warmup` ms (10 min): 2.7.23
 * quadratically, 3.3.6 linearly (server/cluster/load-balance/weight.ts). 3.3.6 strips
 * `timestamp` from the provider URLs it reads from ZooKeeper, so its warm-up does not apply
 * there. null: a value Java cannot parse (the call fails).
 */
export function weightOf(v: PairView, release: OverrideRelease, now: number): number | null {
  let weight = javaInt(v.values.weight, DEFAULT_WEIGHT);
  if (weight === null) return null;
  if (weight > 0 && release === "2.7") {
    const timestamp = javaInt(v.values.timestamp, 0);
    if (timestamp === null) return null;
    if (timestamp > 0) {
      const uptime = now - timestamp;
      if (uptime < 0) return 1;
      const warmup = javaInt(v.values.warmup, DEFAULT_WARMUP_MS);
      if (warmup === null) return null;
      if (uptime > 0 && uptime < warmup) weight = warmupWeight(uptime, warmup, weight, release);
    }
  }
  return Math.max(weight, 0);
}

/** How a consumer spreads its calls over the providers it keeps, in one state. */
export interface Spread {
  /** Whether weights decide (random or round robin), read from the first provider kept. */
  readonly weighted: boolean;
  /** Its load balance, as the first provider kept says (`random` by default). */
  readonly loadbalance: string;
  /** Per provider index kept: its weight. */
  readonly weights: Float64Array;
  readonly usable: Uint8Array;
  readonly usableCount: number;
  /** Sum of the weights of the providers kept, or the number kept when the draw is uniform. */
  readonly total: number;
  /** The draw ignores weights (all equal, a total of 0, or 3.3.6's first provider has no `weight`). */
  readonly uniform: boolean;
  /** A weight Java cannot parse: shares unknown. */
  readonly unparsable: boolean;
}

/**
 * The spread of a consumer's calls: RandomLoadBalance over the providers kept, in the
 * registry's order (Java's is its invoker map's): 2.7.23 always weighs; 3.3.6 weighs only
 * when the first provider has a `weight` (needWeightLoadBalance; its `timestamp` is stripped);
 * all weights equal, or a total of 0, draws uniformly.
 */
export function spreadOf(count: number, view: (i: number) => PairView, release: OverrideRelease, now: number): Spread {
  const weights = new Float64Array(count);
  const usable = new Uint8Array(count);
  let first = -1;
  let usableCount = 0;
  let total = 0;
  let same: number | null = null;
  let sameWeight = true;
  let unparsable = false;
  for (let i = 0; i < count; i++) {
    const v = view(i);
    if (!usableOf(v)) continue;
    usable[i] = 1;
    usableCount++;
    if (first < 0) first = i;
    const w = weightOf(v, release, now);
    if (w === null) {
      unparsable = true;
      continue;
    }
    weights[i] = w;
    total += w;
    if (same === null) same = w;
    else if (same !== w) sameWeight = false;
  }
  const head = first < 0 ? null : view(first);
  const loadbalance = head?.values.loadbalance ?? "random";
  const firstWeight = head?.values.weight;
  const uniform = sameWeight || total <= 0 || (release === "3.x" && (firstWeight === null || firstWeight === undefined || firstWeight === ""));
  return { weighted: WEIGHTED.has(loadbalance), loadbalance, weights, usable, usableCount, total: uniform ? usableCount : total, uniform, unparsable };
}

/** Provider `i`'s share of the calls (0..1), null when not kept or when weights do not decide. */
export function shareOf(s: Spread, i: number): number | null {
  if (!s.usable[i] || !s.weighted || s.unparsable || s.total <= 0) return null;
  return s.uniform ? 1 / s.usableCount : s.weights[i]! / s.total;
}

/**
 * The spread with `touched` providers read anew over `base` (the spread of the untouched
 * views `baseViews`): the base's arrays copied and patched, so a consumer whose rules reach
 * a few providers costs a pass over typed arrays, not a read of every provider.
 */
export function patchSpread(base: Spread, baseViews: readonly PairView[], touched: ReadonlyMap<number, PairView>, release: OverrideRelease, now: number): Spread {
  if (touched.size === 0) return base;
  const weights = Float64Array.from(base.weights);
  const usable = Uint8Array.from(base.usable);
  let unparsable = false;
  for (const [i, v] of touched) {
    usable[i] = usableOf(v) ? 1 : 0;
    const w = usable[i] ? weightOf(v, release, now) : 0;
    if (w === null) unparsable = true;
    weights[i] = w ?? 0;
  }
  let first = -1;
  let usableCount = 0;
  let total = 0;
  let same = -1;
  let sameWeight = true;
  for (let i = 0; i < usable.length; i++) {
    if (!usable[i]) continue;
    if (first < 0) first = i;
    usableCount++;
    const w = weights[i]!;
    total += w;
    if (same < 0) same = w;
    else if (same !== w) sameWeight = false;
  }
  if (!unparsable) for (let i = 0; i < usable.length && !unparsable; i++) if (usable[i] && !touched.has(i) && base.unparsable && weightOf(baseViews[i]!, release, now) === null) unparsable = true;
  const head = first < 0 ? null : (touched.get(first) ?? baseViews[first]!);
  const loadbalance = head?.values.loadbalance ?? "random";
  const firstWeight = head?.values.weight;
  const uniform = sameWeight || total <= 0 || (release === "3.x" && (firstWeight === null || firstWeight === undefined || firstWeight === ""));
  return { weighted: WEIGHTED.has(loadbalance), loadbalance, weights, usable, usableCount, total: uniform ? usableCount : total, uniform, unparsable };
}
