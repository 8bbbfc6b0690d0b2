/** The HTTP contract of GET /api/v1/services, shared by the handler and the client. */
import { z } from "zod";
import { staleSchema } from "./registry-state";
import { choiceParam, textParam, wholeNumberParam } from "./query-params";
import {
  decodeServicesCursor,
  SEARCH_MODES,
  SERVICE_FILTERS,
  SERVICE_SORTS,
  type ServiceFilter,
  type ServiceSort,
  type ServicesCursor,
  type ServicesView,
  SORT_ORDERS,
  type SortOrder,
} from "./services-cursor";

/** Where a service's providers were seen: the interface-level tree, application instances (Dubbo 3). */
export const discoveryLevelSchema = z.enum(["interface", "instance"]);

export const serviceSummarySchema = z.object({
  /** `group/interface:version`. */
  key: z.string(),
  interface: z.string(),
  group: z.string(),
  version: z.string(),
  providers: z.number().int().nonnegative(),
  consumers: z.number().int().nonnegative(),
  /** Applications that provide the service (the providers' `application` parameter). */
  applications: z.array(z.string()),
  /** Applications that consume the service (the consumers' `application` parameter). */
  consumerApplications: z.array(z.string()),
  /** Dubbo releases seen among the providers (`release`, or `dubbo` on old providers). */
  releases: z.array(z.string()),
  /** The registries (their sources as configured) holding a provider or consumer of the service. */
  registries: z.array(z.string()),
  /** The levels its providers were seen at; a provider in Dubbo 3's `all` mode counts at both. Empty without providers. */
  sources: z.array(discoveryLevelSchema),
  /**
   * For a service with no provider now: when its last provider was seen (epoch ms), null when
   * not known (it left before this console read the registry). Null while it has providers.
   */
  providersLastSeen: z.number().int().nonnegative().nullable(),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const servicesResponseSchema = z.object({
  services: z.array(serviceSummarySchema),
  total: z.number().int().nonnegative(),
  /** The registries whose last complete view is served instead of a live one; empty when all are live. */
  stale: z.array(staleSchema.extend({ registry: z.string() })),
  /** Pass as `cursor` (with the same `q` and `by`) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

/** The longest cursor accepted; the API's own are far shorter. */
const MAX_CURSOR_LENGTH = 2_000;

const cursorParam = z
  .string({ error: "cursor must be text: the nextCursor of an earlier answer" })
  .max(MAX_CURSOR_LENGTH, { error: `cursor must be at most ${MAX_CURSOR_LENGTH} characters: the nextCursor of an earlier answer`, abort: true })
  .transform((text, ctx): ServicesCursor => {
    const cursor = decodeServicesCursor(text);
    if (cursor) return cursor;
    ctx.addIssue({ code: "custom", message: "cursor is not one this API gave out: pass the nextCursor of an earlier answer unchanged", input: text });
    return z.NEVER;
  })
  .optional();

/**
 * Query of GET /api/v1/services. A `cursor` must come from an answer to the same `q`
 * (compared case-insensitively) and `by`.
 */
export const servicesQuerySchema = z
  .object({
    /**
     * Case-insensitive; `*` stands for any run of characters, and a pattern with `*` must match
     * a whole name (`io.dubbo*.Greet*`), one without is a substring. What it is matched
     * against depends on `by`.
     */
    q: textParam("q", { max: 200 }),
    /**
     * `service`: the service key `group/interface:version`; `application`: a provider or
     * consumer application; `address`: a provider's `host:port` or a consumer's host. Absent:
     * the service key or an application.
     */
    by: choiceParam("by", SEARCH_MODES),
    /** At most this many services are answered (1 to 10000, default 1000); `total` counts all that match. */
    limit: wholeNumberParam("limit", { min: 1, max: 10_000, fallback: 1_000 }),
    /**
     * `name` (interface, group, version; the default), or a count: `providers`, `consumers`,
     * `applications` (providing applications), ties in name order.
     */
    sort: choiceParam("sort", SERVICE_SORTS),
    /** `asc` or `desc`; default `asc` by name, `desc` by a count (the most first). */
    order: choiceParam("order", SORT_ORDERS),
    /** `no-providers`: only services without a provider now; `no-consumers`: without a consumer. */
    filter: choiceParam("filter", SERVICE_FILTERS),
    /** Where to continue: the `nextCursor` of the previous page. */
    cursor: cursorParam,
  })
  .superRefine((query, ctx) => {
    const { cursor } = query;
    // zod runs this refinement even when a field failed; then `cursor` may still be its raw text.
    if (typeof cursor === "object" && (cursor.q !== (query.q ?? "").toLowerCase() || cursor.by !== (query.by ?? ""))) {
      ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor belongs to another search (q or by differ): repeat that search's q and by, or leave cursor out to start again" });
    }
    const view = servicesViewOf(query);
    if (typeof cursor === "object" && (cursor.sort !== view.sort || cursor.order !== view.order || cursor.filter !== view.filter)) {
      ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor belongs to another order or filter (sort, order or filter differ): repeat them, or leave cursor out to start again" });
    }
  });
export type ServicesQuery = z.infer<typeof servicesQuerySchema>;

/** The order and filter a query asks for, its defaults filled in (`asc` by name, `desc` by a count). */
export function servicesViewOf(query: { sort?: ServiceSort; order?: SortOrder; filter?: ServiceFilter }): ServicesView {
  const sort = query.sort ?? "name";
  return { sort, order: query.order ?? (sort === "name" ? "asc" : "desc"), filter: query.filter ?? "" };
}
