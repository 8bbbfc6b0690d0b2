/**
 * The console's addresses of one service, application or host, in one place so every link
 * agrees. Entities go in the query string, not in the path: a service key holds `/` and
 * `:` (`demo/io.x.TypesService:1.0.0`), an application name may hold anything, and a path
 * segment would need those encoded and decoded by every proxy in between. `/` and `:` are
 * legal in a query, so they are left as they are for a readable, shareable address.
 */

/** Encodes a query value, keeping `/` and `:` readable (both are allowed in a query). */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, "/").replace(/%3A/gi, ":");
}

/** `/services/detail?key=demo/io.x.TypesService:1.0.0`, optionally opening a tab. */
export function serviceHref(key: string, tab?: string): string {
  return `/services/detail?key=${queryValue(key)}${tab ? `&tab=${queryValue(tab)}` : ""}`;
}

/** `/applications/detail?name=demo-provider-27`. */
export function applicationHref(name: string): string {
  return `/applications/detail?name=${queryValue(name)}`;
}

/** `/addresses/detail?value=127.0.0.2:20880` (a host, or host:port). */
export function addressHref(value: string): string {
  return `/addresses/detail?value=${queryValue(value)}`;
}

/**
 * `/invoke?service=io.x.TypesService&group=demo&version=1.0.0&method=describe&types=java.lang.String,int`:
 * the Invoke page on a service, optionally with a method, and with `types` the overload
 * of that method (its parameter types joined by `,`; empty for the one without parameters).
 */
export function invokeHref(service: { interface: string; group: string; version: string }, method?: { name: string; parameterTypes?: readonly string[] | null }): string {
  const params: [string, string][] = [["service", service.interface]];
  if (service.group) params.push(["group", service.group]);
  if (service.version) params.push(["version", service.version]);
  if (method) {
    params.push(["method", method.name]);
    if (method.parameterTypes) params.push(["types", method.parameterTypes.join(",")]);
  }
  // Commas are legal in a query too, and keep a list of types readable.
  return `/invoke?${params.map(([k, v]) => `${k}=${queryValue(v).replace(/%2C/gi, ",")}`).join("&")}`;
}
