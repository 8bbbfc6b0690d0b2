import { answerOf, type ClusterCall, type ClusterOutcome } from "../cluster-call";
import type { Strategy } from "./strategy";

/**
 * `failfast` (FailfastClusterInvoker): one provider, once; its failure is the caller's.
 * For calls that must not run twice (writes). Identical in 2.7.23 and 3.3.
 */
export class FailfastStrategy implements Strategy {
  readonly name = "failfast";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const invoker = call.select(call.invokers, null)!;
    return answerOf(await call.invoke(invoker), invoker);
  }

  stop(): void {}
}
