"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConfigRoutePutBody, copyPlan, isEditable, routeConfigKey } from "@/lib/api/routing/config-route-change";
import { type ConfigRoute, configRouteDeleteResponseSchema, configRoutePutResponseSchema } from "@/lib/api/routing/config-routes";
import { ApiError } from "@/lib/api/client/fetch-json";
import { configRoutesQuery } from "@/lib/api/client/queries";
import type { Route } from "@/lib/api/routing/routes";
import { sendJson } from "@/lib/api/client/send-json";

/** Every change refetches every config-center rule list, as the change event would. */
function useConfigRoutesChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["config-routes"] });
}

/** The message of a failed write: a 409 asks the operator to look at the rule as it now is. */
export function configRouteErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.code === "conflict") return "The config-center rule changed since this page read it; the list now shows it as it is: look again and retry.";
  return error.message;
}

/** PUT /api/v1/config-routes with a body from lib/api/routing/config-route-change.ts. */
export function usePutConfigRoute() {
  const changed = useConfigRoutesChanged();
  return useMutation({
    mutationFn: (body: ConfigRoutePutBody) => sendJson("PUT", "/api/v1/config-routes", body, configRoutePutResponseSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/config-routes?key=&revision=&registry=. */
export function useDeleteConfigRoute() {
  const changed = useConfigRoutesChanged();
  return useMutation({
    mutationFn: (rule: ConfigRoute) => {
      const query = new URLSearchParams({ key: rule.key, revision: String(rule.revision), registry: rule.registry });
      return sendJson("DELETE", `/api/v1/config-routes?${query}`, undefined, configRouteDeleteResponseSchema);
    },
    onSettled: changed,
  });
}

/** What copying a route did: created the rule, appended the condition, or found it there already. */
export type CopyOutcome = "created" | "appended" | "present";

/**
 * Copies a registry route's rule into its service's config-center rule: reads the rule as
 * it is now, then creates it or appends the condition based on its revision (a 409 when
 * someone changed it in between). Refuses a rule the console cannot rewrite.
 */
export function useCopyToConfigCenter() {
  const client = useQueryClient();
  const changed = useConfigRoutesChanged();
  return useMutation({
    mutationFn: async (route: Route): Promise<CopyOutcome> => {
      const filter = { service: route.service, group: route.group, version: route.version };
      const { routes } = await client.fetchQuery({ ...configRoutesQuery(filter), staleTime: 0 });
      const key = routeConfigKey(route);
      const existing = routes.find((r) => r.key === key && r.registry === route.registry) ?? null;
      if (existing !== null && !isEditable(existing)) {
        throw new Error(`The config-center rule ${key} is ${existing.rule === null ? "one Dubbo refuses to read" : "a v3.1 rule"}; the console does not append to it.`);
      }
      const plan = copyPlan(route, existing);
      if (plan.type === "present") return "present";
      await sendJson("PUT", "/api/v1/config-routes", plan.body, configRoutePutResponseSchema);
      return plan.type === "create" ? "created" : "appended";
    },
    onSettled: changed,
  });
}
