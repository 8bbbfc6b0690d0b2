import type { DubboUrl } from "@/lib/dubbo/url";
import { identityString } from "./directory/url-parameters";

/**
 * Per provider and method call statistics, Java's `RpcStatus` (dubbo-rpc-api): calls in
 * flight (`active`, for leastactive) and the elapsed time of finished ones (for
 * shortestresponse). Keyed by the provider URL's identity string and the method name.
 *
 * Java counts only through ActiveLimitFilter / ExecuteLimitFilter, which a consumer runs
 * only when `actives` is set, so without it every provider reads 0 active and no
 * history; the engine counts every call, so both balances work without that setting.
 * A business exception counts as a success (the filter's onResponse), a failed call as a
 * failure (onError).
 */
export class RpcStatus {
  active = 0;
  total = 0;
  failed = 0;
  totalElapsed = 0;
  failedElapsed = 0;

  /** Calls that answered (values and business exceptions). */
  get succeeded(): number {
    return this.total - this.failed;
  }

  get succeededElapsed(): number {
    return this.totalElapsed - this.failedElapsed;
  }

  /** `getSucceededAverageElapsed()`: whole milliseconds (Java's long division), 0 with no success yet. */
  get succeededAverageElapsed(): number {
    const n = this.succeeded;
    return n === 0 ? 0 : Math.trunc(this.succeededElapsed / n);
  }
}

/** Every provider's statistics, one table per engine (Java's are static). */
export class RpcStats {
  private readonly byProvider = new Map<string, Map<string, RpcStatus>>();
  /** The same tables by URL object (an invoker's never changes), so a call does not rebuild the identity string. */
  private readonly byUrl = new WeakMap<DubboUrl, Map<string, RpcStatus>>();

  /** `RpcStatus.getStatus(url, method)`: created at first sight. */
  status(url: DubboUrl, method: string): RpcStatus {
    let methods = this.byUrl.get(url);
    if (methods === undefined) {
      const id = identityString(url);
      methods = this.byProvider.get(id);
      if (methods === undefined) {
        methods = new Map();
        this.byProvider.set(id, methods);
      }
      this.byUrl.set(url, methods);
    }
    let status = methods.get(method);
    if (status === undefined) {
      status = new RpcStatus();
      methods.set(method, status);
    }
    return status;
  }

  /** `beginCount`: a call is about to be sent. */
  begin(url: DubboUrl, method: string): void {
    this.status(url, method).active++;
  }

  /** `endCount`: the call ended after `elapsedMs`; `succeeded` false for a failure (not a business exception). */
  end(url: DubboUrl, method: string, elapsedMs: number, succeeded: boolean): void {
    const s = this.status(url, method);
    s.active--;
    s.total++;
    s.totalElapsed += elapsedMs;
    if (!succeeded) {
      s.failed++;
      s.failedElapsed += elapsedMs;
    }
  }
}
