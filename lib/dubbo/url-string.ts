import type { DubboUrl } from "./url";

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
