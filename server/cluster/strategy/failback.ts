import type { ClusterCall, ClusterOutcome } from "../cluster-call";
import { answerOf } from "../cluster-call";
import type { Invoker } from "../invoker";
import { intParam } from "../directory/url-parameters";
import type { Strategy } from "./strategy";

/** `RETRY_FAILED_PERIOD`: a failed call is retried 5 s later, and 5 s after each failed retry. */
export const FAILBACK_RETRY_PERIOD_MS = 5_000;
/** `DEFAULT_FAILBACK_TIMES`: retries of a failed call, unless the consumer's `retries` says otherwise. */
export const DEFAULT_FAILBACK_TIMES = 3;
/** `DEFAULT_FAILBACK_TASKS`: at most this many retries wait at once (`failbacktasks`); more are dropped. */
export const DEFAULT_FAILBACK_TASKS = 100;

/**
 * `failback` (FailbackClusterInvoker): one provider, once; on failure the caller gets null
 * at once and the call is retried in the background, `FAILBACK_RETRY_PERIOD_MS` later, on
 * a provider other than the last one tried, up to `retries` (3; the consumer's plain
 * `retries`, read once, a negative value meaning 3) times. At most `failbacktasks` (100)
 * retries wait at once; one more is dropped and logged (Java's HashedWheelTimer refuses
 * it). For notifications that must get through eventually. Identical in 2.7.23 and 3.3
 * (whose timer ticks every second, so a retry comes 5 to 6 s later). `stop` cancels them all.
 */
export class FailbackStrategy implements Strategy {
  readonly name = "failback";
  private readonly timers = new Set<() => void>();
  private stopped = false;

  /** Retries waiting to run. */
  get pending(): number {
    return this.timers.size;
  }

  async run(call: ClusterCall): Promise<ClusterOutcome> {
    const invoker = call.select(call.invokers, null)!;
    const outcome = await call.invoke(invoker);
    if (outcome.type !== "error" || outcome.local === true) return answerOf(outcome, invoker);
    call.env.logger.warn("failback: call failed, to be retried in the background", this.fields(call, invoker, outcome.error.message));
    let retries = intParam(call.consumerUrl, "retries", DEFAULT_FAILBACK_TIMES);
    if (retries < 0) retries = DEFAULT_FAILBACK_TIMES;
    if (retries > 0) this.schedule(call.detached(), invoker, retries, 0);
    return { type: "value", value: null, attachments: {}, provider: null, ignored: outcome.error };
  }

  stop(): void {
    this.stopped = true;
    for (const cancel of this.timers) cancel();
    this.timers.clear();
  }

  private schedule(call: ClusterCall, last: Invoker, retries: number, retried: number): void {
    if (this.stopped) return;
    let tasks = intParam(call.consumerUrl, "failbacktasks", DEFAULT_FAILBACK_TASKS);
    if (tasks <= 0) tasks = DEFAULT_FAILBACK_TASKS;
    if (this.timers.size >= tasks) {
      call.env.logger.error("failback: too many retries waiting, one dropped", { ...this.fields(call, last, ""), waiting: this.timers.size });
      return;
    }
    const cancel = call.env.clock.setTimer(() => {
      this.timers.delete(cancel);
      void this.retry(call, last, retries, retried);
    }, FAILBACK_RETRY_PERIOD_MS);
    this.timers.add(cancel);
  }

  private async retry(call: ClusterCall, last: Invoker, retries: number, retried: number): Promise<void> {
    const invoker = call.select(call.invokers, [last])!;
    const outcome = await call.invoke(invoker);
    if (outcome.type !== "error") return;
    if (retried + 1 >= retries) {
      call.env.logger.error("failback: retries exhausted, call abandoned", { ...this.fields(call, invoker, outcome.error.message), retries });
      return;
    }
    this.schedule(call, invoker, retries, retried + 1);
  }

  private fields(call: ClusterCall, invoker: Invoker, error: string): Record<string, unknown> {
    return { service: call.service, method: call.invocation.method, provider: invoker.address, error };
  }
}
