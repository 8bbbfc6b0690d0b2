import { queryOptions } from "@tanstack/react-query";
import { addressDetailSchema, applicationDetailSchema, applicationsResponseSchema, serviceDetailSchema } from "./catalog-entities";
import { ApiError, fetchJson } from "./fetch-json";
import { registryStatusResponseSchema } from "./registry-state";
import { servicesResponseSchema } from "./services";

/**
 * Query keys, shared by server prefetch, client hooks and the live invalidation. The first
 * element names the kind of thing, so one kind can be invalidated at once
 * (`["services"]` is every services list, whatever its filter).
 */
export const queryKeys = {
  services: (q: string) => ["services", { q }] as const,
  service: (key: string) => ["service", key] as const,
  applications: (q: string) => ["applications", { q }] as const,
  application: (name: string) => ["application", name] as const,
  address: (value: string) => ["address", value] as const,
  registryStatus: () => ["registry", "status"] as const,
};

/**
 * The kinds of query whose answer can change when one service changes: its own detail, and
 * every list or entity that counts or lists services.
 */
export const SERVICE_DEPENDENT_KINDS = ["services", "applications", "application", "address"] as const;

/** Retry once what never got an answer (the network); an answer from the console, error or not, is shown at once. */
function retryUnanswered(failures: number, error: Error): boolean {
  return !(error instanceof ApiError) && failures < 1;
}

function url(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== ""));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function servicesQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.services(q),
    queryFn: ({ signal }) => fetchJson(url("/api/v1/services", { q }), servicesResponseSchema, signal),
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
