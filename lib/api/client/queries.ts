import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { type AccessBody, type AccessQuery, accessPreviewResponseSchema, accessRulesResponseSchema } from "../access";
import { auditResponseSchema, routeHistoryResponseSchema } from "../audit";
import { type AuditFilter, auditFilterParams } from "../audit-filter";
import { addressDetailSchema, applicationDetailSchema, applicationsResponseSchema, serviceDetailSchema } from "../catalog-entities";
import { type ConfigPreviewRequest, type ConfigsQuery, configsResponseSchema } from "../overrides/configs";
import { CONFIG_PREVIEW_PAGE_LIST, configPreviewResponseSchema } from "../overrides/config-preview";
import { type ConfigRoutesQuery, configRoutesResponseSchema } from "../routing/config-routes";
import { ApiError, fetchJson } from "./fetch-json";
import { registryStatusResponseSchema } from "../registry-state";
import { type RoutePreviewRequest, routePreviewResponseSchema } from "../routing/route-preview";
import { type RoutesQuery, routesResponseSchema } from "../routing/routes";
import { sendJson } from "./send-json";
import { sessionStateSchema } from "../session";
import { servicesResponseSchema } from "../services";
import { type TagPreviewBody, tagPreviewResponseSchema } from "../tag-route-preview";
import { type TagRoutesQuery, tagRoutesResponseSchema } from "../tag-routes";
import type { SearchMode, ServiceFilter, ServiceSort, SortOrder } from "../services-cursor";
import { usersResponseSchema } from "../users";
import { type MocksQuery, mocksResponseSchema } from "../mocks";

/**
 * Query keys, shared by server prefetch, client hooks and the live invalidation. The first
 * element names the kind of thing, so one kind can be invalidated at once
 * (`["services"]` is every services list, whatever its filter).
 */
export const queryKeys = {
  services: (q: string, by: SearchMode | "", view: ServicesListView = LIST_ORDER) => ["services", { q, by, ...view }] as const,
  service: (key: string) => ["service", key] as const,
  applications: (q: string) => ["applications", { q }] as const,
  application: (name: string) => ["application", name] as const,
  address: (value: string) => ["address", value] as const,
  registryStatus: () => ["registry", "status"] as const,
  routes: (filter: RoutesQuery) => ["routes", filter] as const,
  /** Config-center rules: refetched on any service event (a rule change arrives as one, and the rule's consumers are the service's). */
  configRoutes: (filter: ConfigRoutesQuery) => ["config-routes", filter] as const,
  /** Overrides (configurators) by filter: refetched on a `configs` event (lib/api/client/invalidation.ts) and after the page's own writes. */
  configs: (filter: ConfigsQuery) => ["configs", filter] as const,
  /** Under "configs", so a change of any override (its event, the page's own write) asks the preview again. */
  configPreview: (body: ConfigPreviewRequest) => ["configs", "preview", body] as const,
  /** Under "routes", so a change of any route refetches the previews too; the service key lets its events refetch them. */
  routePreview: (key: string, request: RoutePreviewRequest) => ["routes", "preview", key, request] as const,
  /** Under "routes", so a change of any route refetches the histories too. */
  routeHistory: (id: string) => ["routes", "history", id] as const,
  /** Access rules are condition routes: under "routes", so a change of any route (its event, the page's own write) refetches them. */
  access: (filter: AccessQuery) => ["routes", "access", filter] as const,
  /**
   * Under "routes" and "preview" with the service key, as the route previews: a change of any route, or
   * a service event of this service (its consumers are what the preview judges), asks again.
   */
  accessPreview: (key: string, body: AccessPreviewBody) => ["routes", "preview", key, "access", body] as const,
  /** Mocks are overrides: under "configs", so a change of any override (its event, the page's own write) refetches them. */
  mocks: (filter: MocksQuery) => ["configs", "mocks", filter] as const,
  /** Tag rules (`{application}.tag-router`) by filter: refetched on a `tag-routes` event and on any service event (their providers and consumers are the services'). */
  tagRoutes: (filter: TagRoutesQuery) => ["tag-routes", filter] as const,
  /** Under "tag-routes", so a change of any tag rule (its event, the page's own write) asks the preview again. */
  tagPreview: (body: TagPreviewBody) => ["tag-routes", "preview", body] as const,
  /** Under "tag-routes", so a change of any tag rule refetches the histories too. */
  tagRouteHistory: (id: string) => ["tag-routes", "history", id] as const,
  /** The audit trail, by filter; refetched on any routes event (a route change adds an entry). */
  audit: (filter: AuditFilter) => ["audit", filter] as const,
  /** Who this browser is: refetched after sign-in and sign-out, and on a 401. */
  session: () => ["session"] as const,
  /** Who may sign in and which tokens exist (admin only). */
  users: () => ["users"] as const,
};

