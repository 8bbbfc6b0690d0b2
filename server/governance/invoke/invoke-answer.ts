import type { InvokeAttempt, InvokeOutcome, InvokeResponse, TagRoute } from "@/lib/api/invoke";
import { ConsoleError, type ErrorCode } from "@/lib/errors";
import type { Attempt, ClusterResult } from "../../cluster/cluster-call";
import type { TagRouteReport } from "../../cluster/directory/tag-route-step";

/**
 * The invoke API's answer of a cluster result: a value or a method's exception is a 200
 * body; any other ending throws {@link InvocationFailedError} with the error's code, which
 * the HTTP edge maps (503 no_provider, 504 timeout, 502 remote_error, …).
 */

/** How an attempt's error code is reported to the API (lib/api/invoke.ts INVOKE_OUTCOMES). */
function outcomeOf(code: Attempt["outcome"]): InvokeOutcome {
  switch (code) {
    case "ok":
    case "business_exception":
    case "timeout":
    case "cancelled":
    case "remote_error":
      return code;
    case "connection_failed":
    case "provider_read_only":
      return "network_error";
    default:
      // A codec failure, a payload over the limit, an unreadable parameter: the provider answered nothing usable.
      return "remote_error";
  }
}

/** The attempts as the API reports them. */
export function apiAttempts(attempts: readonly Attempt[]): InvokeAttempt[] {
  return attempts.map((a) => ({ provider: a.provider, ...(a.protocol === undefined ? {} : { protocol: a.protocol }), outcome: outcomeOf(a.outcome), elapsedMs: round(a.elapsedMs), ...(a.message === undefined ? {} : { message: a.message }) }));
}

/** Milliseconds to a tenth of a microsecond: enough to read, no float noise. */
function round(ms: number): number {
  return Math.round(ms * 10_000) / 10_000;
}

/** The tag router's report as the API answers it (null: no tag router ran). */
export function apiTagRoute(report: TagRouteReport | null): TagRoute | null {
  return report === null ? null : { tag: report.tag, force: report.force, path: report.path, rule: report.rule };
}

/**
 * A call that ended without an answer from the method: the cluster's error (its code and
 * message, its details kept), with the attempts made, the whole time taken and the tag
 * router's path (when it ran), so an error answer still says which providers were tried
 * and why none was left.
 */
export class InvocationFailedError extends ConsoleError {
  constructor(
    readonly error: ConsoleError,
    readonly attempts: readonly InvokeAttempt[],
    readonly elapsedMs: number,
    readonly tagRoute: TagRoute | null = null,
  ) {
    super(error.code as ErrorCode, error.message, { ...(error.details ?? {}), attempts, elapsedMs, ...(tagRoute === null ? {} : { tagRoute }) }, { cause: error });
    this.name = "InvocationFailedError";
  }
}

/**
 * The API's 200 answer of `result`, `elapsedMs` measured from the request; `returnType` is
 * the method's in the metadata (null: unknown), which alone tells a void method from a null
 * value (Dubbo answers both with RESPONSE_NULL_VALUE); `tagRoute` what the tag router did
 * (null: none ran). @throws InvocationFailedError for an error outcome.
 */
export function invokeAnswer(result: ClusterResult, elapsedMs: number, returnType: string | null = null, tagRoute: TagRoute | null = null): InvokeResponse {
  const attempts = apiAttempts(result.attempts);
  const elapsed = round(elapsedMs);
  const outcome = result.outcome;
  switch (outcome.type) {
    case "value": {
      const provider = outcome.provider ?? attempts.at(-1)?.provider ?? "";
      return { ok: true, value: outcome.value ?? null, returnType, provider, ...protocolOf(result, provider), tagRoute, elapsedMs: elapsed, attempts };
    }
    case "business_exception": {
      const e = outcome.exception;
      const stackTrace = Array.isArray(e.stackTrace) ? e.stackTrace.map(String) : [];
      const wrappedIn = "wrappedIn" in e && typeof e.wrappedIn === "string" ? { wrappedIn: e.wrappedIn } : {};
      return { ok: false, error: { code: "business_exception", class: e.class, message: e.message, stackTrace, ...wrappedIn }, provider: outcome.provider, ...protocolOf(result, outcome.provider), tagRoute, elapsedMs: elapsed, attempts };
    }
    case "error":
      throw new InvocationFailedError(outcome.error, attempts, elapsed, tagRoute);
  }
}

/** `{ protocol }` of the try that answered from `provider`, when not dubbo. */
function protocolOf(result: ClusterResult, provider: string): { protocol?: string } {
  const protocol = result.attempts.findLast((a) => a.provider === provider)?.protocol;
  return protocol === undefined ? {} : { protocol };
}
