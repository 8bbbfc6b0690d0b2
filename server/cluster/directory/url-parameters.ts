import type { DubboUrl } from "@/lib/dubbo/url";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { InvalidParameterError } from "../cluster-errors";

/**
 * Java's `URL` getters over a {@link DubboUrl}, as the cluster reads its settings: a value
 * that is absent or empty takes the default (StringUtils.isEmpty), numbers parse as
 * Integer.parseInt / Long.parseLong do (or fail the call, as Java's throw does), booleans
 * as Boolean.parseBoolean.
 */

/** A parameter, or undefined when absent or empty. */
export function param(url: DubboUrl, key: string): string | undefined {
  const v = Object.hasOwn(url.parameters, key) ? url.parameters[key] : undefined;
  return v === undefined || v === "" ? undefined : v;
}

/** `url.getParameter(key, String)`. */
export function stringParam(url: DubboUrl, key: string, fallback: string): string {
  return param(url, key) ?? fallback;
}

/** `url.getParameter(key, boolean)`: `Boolean.parseBoolean`, true only for "true" in any case. */
export function booleanParam(url: DubboUrl, key: string, fallback: boolean): boolean {
  const v = param(url, key);
  return v === undefined ? fallback : v.toLowerCase() === "true";
}

/** `url.getParameter(key, int)`. @throws InvalidParameterError where Integer.parseInt throws. */
export function intParam(url: DubboUrl, key: string, fallback: number): number {
  const v = param(url, key);
  return v === undefined ? fallback : javaInt(key, v);
}

/** `url.getParameter(key, long)`. @throws InvalidParameterError where Long.parseLong throws. */
export function longParam(url: DubboUrl, key: string, fallback: number): number {
  const v = param(url, key);
  return v === undefined ? fallback : javaLong(key, v);
}

/**
 * `url.getMethodParameter(method, key)`: the method's own `{method}.{key}` when set, else
 * `{key}`. Which `{method}.{key}` parameters count depends on the release:
 * - 2.7.23 `URL.toMethodParameters`: with a `methods` list, only those of listed methods;
 *   without one, any parameter whose name has a '.' after its first character, split there.
 * - 3.3 `URLParam.getMethodParameterStrict`: none when a `methods` list does not contain the
 *   method's name (a substring test); otherwise any parameter split at its first '.'.
 */
export function methodParam(url: DubboUrl, method: string, key: string, dialect: DubboRelease): string | undefined {
  let byKey = methodParams[dialect].get(url);
  if (byKey === undefined) {
    byKey = new Map();
    methodParams[dialect].set(url, byKey);
  }
  let byMethod = byKey.get(key);
  if (byMethod === undefined) {
    byMethod = new Map();
    byKey.set(key, byMethod);
  }
  const known = byMethod.get(method);
  if (known !== undefined || byMethod.has(method)) return known;
  const v = strictMethodParam(url, method, key, dialect) ?? param(url, key);
  if (byMethod.size < METHOD_PARAMS_LIMIT) byMethod.set(method, v);
  return v;
}

/**
 * {@link methodParam}'s answers per URL object, key and method: a URL never changes (an
 * invoker's is fixed for its life), and the cluster reads the same few settings at every
 * call. By release, as the answer depends on it.
 */
const methodParams: Record<DubboRelease, WeakMap<DubboUrl, Map<string, Map<string, string | undefined>>>> = { "2.7": new WeakMap(), "3.x": new WeakMap() };
/** Method names come from callers: past this many per URL and key, answers are computed, not kept. */
const METHOD_PARAMS_LIMIT = 256;

function strictMethodParam(url: DubboUrl, method: string, key: string, dialect: DubboRelease): string | undefined {
  // A name split at its first '.' never gives a method containing one.
  if (method === "" || method.includes(".")) return undefined;
  const methods = param(url, "methods");
  if (methods !== undefined) {
    const listed = dialect === "2.7" ? methods.split(",").includes(method) : methods.includes(method);
    if (!listed) return undefined;
  }
  return param(url, `${method}.${key}`);
}

/** `url.getMethodParameter(method, key, int)`. @throws InvalidParameterError where Integer.parseInt throws. */
export function methodIntParam(url: DubboUrl, method: string, key: string, fallback: number, dialect: DubboRelease): number {
  const v = methodParam(url, method, key, dialect);
  return v === undefined ? fallback : javaInt(`${method}.${key}`, v);
}

/** `url.getMethodPositiveParameter(method, key, int)`: the default for a value of 0 or less. */
export function methodPositiveIntParam(url: DubboUrl, method: string, key: string, fallback: number, dialect: DubboRelease): number {
  const v = methodIntParam(url, method, key, fallback, dialect);
  return v <= 0 ? fallback : v;
}

/** `url.getMethodParameter(method, key, boolean)`. */
export function methodBooleanParam(url: DubboUrl, method: string, key: string, fallback: boolean, dialect: DubboRelease): boolean {
  const v = methodParam(url, method, key, dialect);
  return v === undefined ? fallback : v.toLowerCase() === "true";
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
/** An optional sign and ASCII digits (Java also takes other Unicode decimal digits; no Dubbo URL carries them). */
const JAVA_INTEGER = /^[+-]?[0-9]+$/;

/** `Integer.parseInt(text)`. @throws InvalidParameterError naming `key`. */
export function javaInt(key: string, text: string): number {
  const n = JAVA_INTEGER.test(text) ? Number(text) : NaN;
  if (!(n >= INT_MIN && n <= INT_MAX)) throw new InvalidParameterError(key, text, "not a whole number in Java's int range");
  return n;
}

/** `Long.parseLong(text)`, as a number (exact up to 2^53, which every timestamp is). @throws InvalidParameterError naming `key`. */
export function javaLong(key: string, text: string): number {
  if (!JAVA_INTEGER.test(text)) throw new InvalidParameterError(key, text, "not a whole number");
  const n = BigInt(text);
  if (n < LONG_MIN || n > LONG_MAX) throw new InvalidParameterError(key, text, "outside Java's long range");
  return Number(n);
}

/** `url.toIdentityString()`: `protocol://[user[:password]@]host[:port]/path`, the key of per-provider state (RpcStatus, round robin). */
export function identityString(url: DubboUrl): string {
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : "";
  const host = url.port > 0 ? `${url.host}:${url.port}` : url.host;
  return `${url.protocol}://${auth}${host}${url.path ? `/${url.path}` : ""}`;
}

/** `url.getServiceKey()`: `group/interface:version`, the key of per-service state (round robin, consistent hash). */
export function serviceKeyOf(url: DubboUrl): string {
  const iface = param(url, "interface") ?? url.path;
  const group = param(url, "group");
  const version = param(url, "version");
  return `${group ? `${group}/` : ""}${iface}${version ? `:${version}` : ""}`;
}