/**
 * The kinds of query whose answer can change when one service changes: its own detail,
 * every list or entity that counts or lists services, and the config-center rules (their
 * changes arrive as the service's `routers` events; their consumers are the services'), and
 * the tag rules (what they select and who obeys them are the services' providers and consumers).
 */
export const SERVICE_DEPENDENT_KINDS = ["services", "applications", "application", "address", "config-routes", "tag-routes"] as const;

/** Retry once what never got an answer (the network); an answer from the console, error or not, is shown at once. */
function retryUnanswered(failures: number, error: Error): boolean {
  return !(error instanceof ApiError) && failures < 1;
}

function url(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== ""));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The Services list's order and filter as the address has them ("" for the API's default). */
export interface ServicesListView {
  readonly sort: ServiceSort | "";
  readonly order: SortOrder | "";
  readonly filter: ServiceFilter | "";
}

/** The list order (by name), no filter. */
export const LIST_ORDER: ServicesListView = { sort: "", order: "", filter: "" };

/** How many services the first page of the Services list holds: it arrives with the page, so it is kept small. */
export const SERVICES_FIRST_PAGE_SIZE = 100;
/** How many services each further page holds; they load as the list is scrolled towards them. */
export const SERVICES_PAGE_SIZE = 500;

/**
 * The Services list, page by page (GET /api/v1/services with `cursor`), for a virtualised
 * list: `total` of the first page sizes the list, and pages load as rows come into view.
 * `by` "" searches the service key and applications.
 */
export function servicesPagesQuery(q: string, by: SearchMode | "", view: ServicesListView = LIST_ORDER) {
  return infiniteQueryOptions({
    queryKey: queryKeys.services(q, by, view),
    queryFn: ({ pageParam, signal }) =>
      fetchJson(
        url("/api/v1/services", { q, by, ...view, limit: String(pageParam === null ? SERVICES_FIRST_PAGE_SIZE : SERVICES_PAGE_SIZE), cursor: pageParam ?? "" }),
        servicesResponseSchema,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnanswered,
  });
}

/** GET /api/v1/service?key= ; an unknown key is an ApiError with code `not_found`. */
export function serviceQuery(key: string) {
  return queryOptions({
    queryKey: queryKeys.service(key),
    queryFn: ({ signal }) => fetchJson(url("/api/v1/service", { key }), serviceDetailSchema, signal),
    retry: retryUnanswered,
  });
}

export function applicationsQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.applications(q),
    queryFn: ({ signal }) => fetchJson(url("/api/v1/applications", { q }), applicationsResponseSchema, signal),
    retry: retryUnanswered,
  });
}

export function applicationQuery(name: string) {
  return queryOptions({
    queryKey: queryKeys.application(name),
    queryFn: ({ signal }) => fetchJson(url("/api/v1/application", { name }), applicationDetailSchema, signal),
    retry: retryUnanswered,
  });
}

export function addressQuery(value: string) {
  return queryOptions({
    queryKey: queryKeys.address(value),
    queryFn: ({ signal }) => fetchJson(url("/api/v1/address", { value }), addressDetailSchema, signal),
    retry: retryUnanswered,
  });
}

export function registryStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.registryStatus(),
    queryFn: ({ signal }) => fetchJson("/api/v1/registry", registryStatusResponseSchema, signal),
  });
}

/**
 * GET /api/v1/routes. A filter field left undefined is left out (any); an empty `group` or
 * `version` is sent, and asks for routes without one.
 */
