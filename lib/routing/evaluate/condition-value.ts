import type { DubboRelease } from "../../dubbo/dubbo-release";
import type { JavaUrl } from "../url/route-url";
import type { UrlSample, ValueOrigin } from "../url/url-sample";

/**
 * Where a condition key takes its value from, per semantics: the invocation (method,
 * arguments, attachments) or the URL sample. Mirrors 2.7.23 `ConditionRouter.matchCondition`
 * / `matchArguments` and 3.3's `ConditionMatcherFactory` choice (attachment, argument, param).
 */

/** The call being routed. Absent when routing at notify time, as Java does with a null invocation. */
export interface RouteInvocation {
  /** `invocation.getMethodName()`; a generic call is `$invoke` or `$invokeAsync`. */
  readonly method?: string;
  /**
   * Each argument as `String.valueOf(arg)`, or `null` for a null argument (which
   * `arguments[N]` reads as "null", and which is not a generic call's method name); a
   * generic call's are `[method, types, args]`.
   */
  readonly arguments?: readonly (string | null)[];
  readonly attachments?: Readonly<Record<string, string>>;
}

/**
 * A key's value, or why there is none. `unavailable` (2.7 arguments only) fails the key
 * outright; `placeholder` (3.x arguments/attachments) is compared like a value.
 */
export type KeyValue =
  | { readonly kind: "value"; readonly value: string; readonly origin: ValueOrigin | InvocationOrigin }
  | { readonly kind: "missing"; readonly origin: ValueOrigin | InvocationOrigin }
  | { readonly kind: "unavailable"; readonly why: UnavailableWhy }
  | { readonly kind: "placeholder"; readonly value: string; readonly why: UnavailableWhy };

export type InvocationOrigin = "method" | "generic-method" | "argument" | "attachment";
export type UnavailableWhy = "no-invocation" | "bad-key" | "index-out-of-range";

/** `AbstractConditionMatcher.DOES_NOT_FOUND_VALUE` (3.3): what 3.x compares when an argument or attachment cannot be read. */
export const NOT_FOUND_PLACEHOLDER = "dubbo_internal_not_found_argument_condition_value";

const ARGUMENTS_PATTERN = /arguments\[([0-9]+)\]/;
/** Java's `.` stops at \n, \r, U+0085, U+2028, U+2029. */
const ATTACHMENTS_PATTERN = /attachments\[([^\n\r\u0085\u2028\u2029]+)\]/;
const GENERIC_METHODS: ReadonlySet<string> = new Set(["$invoke", "$invokeAsync"]);

/** The value of `key` for a condition of `semantics` on `url` read through `sample`, with `invocation` (null on the then side). */
export function conditionValue(key: string, semantics: DubboRelease, sample: UrlSample, url: JavaUrl, invocation: RouteInvocation | null): KeyValue {
  return semantics === "2.7" ? value27(key, sample, url, invocation) : value3(key, sample, url, invocation);
}

function value27(key: string, sample: UrlSample, url: JavaUrl, invocation: RouteInvocation | null): KeyValue {
  if (key.startsWith("arguments")) {
    const arg = argumentOf(key, invocation);
    return typeof arg === "string" ? { kind: "value", value: arg, origin: "argument" } : { kind: "unavailable", why: arg.why };
  }
  if (invocation !== null && (key === "method" || key === "methods")) return methodValue(invocation.method ?? null, "method");
  if (key === "address") return sample.address(url);
  if (key === "host") return sample.host(url);
  return sample.read(url, key);
}

function value3(key: string, sample: UrlSample, url: JavaUrl, invocation: RouteInvocation | null): KeyValue {
  if (key.startsWith("attachments")) {
    const found = attachmentOf(key, invocation);
    if (typeof found === "object" && found !== null) return { kind: "placeholder", value: NOT_FOUND_PLACEHOLDER, why: found.why };
    return found === null ? { kind: "missing", origin: "attachment" } : { kind: "value", value: found, origin: "attachment" };
  }
  if (key.startsWith("arguments")) {
    const arg = argumentOf(key, invocation);
    return typeof arg === "string" ? { kind: "value", value: arg, origin: "argument" } : { kind: "placeholder", value: NOT_FOUND_PLACEHOLDER, why: arg.why };
  }
  if (invocation !== null && (key === "method" || key === "methods")) {
    // RpcUtils.getMethodName: a generic call's real method is its first argument, when that is a String.
    const first = invocation.arguments?.[0];
    if (invocation.method !== undefined && GENERIC_METHODS.has(invocation.method) && typeof first === "string") {
      return methodValue(first, "generic-method");
    }
    return methodValue(invocation.method ?? null, "method");
  }
  return sample.read(url, key);
}

function methodValue(method: string | null, origin: InvocationOrigin): KeyValue {
  return method === null ? { kind: "missing", origin } : { kind: "value", value: method, origin };
}


/**
 * `arguments[N]` (the text after a '.' ignored): `String.valueOf(args[N])`, or why Java
 * cannot read it (no invocation, no `[N]`, N past the arguments or past int range).
 */
function argumentOf(key: string, invocation: RouteInvocation | null): string | { why: UnavailableWhy } {
  const m = ARGUMENTS_PATTERN.exec(beforeFirstDot(key));
  if (m === null) return { why: "bad-key" };
  if (invocation === null) return { why: "no-invocation" };
  const index = Number(m[1]);
  const args = invocation.arguments ?? [];
  if (index > 2147483647 || index >= args.length) return { why: "index-out-of-range" };
  return args[index] ?? "null";
}

/** `attachments[k]` (3.x): the attachment, null when the call has none by that name, or why it cannot be read. */
function attachmentOf(key: string, invocation: RouteInvocation | null): string | null | { why: UnavailableWhy } {
  const m = ATTACHMENTS_PATTERN.exec(beforeFirstDot(key));
  if (m === null) return { why: "bad-key" };
  if (invocation === null) return { why: "no-invocation" };
  const attachments = invocation.attachments;
  return attachments !== undefined && Object.hasOwn(attachments, m[1]!) ? attachments[m[1]!]! : null;
}

/** `key.split("\\.")[0]`. */
function beforeFirstDot(key: string): string {
  const dot = key.indexOf(".");
  return dot < 0 ? key : key.slice(0, dot);
}
