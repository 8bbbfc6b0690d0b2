import { answerOf, type ClusterCall, type ClusterOutcome } from "../cluster-call";
import { intParam } from "../directory/url-parameters";
import type { Strategy } from "./strategy";

const MAX_FAIL_PERCENT = 100;

/**
 * `broadcast` (BroadcastClusterInvoker): every provider, one after the other in list order
 * (the unavailable too). A failure or a business exception is a failed provider; the
 * caller gets the last one if any failed, else the last value. With
 * `broadcast.fail.percent` (0..100, else 100) it stops once `providers × percent / 100`
 * have failed (integer division), counting as each release does:
 * - 3.3 counts the failure first, then stops at the threshold (so 0 never stops);
 * - 2.7.23 stops when the count already equals it (so 0 stops at the first failure).
 */
export class BroadcastStrategy implements Strategy {
  readonly name = "broadcast";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    let percent = intParam(call.consumerUrl, "broadcast.fail.percent", MAX_FAIL_PERCENT);
    if (percent < 0 || percent > MAX_FAIL_PERCENT) percent = MAX_FAIL_PERCENT;
    const threshold = Math.trunc((call.invokers.length * percent) / MAX_FAIL_PERCENT);
    let failures = 0;
    let failure: ClusterOutcome | null = null;
    let result: ClusterOutcome | null = null;
    for (const invoker of call.invokers) {
      if (call.aborted) return { type: "error", error: call.abortError() };
      const outcome = await call.invoke(invoker);
      if (outcome.type === "error" && outcome.local === true) return answerOf(outcome, invoker);
      result = answerOf(outcome, invoker);
      if (outcome.type === "value") continue;
      failure = result;
      if (this.stopsAt(call, ++failures, threshold)) break;
    }
    return failure ?? result!;
  }

  /** Whether the `failures`-th failure ends the broadcast. */
  private stopsAt(call: ClusterCall, failures: number, threshold: number): boolean {
    return call.env.dialect === "3.x" ? failures === threshold : failures - 1 === threshold;
  }

  stop(): void {}
}