export function routesQuery(filter: RoutesQuery) {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return queryOptions({
    queryKey: queryKeys.routes(filter),
    queryFn: ({ signal }) => fetchJson(search ? `/api/v1/routes?${search}` : "/api/v1/routes", routesResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** GET /api/v1/configs: the overrides of a service, of an application, or (no filter) of every service. */
export function configsQuery(filter: ConfigsQuery) {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return queryOptions({
    queryKey: queryKeys.configs(filter),
    queryFn: ({ signal }) => fetchJson(search ? `/api/v1/configs?${search}` : "/api/v1/configs", configsResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** POST /api/v1/configs/preview as a query: the same draft asked twice is answered once; the pages' rows (CONFIG_PREVIEW_PAGE_LIST) unless the body says. */
export function configPreviewQuery(body: ConfigPreviewRequest) {
  return queryOptions({
    queryKey: queryKeys.configPreview(body),
    queryFn: ({ signal }) => sendJson("POST", "/api/v1/configs/preview", { listMax: CONFIG_PREVIEW_PAGE_LIST, ...body }, configPreviewResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/**
 * POST /api/v1/routes/preview as a query: the same draft asked twice is answered once, and
 * a change of the service's routes or providers asks again. `key` is the service key.
 */
export function routePreviewQuery(key: string, request: RoutePreviewRequest) {
  return queryOptions({
    queryKey: queryKeys.routePreview(key, request),
    queryFn: ({ signal }) => sendJson("POST", "/api/v1/routes/preview", request, routePreviewResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/**
 * GET /api/v1/config-routes. A filter field left undefined is left out; an empty `group`
 * or `version` is sent, and asks for rules of the service without one.
 */
export function configRoutesQuery(filter: ConfigRoutesQuery) {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return queryOptions({
    queryKey: queryKeys.configRoutes(filter),
    queryFn: ({ signal }) => fetchJson(search ? `/api/v1/config-routes?${search}` : "/api/v1/config-routes", configRoutesResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/**
 * GET /api/v1/session (public): whether authentication is on and who is signed in. Kept
 * fresh for a minute and never polled: it changes at sign-in and sign-out, which refetch it.
 */
export function sessionQuery() {
  return queryOptions({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => fetchJson("/api/v1/session", sessionStateSchema, signal),
    staleTime: 60_000,
    refetchInterval: false,
    retry: retryUnanswered,
  });
}

/** How many audit entries a page of the Audit page holds. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /api/v1/audit, newest first, page by page ("load more" by `nextCursor`). */
export function auditPagesQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.audit(filter),
    queryFn: ({ pageParam, signal }) =>
      fetchJson(
        url("/api/v1/audit", { ...auditFilterParams(filter), cursor: pageParam ?? "", limit: String(AUDIT_PAGE_SIZE) }),
        auditResponseSchema,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnanswered,
  });
}

/** GET /api/v1/routes/{id}/history: one route through all its edits, newest first. */
export function routeHistoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.routeHistory(id),
    queryFn: ({ signal }) => fetchJson(`/api/v1/routes/${encodeURIComponent(id)}/history`, routeHistoryResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** GET /api/v1/tag-routes: the tag rules of one application, of one registry, or (no filter) all of them. */
export function tagRoutesQuery(filter: TagRoutesQuery) {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return queryOptions({
    queryKey: queryKeys.tagRoutes(filter),
    queryFn: ({ signal }) => fetchJson(search ? `/api/v1/tag-routes?${search}` : "/api/v1/tag-routes", tagRoutesResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** POST /api/v1/tag-routes/preview as a query: the same draft asked twice is answered once; `yaml: null` previews deleting the rule. */
export function tagPreviewQuery(body: TagPreviewBody) {
  return queryOptions({
    queryKey: queryKeys.tagPreview(body),
    queryFn: ({ signal }) => sendJson("POST", "/api/v1/tag-routes/preview", body, tagPreviewResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** GET /api/v1/tag-routes/{id}/history: one tag rule through all its edits, newest first. */
export function tagRouteHistoryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.tagRouteHistory(id),
    queryFn: ({ signal }) => fetchJson(`/api/v1/tag-routes/${encodeURIComponent(id)}/history`, routeHistoryResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** The body of POST /api/v1/access/preview: a draft rule as POST /api/v1/access takes it (without `allowStranding`). */
export type AccessPreviewBody = Omit<AccessBody, "allowStranding" | "registry">;

function filterUrl(path: string, filter: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** GET /api/v1/access: the access rules of a service (an empty `group` or `version` is sent, and asks for the service without one). */
export function accessQuery(filter: AccessQuery) {
  return queryOptions({
    queryKey: queryKeys.access(filter),
    queryFn: ({ signal }) => fetchJson(filterUrl("/api/v1/access", filter), accessRulesResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** POST /api/v1/access/preview as a query: who a draft rule blocks; the same draft asked twice is answered once. `key` is the service key. */
export function accessPreviewQuery(key: string, body: AccessPreviewBody) {
  return queryOptions({
    queryKey: queryKeys.accessPreview(key, body),
    queryFn: ({ signal }) => sendJson("POST", "/api/v1/access/preview", body, accessPreviewResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** GET /api/v1/mocks: the mocks of a service, each with the registered consumers it answers. */
export function mocksQuery(filter: MocksQuery) {
  return queryOptions({
    queryKey: queryKeys.mocks(filter),
    queryFn: ({ signal }) => fetchJson(filterUrl("/api/v1/mocks", filter), mocksResponseSchema, signal),
    retry: retryUnanswered,
  });
}

/** GET /api/v1/users (admin only): the users and tokens, by name and role. */
export function usersQuery() {
  return queryOptions({
    queryKey: queryKeys.users(),
    queryFn: ({ signal }) => fetchJson("/api/v1/users", usersResponseSchema, signal),
    retry: retryUnanswered,
  });
}
