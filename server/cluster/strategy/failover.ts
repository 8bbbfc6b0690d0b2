import { answerOf, type ClusterCall, type ClusterOutcome } from "../cluster-call";
import { NoProviderError, RetriesExhaustedError } from "../cluster-errors";
import type { Invoker } from "../invoker";
import { methodIntParam } from "../directory/url-parameters";
import type { Strategy } from "./strategy";

/** `DEFAULT_RETRIES`: failover tries 2 more providers after the first. */
export const DEFAULT_RETRIES = 2;

/**
 * `failover` (FailoverClusterInvoker, Dubbo's default): on a failure, try another provider,
 * `{method}.retries` / `retries` (2) more times; the consumer's setting, not the provider's
 * (AbstractClusterInvoker.getUrl() is the consumer URL). Before each retry the providers
 * are listed again, and selection avoids those already tried. A value or a business
 * exception ends it at once: the method ran. Identical in 2.7.23 and 3.3.
 */
export class FailoverStrategy implements Strategy {
  readonly name = "failover";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const { invocation } = call;
    const tries = Math.max(methodIntParam(call.consumerUrl, invocation.method, "retries", DEFAULT_RETRIES, call.env.dialect) + 1, 1);
    let invokers = call.invokers;
    const invoked: Invoker[] = [];
    // Made at the first failure: most calls succeed on the first try.
    let failed: Set<string> | null = null;
    let last: ClusterOutcome | null = null;
    for (let i = 0; i < tries; i++) {
      if (i > 0) {
        if (call.aborted) return { type: "error", error: call.abortError() };
        invokers = call.list();
        if (invokers.length === 0) return { type: "error", error: new NoProviderError(call.service, invocation.method, "no provider is left to retry on") };
      }
      const invoker = call.select(invokers, invoked)!;
      invoked.push(invoker);
      const outcome = await call.invoke(invoker);
      if (outcome.type !== "error" || outcome.local === true) return answerOf(outcome, invoker);
      (failed ??= new Set()).add(invoker.address);
      last = answerOf(outcome, invoker);
    }
    if (last === null || last.type !== "error") return last!;
    const error = tries === 1 ? last.error : new RetriesExhaustedError(last.error, tries, [...(failed ?? [])]);
    return { type: "error", error };
  }

  stop(): void {}
}
