import { encodeServicesCursor, type SearchMode, type ServicesCursor } from "@/lib/api/services-cursor";
import type { ServiceSummary } from "@/lib/api/services";
import type { ServiceEntry } from "./service-entry";
import type { SortedServices } from "./sorted-services";

/** One search of the service list, as GET /api/v1/services takes it (already validated). */
export interface ServiceSearch {
  readonly q?: string;
  readonly by?: SearchMode;
  readonly limit: number;
  readonly cursor?: ServicesCursor;
}

export interface ServicePage {
  readonly services: ServiceSummary[];
  readonly total: number;
  readonly nextCursor: string | null;
}

/**
 * A test of one lower-case haystack (names one per line). Text with `*` is a glob that must
 * match a whole line, `*` standing for any run of characters; other text is a substring.
 */
export function textMatcher(q: string): (haystack: string) => boolean {
  const needle = q.toLowerCase();
  if (!needle.includes("*")) return (haystack) => haystack.includes(needle);
  const body = needle
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^\\n]*");
  const pattern = new RegExp(`^${body}$`, "m");
  return (haystack) => pattern.test(haystack);
}

/** Which entries a search selects; null when it selects all (no `q`). */
export function entryMatcher(q: string | undefined, by: SearchMode | undefined): ((entry: ServiceEntry) => boolean) | null {
  if (!q) return null;
  const matches = textMatcher(q);
  if (by) return (entry) => matches(entry.haystack[by]);
  return (entry) => matches(entry.haystack.service) || matches(entry.haystack.application);
}

/**
 * One page of `search` over `services`, in list order: up to `limit` matches after the
 * cursor's service, how many match in all, and the cursor of the next page (null when no
 * match follows). One pass over precomputed lower-case haystacks; nothing is sorted.
 */
export function searchServices(services: SortedServices, search: ServiceSearch): ServicePage {
  const all = services.all;
  const start = search.cursor ? services.indexAfter(search.cursor.after) : 0;
  const matches = entryMatcher(search.q, search.by);
  const page: ServiceEntry[] = [];
  let total = 0;
  let more = false;
  if (matches === null) {
    total = all.length;
    page.push(...all.slice(start, start + search.limit));
    more = start + search.limit < all.length;
  } else {
    for (let i = 0; i < all.length; i++) {
      const entry = all[i]!;
      if (!matches(entry)) continue;
      total++;
      if (i < start) continue;
      if (page.length < search.limit) page.push(entry);
      else more = true;
    }
  }
  const last = page.at(-1);
  const nextCursor = more && last ? encodeServicesCursor({ q: (search.q ?? "").toLowerCase(), by: search.by ?? "", after: last.id }) : null;
  return { services: page.map((e) => e.summary), total, nextCursor };
}
