import { answerOf, type ClusterCall, type ClusterOutcome, DEFAULT_TIMEOUT_MS } from "../cluster-call";
import { ForkingTimeoutError } from "../cluster-errors";
import type { Invoker } from "../invoker";
import { intParam } from "../directory/url-parameters";
import type { Strategy } from "./strategy";

/** `DEFAULT_FORKS`: forking calls 2 providers at once. */
export const DEFAULT_FORKS = 2;

/**
 * `forking` (ForkingClusterInvoker): `forks` (2) providers at once, chosen as failover
 * chooses (each pick avoiding those already picked; all of them when `forks` is 0 or less
 * or not below their number); the first answer wins, a value or a business exception
 * alike; if all fail, the last failure. For reads that must be fast.
 * - 3.3 waits at most the consumer's `timeout` (1000 ms; the call's own when given) for
 *   that first answer, then fails with `timeout`; 2.7.23 waits as long as the forks take.
 * - Java picks until it has `forks` distinct providers, which spins for ever when the
 *   load balance keeps returning picked ones; the engine stops after 10 picks per fork.
 * The losing forks run to their end; only attempts ended by the time of the answer are reported.
 */
export class ForkingStrategy implements Strategy {
  readonly name = "forking";

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const selected = this.pick(call);
    const deadline = call.env.dialect === "3.x" ? (call.options.timeoutMs ?? intParam(call.consumerUrl, "timeout", DEFAULT_TIMEOUT_MS)) : null;
    return new Promise((resolve) => {
      let failed = 0;
      let done = false;
      const finish = (outcome: ClusterOutcome) => {
        if (done) return;
        done = true;
        cancel();
        resolve(outcome);
      };
      const cancel = deadline === null ? () => {} : call.env.clock.setTimer(() => finish({ type: "error", error: new ForkingTimeoutError(deadline, selected.map((i) => i.address)) }), deadline);
      for (const invoker of selected) {
        void call.invoke(invoker).then((outcome) => {
          if (outcome.type !== "error") finish(answerOf(outcome, invoker));
          else if (++failed >= selected.length) finish(answerOf(outcome, invoker));
        });
      }
    });
  }

  private pick(call: ClusterCall): readonly Invoker[] {
    const forks = intParam(call.consumerUrl, "forks", DEFAULT_FORKS);
    if (forks <= 0 || forks >= call.invokers.length) return call.invokers;
    const selected: Invoker[] = [];
    for (let picks = 0; selected.length < forks && picks < forks * 10; picks++) {
      const invoker = call.select(call.invokers, selected)!;
      if (!selected.includes(invoker)) selected.push(invoker);
    }
    return selected;
  }

  stop(): void {}
}
