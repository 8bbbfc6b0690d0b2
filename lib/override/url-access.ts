import type { DubboUrl } from "../dubbo/url";

/**
 * Java URL getters as the configurator classes call them, over a {@link DubboUrl} (whose
 * username is `""` where Java's is null).
 */

/** `url.getParameter(key)`: the raw value, `""` included; undefined when absent. */
export function rawParam(url: DubboUrl, key: string): string | undefined {
  return Object.hasOwn(url.parameters, key) ? url.parameters[key] : undefined;
}

/** `url.getParameter(key, default)` for strings: absent or empty gives the default. */
export function paramOr<T extends string | undefined>(url: DubboUrl, key: string, fallback: T): string | T {
  const v = rawParam(url, key);
  return v === undefined || v === "" ? fallback : v;
}

/** `url.getParameter(key, boolean)`: Boolean.parseBoolean of a non-empty value. */
export function booleanParamOf(url: DubboUrl, key: string, fallback: boolean): boolean {
  const v = rawParam(url, key);
  return v === undefined || v === "" ? fallback : v.toLowerCase() === "true";
}

/** `url.getServiceKey()`: `{group}/{interface or path}:{version}`, group and version when not empty. */
export function serviceKeyOfUrl(url: DubboUrl): string {
  const iface = paramOr(url, "interface", url.path);
  const group = paramOr(url, "group", "");
  const version = paramOr(url, "version", "");
  return `${group ? `${group}/` : ""}${iface}${version ? `:${version}` : ""}`;
}

/** A copy of `parameters` with `key` set, safe for any key (`__proto__` included). */
export function withParam(parameters: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(parameters, key, { value, writable: true, enumerable: true, configurable: true });
}
