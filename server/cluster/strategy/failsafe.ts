import { answerOf, type ClusterCall, type ClusterOutcome } from "../cluster-call";
import type { Strategy } from "./strategy";

/**
 * `failsafe` (FailsafeClusterInvoker): one provider, once; a failure is logged and the
 * caller gets null (a business exception still reaches it: the method ran). For calls
 * whose failure does not matter (audit logs). Identical in 2.7.23 and 3.3.
 * An error raised before sending (`local`: arguments that do not fit) is not swallowed:
 * it is the operator's to fix, not the provider's.
 */
export class FailsafeStrategy implements Strategy {
  readonly name = "failsafe";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const invoker = call.select(call.invokers, null)!;
    const outcome = await call.invoke(invoker);
    if (outcome.type !== "error" || outcome.local === true) return answerOf(outcome, invoker);
    call.env.logger.warn("failsafe ignored a failed call", { service: call.service, method: call.invocation.method, provider: invoker.address, error: outcome.error.message });
    return { type: "value", value: null, attachments: {}, provider: null, ignored: outcome.error };
  }

  stop(): void {}
}
