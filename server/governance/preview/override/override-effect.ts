import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { DEFAULT_WARMUP_MS, DEFAULT_WEIGHT, warmupWeight } from "@/server/cluster/load-balance/weight";
import type { PreviewValues } from "@/lib/api/overrides/config-preview";

/** The keys the effect reads besides those shown: the warm-up's. */
export const EFFECT_KEYS = ["weight", "disabled", "enabled", "timestamp", "warmup", "loadbalance"] as const;

/** The load balances whose long-run shares follow the weights (warm-up included). */
const WEIGHTED = new Set(["random", "roundrobin"]);

/**
 * Whether a consumer keeps a provider (RegistryDirectory.toInvokers): `disabled` decides
 * when the URL has it, else `enabled` (default true); Boolean.parseBoolean of the value.
 */
export function usableOf(values: PreviewValues): boolean {
  const disabled = values.disabled;
  if (disabled !== null && disabled !== undefined && disabled !== "") return disabled.toLowerCase() !== "true";
  const enabled = values.enabled;
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
export function weightOf(values: PreviewValues, release: DubboRelease, now: number): number | null {
  let weight = javaInt(values.weight, DEFAULT_WEIGHT);
  if (weight === null) return null;
  if (weight > 0 && release === "2.7") {
    const timestamp = javaInt(values.timestamp, 0);
    if (timestamp === null) return null;
    if (timestamp > 0) {
      const uptime = now - timestamp;
      if (uptime < 0) return 1;
      const warmup = javaInt(values.warmup, DEFAULT_WARMUP_MS);
      if (warmup === null) return null;
      if (uptime > 0 && uptime < warmup) weight = warmupWeight(uptime, warmup, weight, release);
    }
  }
  return Math.max(weight, 0);
}

/** What the spread reads of one provider. */
interface Effect {
  readonly usable: boolean;
  /** Its weight when kept (0 when not); NaN: a value Java cannot parse. */
  readonly weight: number;
  readonly loadbalance: string | null;
  /** Whether its URL has a `weight` (3.3.6's needWeightLoadBalance reads the first one's). */
  readonly hasWeight: boolean;
}

function effectOf(values: PreviewValues, release: DubboRelease, now: number): Effect {
  const usable = usableOf(values);
  const weight = usable ? (weightOf(values, release, now) ?? Number.NaN) : 0;
  const w = values.weight;
  return { usable, weight, loadbalance: values.loadbalance ?? null, hasWeight: w !== null && w !== undefined && w !== "" };
}

/** The sums a spread is judged from: kept providers, their weights' total, how many of each weight, how many unparsable. */
interface Tally {
  usableCount: number;
  total: number;
  readonly counts: Map<number, number>;
  unparsableCount: number;
}

function add(t: Tally, usable: boolean, weight: number, sign: 1 | -1): void {
  if (!usable) return;
  t.usableCount += sign;
  if (Number.isNaN(weight)) {
    t.unparsableCount += sign;
    return;
  }
  t.total += sign * weight;
  const n = (t.counts.get(weight) ?? 0) + sign;
  if (n === 0) t.counts.delete(weight);
  else t.counts.set(weight, n);
}

/** Every provider's effect, as columns (one base spread is shared by every consumer alike, and patched per consumer). */
interface Columns {
  readonly usable: Uint8Array;
  readonly weights: Float64Array;
  readonly loadbalance: readonly (string | null)[];
  readonly hasWeight: Uint8Array;
  /** The first provider kept, or -1. */
  readonly first: number;
}

/**
 * How a consumer spreads its calls over the providers it keeps, in one state:
 * RandomLoadBalance over the providers kept, in the registry's order (Java's is its
 * invoker map's): 2.7.23 always weighs; 3.3.6 weighs only when the first provider has a
 * `weight` (needWeightLoadBalance; its `timestamp` is stripped); all weights equal, or a
 * total of 0, draws uniformly. A consumer's spread is the base spread of consumers alike
 * with the providers its rules reach read anew (`patch`): its cost is theirs, not the
 * service's size.
 */
export class Spread {
  /** Whether weights decide (random or round robin), read from the first provider kept. */
  readonly weighted: boolean;
  /** Its load balance, as the first provider kept says (`random` by default). */
  readonly loadbalance: string;
  readonly usableCount: number;
  /** Sum of the weights of the providers kept, or the number kept when the draw is uniform. */
  readonly total: number;
  /** The draw ignores weights (all equal, a total of 0, or 3.3.6's first provider has no `weight`). */
  readonly uniform: boolean;
  /** A weight Java cannot parse: shares unknown. */
  readonly unparsable: boolean;
  /** Whether some provider still warms up (or has a timestamp ahead of `now`): the spread holds at its `now` only. */
  readonly timeDependent: boolean;

  private constructor(
    private readonly columns: Columns,
    private readonly patched: ReadonlyMap<number, Effect> | null,
    private readonly tally: Tally,
    first: number,
    release: DubboRelease,
    private readonly madeAt: number,
    timeDependent: boolean,
  ) {
    this.timeDependent = timeDependent;
    const head = first < 0 ? null : this.effect(first);
    this.loadbalance = head?.loadbalance ?? "random";
    this.weighted = WEIGHTED.has(this.loadbalance);
    this.usableCount = tally.usableCount;
    this.unparsable = tally.unparsableCount > 0;
    this.uniform = tally.counts.size <= 1 || tally.total <= 0 || (release === "3.x" && head !== null && !head.hasWeight);
    this.total = this.uniform ? tally.usableCount : tally.total;
  }

  /** The spread of `count` providers whose values `values(i)` gives (read once each). */
  static of(count: number, values: (i: number) => PreviewValues, release: DubboRelease, now: number): Spread {
    const usable = new Uint8Array(count);
    const weights = new Float64Array(count);
    const hasWeight = new Uint8Array(count);
    const loadbalance: (string | null)[] = new Array(count);
    const tally: Tally = { usableCount: 0, total: 0, counts: new Map(), unparsableCount: 0 };
    let first = -1;
    let timeDependent = false;
    for (let i = 0; i < count; i++) {
      const v = values(i);
      const e = effectOf(v, release, now);
      usable[i] = e.usable ? 1 : 0;
      weights[i] = e.weight;
      hasWeight[i] = e.hasWeight ? 1 : 0;
      loadbalance[i] = e.loadbalance;
      if (e.usable && first < 0) first = i;
      add(tally, e.usable, e.weight, 1);
      // A weight cut by the warm-up grows to the whole weight and stays there: a spread with none holds for any later time.
      if (e.usable && !timeDependent && release === "2.7" && !Object.is(e.weight, weightOf(v, release, Number.POSITIVE_INFINITY) ?? Number.NaN)) timeDependent = true;
    }
    return new Spread({ usable, weights, loadbalance, hasWeight, first }, null, tally, first, release, now, timeDependent);
  }

  /** This (base) spread with the providers of `touched` read from their own values. */
  patch(touched: ReadonlyMap<number, { readonly values: PreviewValues }>, release: DubboRelease, now: number): Spread {
    if (touched.size === 0) return this;
    if (this.patched !== null) throw new Error("Spread.patch: patch the base spread, not a patched one");
    const c = this.columns;
    const tally: Tally = { ...this.tally, counts: new Map(this.tally.counts) };
    const patched = new Map<number, Effect>();
    let first = -1;
    for (const [i, v] of touched) {
      const e = effectOf(v.values, release, now);
      add(tally, c.usable[i] === 1, c.weights[i]!, -1);
      add(tally, e.usable, e.weight, 1);
      patched.set(i, e);
      if (e.usable && (first < 0 || i < first)) first = i;
    }
    // The first base provider kept that no rule of the consumer reaches: usually the base's first.
    let j = c.first;
    while (j >= 0 && j < c.usable.length && (patched.has(j) || c.usable[j] !== 1)) j++;
    if (j >= 0 && j < c.usable.length && (first < 0 || j < first)) first = j;
    return new Spread(c, patched, tally, first, release, now, this.timeDependent);
  }

  /** Whether this spread, made at its time, is the spread at `now` too. */
  holdsFrom(now: number): boolean {
    return !this.timeDependent && now >= this.madeAt;
  }

  private effect(i: number): Effect {
    const own = this.patched?.get(i);
    if (own !== undefined) return own;
    const c = this.columns;
    return { usable: c.usable[i] === 1, weight: c.weights[i]!, loadbalance: c.loadbalance[i] ?? null, hasWeight: c.hasWeight[i] === 1 };
  }

  /** Whether the consumer keeps provider `i`. */
  usableAt(i: number): boolean {
    const own = this.patched?.get(i);
    return own !== undefined ? own.usable : this.columns.usable[i] === 1;
  }

  /** Provider `i`'s share of the calls (0..1), null when not kept or when weights do not decide. */
  shareOf(i: number): number | null {
    if (!this.usableAt(i) || !this.weighted || this.unparsable || this.total <= 0) return null;
    if (this.uniform) return 1 / this.usableCount;
    const own = this.patched?.get(i);
    return (own !== undefined ? own.weight : this.columns.weights[i]!) / this.total;
  }
}
