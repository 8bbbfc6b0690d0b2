import { splitTypeList } from "../../dubbo/java-type-ref";

/**
 * What the Invoke page's address names (see invokeHref in lib/format/hrefs.ts): the
 * service, and optionally a method and its overload, so a link opens the form on it.
 */
export interface InvokeLocation {
  /** The interface; "" when the page is opened on no service. */
  readonly service: string;
  readonly group: string;
  readonly version: string;
  /** "" when no method is named. */
  readonly method: string;
  /** The overload's parameter types; null when the address does not say which overload. */
  readonly types: readonly string[] | null;
}

/** Reads the page's query parameters (`get` answers null for one that is absent). */
export function readInvokeLocation(get: (name: string) => string | null): InvokeLocation {
  const text = (name: string) => (get(name) ?? "").trim();
  const types = get("types");
  return { service: text("service"), group: text("group"), version: text("version"), method: text("method"), types: types === null ? null : splitTypeList(types) };
}
