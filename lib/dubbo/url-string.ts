import type { DubboUrl } from "./url";
import { javaTrim } from "../routing/parse/java-text";

/**
 * The decoded string form of `url`, as Dubbo's `URL.toFullString()` writes it:
 * `protocol://[user[:password]@]host[:port]/path?k=v&…`, parameters sorted by name (Dubbo
 * builds them from a TreeMap), the port left out when it is 0. For URLs the console builds
 * itself (an application-level provider); a URL read from a ZooKeeper node is shown as
 * registered instead.
 */
export function formatDubboUrl(url: DubboUrl): string {
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : "";
  const host = url.port > 0 ? `${url.host}:${url.port}` : url.host;
  const names = Object.keys(url.parameters).sort();
  const query = names.map((n) => `${n}=${url.parameters[n]}`).join("&");
  return `${url.protocol}://${auth}${host}/${url.path}${query ? `?${query}` : ""}`;
}

/**
 * Every parameter of `url`, as a new object with its names in sorted order. Built with
 * Object.fromEntries so that a parameter named `__proto__` stays a parameter.
 */
export function sortedParameters(url: DubboUrl): Record<string, string> {
  return Object.fromEntries(Object.keys(url.parameters).sort().map((name) => [name, url.parameters[name]!]));
}

/**
 * `url.toFullString()` exactly as Dubbo 2.7.23 builds it (URL.buildString and
 * buildParameters): the host only when not empty, `:port` only when above 0, `/path` only
 * when the path is not empty, parameters sorted by name (a TreeMap: UTF-16 code-unit
 * order, as JavaScript's default sort), a parameter with an empty name left out, each
 * value trimmed as Java trims. The bytes of a ZooKeeper child name depend on it, so
 * unlike {@link formatDubboUrl} (for display) nothing here may differ from Java.
 */
export function javaFullString(url: DubboUrl): string {
  let s = url.protocol ? `${url.protocol}://` : "";
  if (url.username) s += `${url.username}${url.password ? `:${url.password}` : ""}@`;
  if (url.host) s += url.port > 0 ? `${url.host}:${url.port}` : url.host;
  if (url.path) s += `/${url.path}`;
  const names = Object.keys(url.parameters)
    .filter((n) => n !== "")
    .sort();
  if (names.length > 0) s += `?${names.map((n) => `${n}=${javaTrim(url.parameters[n]!)}`).join("&")}`;
  return s;
}
