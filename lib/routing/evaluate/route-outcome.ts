import type { ConditionRule } from "../parse/condition-rule";
import { javaUrlDecoderRejects } from "../url/java-url-decoder";
import type { RouteOutcome } from "../explain/route-reason";
import type { JavaUrl } from "../url/route-url";

/**
 * How one condition route ends, in the order of the return statements of Java's
 * `route`/`doRoute` (see RouteOutcome): shared by every way of routing, explained or not.
 */

/** How the route ends before its then side is judged; null when the then side decides. Java checks for no providers first. */
export function earlyOutcome(rule: ConditionRule, whenMatched: boolean, inputSize: number): RouteOutcome | null {
  if (inputSize === 0) return "no-providers";
  if (!whenMatched) return "when-not-matched";
  if (rule.then === null) return "blacklist";
  return null;
}

/**
 * How the route ends after its then side: some kept; none kept and no force (all back);
 * none kept with force, unless logging that fails (`logFails`: all back).
 */
export function thenOutcome(anyKept: boolean, force: boolean, logFails: boolean): RouteOutcome {
  return anyKept ? "filtered" : !force ? "empty-fallback" : logFails ? "error-fallback" : "empty-forced";
}

/** Whether an outcome returns the route's whole input (the others return nothing, or the providers kept). */
export function returnsInput(outcome: RouteOutcome): boolean {
  return outcome !== "blacklist" && outcome !== "empty-forced" && outcome !== "filtered";
}

/**
 * A forced empty result is logged with `url.getParameterAndDecoded("rule")` of the consumer
 * URL; when that throws, the router's catch returns all providers instead.
 */
export function forcedLogFails(consumer: JavaUrl): boolean {
  const rule = consumer.param("rule");
  return rule !== null && rule !== "" && javaUrlDecoderRejects(rule);
}
