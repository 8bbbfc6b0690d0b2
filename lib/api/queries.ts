import { queryOptions } from "@tanstack/react-query";
import { ApiError, fetchJson } from "./fetch-json";
import { registryStatusResponseSchema } from "./registry-state";
import { servicesResponseSchema } from "./services";

/** Query keys and options, shared by server prefetch and client hooks. */
export const queryKeys = {
  services: (q: string) => ["services", { q }] as const,
  registryStatus: () => ["registry", "status"] as const,
};

/** Retry once what never got an answer (the network); an answer from the console, error or not, is shown at once. */
function retryUnanswered(failures: number, error: Error): boolean {
  return !(error instanceof ApiError) && failures < 1;
}

export function servicesQuery(q: string) {
  const params = new URLSearchParams(q ? { q } : {});
  return queryOptions({
    queryKey: queryKeys.services(q),
    queryFn: ({ signal }) => fetchJson(`/api/v1/services?${params}`, servicesResponseSchema, signal),
    refetchInterval: 5_000,
    retry: retryUnanswered,
  });
}

export function registryStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.registryStatus(),
    queryFn: ({ signal }) => fetchJson("/api/v1/registry", registryStatusResponseSchema, signal),
    refetchInterval: 3_000,
  });
}
