import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { Invoker } from "../invoker";
import { intParam, longParam, methodIntParam } from "../directory/url-parameters";
import type { BalanceContext } from "./load-balance";

/** `Constants.DEFAULT_WEIGHT` (dubbo-cluster): a provider's weight when its URL has none. */
export const DEFAULT_WEIGHT = 100;
/** `Constants.DEFAULT_WARMUP`: 10 minutes of warm-up after the provider's `timestamp`. */
export const DEFAULT_WARMUP_MS = 10 * 60 * 1000;

/**
 * `AbstractLoadBalance.getWeight`: the provider's `{method}.weight` or `weight` (100), cut
 * down while it warms up: for `warmup` ms (10 min) after the `timestamp` it registered
 * with, in proportion to its uptime; 1 when its timestamp is in the future; never below 0.
 *
 * The timestamp is the provider's own. A 2.7.23 consumer keeps it (ClusterUtils.mergeUrl
 * never takes the consumer's); 3.3 strips `timestamp` off every provider URL it reads from
 * ZooKeeper (CacheableFailbackRegistry.stripOffVariableKeys), so its warm-up never applies
 * at interface level (apache/dubbo#10646, fixed after 3.3 by #16033). The engine warms up
 * in both dialects.
 * @throws InvalidParameterError for a weight, timestamp or warmup Java could not parse.
 */
export function invokerWeight(invoker: Invoker, method: string, ctx: BalanceContext): number {
  const url = invoker.url;
  let weight = methodIntParam(url, method, "weight", DEFAULT_WEIGHT, ctx.dialect);
  if (weight > 0) {
    const timestamp = longParam(url, "timestamp", 0);
    if (timestamp > 0) {
      const uptime = ctx.clock.now() - timestamp;
      if (uptime < 0) return 1;
      const warmup = intParam(url, "warmup", DEFAULT_WARMUP_MS);
      if (uptime > 0 && uptime < warmup) weight = warmupWeight(uptime, warmup, weight, ctx.dialect);
    }
  }
  return Math.max(weight, 0);
}

/**
 * `AbstractLoadBalance.calculateWarmupWeight(uptime, warmup, weight)`, within [1, weight]:
 * - 3.x: `(int) (uptime / ((float) warmup / weight))`, in single precision, linear;
 * - 2.7.23: `(int) Math.round(Math.pow(uptime / (double) warmup, 2) * weight)`, quadratic.
 */
export function warmupWeight(uptime: number, warmup: number, weight: number, dialect: DubboRelease): number {
  const ww = dialect === "3.x" ? javaIntCast(Math.fround(Math.fround(uptime) / Math.fround(Math.fround(warmup) / Math.fround(weight)))) : Math.round((uptime / warmup) ** 2 * weight);
  return ww < 1 ? 1 : Math.min(ww, weight);
}

/** Java's `(int)` of a float or double: toward zero, NaN to 0, saturated at the int range. */
function javaIntCast(x: number): number {
  if (Number.isNaN(x)) return 0;
  return Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.trunc(x)));
}
