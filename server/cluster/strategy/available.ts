import { answerOf, type ClusterCall, type ClusterOutcome } from "../cluster-call";
import { NoProviderError } from "../cluster-errors";
import type { Strategy } from "./strategy";

/**
 * `available` (AvailableClusterInvoker): the first provider, in list order, that is
 * available (connected, not READONLY), once; no load balance. None available: no provider.
 * Identical in 2.7.23 and 3.3.
 */
export class AvailableStrategy implements Strategy {
  readonly name = "available";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const invoker = call.invokers.find((i) => i.isAvailable());
    if (invoker === undefined) {
      const reason = `none of the ${call.invokers.length} providers is available (${call.invokers.map((i) => i.address).join(", ")})`;
      return { type: "error", error: new NoProviderError(call.service, call.invocation.method, reason) };
    }
    return answerOf(await call.invoke(invoker), invoker);
  }

  stop(): void {}
}
