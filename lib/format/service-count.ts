import { countOf, formatCount } from "./plural";

/**
 * The line above the services table. `shown` rows of `total` matching services (the API
 * cuts the list at its limit); `query` is the filter, empty for none:
 * "3 services", "1 service matches “greeting”", "1,000 of 2,345 services".
 */
export function describeServiceCount(shown: number, total: number, query: string): string {
  const q = query.trim();
  const counted = shown === total ? countOf(total, "service") : `${formatCount(shown)} of ${countOf(total, "service")}`;
  if (!q) return counted;
  return `${counted} ${total === 1 ? "matches" : "match"} “${q}”`;
}
