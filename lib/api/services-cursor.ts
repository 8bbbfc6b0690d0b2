/**
 * The cursor of GET /api/v1/services: where the next page of one search starts. Opaque to
 * clients (base64url of a small JSON array); it names the search it belongs to (`q` in
 * lower case and `by`), so a cursor cannot be replayed against another search, and the
 * last service of the page it ends (interface, group, version), so a page starts after
 * that service even when services were added or removed meanwhile.
 */
import type { ServiceId } from "../dubbo/service-key";

/** What `q` is matched against: the service key, a provider or consumer application, or an address. */
export const SEARCH_MODES = ["service", "application", "address"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** What the list can be sorted by: the service (interface, group, version), or a count with the service breaking ties. */
export const SERVICE_SORTS = ["name", "providers", "consumers", "applications"] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Only the services without providers now, or without consumers. */
export const SERVICE_FILTERS = ["no-providers", "no-consumers"] as const;
export type ServiceFilter = (typeof SERVICE_FILTERS)[number];

/** How a list is ordered and narrowed besides its search; the defaults are `name`, `asc`, "" (none). */
export interface ServicesView {
  readonly sort: ServiceSort;
  readonly order: SortOrder;
  readonly filter: ServiceFilter | "";
}

export const DEFAULT_SERVICES_VIEW: ServicesView = { sort: "name", order: "asc", filter: "" };

export interface ServicesCursor extends ServicesView {
  /** The search's `q`, trimmed and in lower case ("" for none). */
  readonly q: string;
  /** The search's `by`, "" when it had none. */
  readonly by: SearchMode | "";
  /** The last service of the page the cursor ends. */
  readonly after: ServiceId;
  /** That service's count the list is sorted by (0 when sorted by name). */
  readonly afterValue: number;
}

/** Bumped when the encoding changes, so an old cursor is refused rather than misread. */
const CURSOR_VERSION = 2;

export function encodeServicesCursor(cursor: ServicesCursor): string {
  const { q, by, after, sort, order, filter, afterValue } = cursor;
  return toBase64Url(JSON.stringify([CURSOR_VERSION, q, by, after.interface, after.group, after.version, sort, order, filter, afterValue]));
}

/** The cursor `text` encodes, or null when it is not one this API gave out. */
export function decodeServicesCursor(text: string): ServicesCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(fromBase64Url(text));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 10 || value[0] !== CURSOR_VERSION) return null;
  const [, q, by, iface, group, version, sort, order, filter, afterValue] = value as unknown[];
  if (![q, by, iface, group, version].every((v) => typeof v === "string")) return null;
  if (by !== "" && !(SEARCH_MODES as readonly unknown[]).includes(by)) return null;
  if (!(SERVICE_SORTS as readonly unknown[]).includes(sort) || !(SORT_ORDERS as readonly unknown[]).includes(order)) return null;
  if (filter !== "" && !(SERVICE_FILTERS as readonly unknown[]).includes(filter)) return null;
  if (typeof afterValue !== "number" || !Number.isSafeInteger(afterValue) || afterValue < 0) return null;
  return {
    q: q as string,
    by: by as SearchMode | "",
    after: { interface: iface as string, group: group as string, version: version as string },
    sort: sort as ServiceSort,
    order: order as SortOrder,
    filter: filter as ServiceFilter | "",
    afterValue,
  };
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Throws on anything that is not base64url of UTF-8. */
function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SyntaxError("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
