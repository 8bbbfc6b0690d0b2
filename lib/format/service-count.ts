import { countOf, formatCount } from "./plural";

/** What a search was matched against, as the count line names it; "" is the key or an application. */
const SEARCHED: Record<string, string> = { "": "", service: "key ", application: "application ", address: "address " };

/**
 * The line above the services list. `shown` rows of `total` matching services; `query` is
 * the filter, empty for none, and `by` what it was matched against:
 * "3 services", "1 service matches “greeting”", "2 services match address “127.0.0.2”",
 * "1,000 of 2,345 services".
 */
export function describeServiceCount(shown: number, total: number, query: string, by = ""): string {
  const q = query.trim();
  const counted = shown === total ? countOf(total, "service") : `${formatCount(shown)} of ${countOf(total, "service")}`;
  if (!q) return counted;
  return `${counted} ${total === 1 ? "matches" : "match"} ${SEARCHED[by] ?? ""}“${q}”`;
}
