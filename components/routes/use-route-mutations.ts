"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deletedRouteSchema, type Route, type RouteTarget, routeSchema as savedRouteSchema } from "@/lib/api/routing/routes";
import { sendJson } from "@/lib/api/client/send-json";
import type { RouteSpec } from "@/lib/dubbo/rules/route-url";

/** What the editor saves: the service it is for and the fields of the route (those its URL holds). */
export type RouteFields = RouteSpec;

/** Every change refetches every routes list (and the previews under it), as the change event would. */
function useRoutesChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["routes"] });
}

/**
 * POST /api/v1/routes (no `route`) or PUT /api/v1/routes/{id} with the revision the edit is
 * based on; `targets` is always sent, so an edit adds or takes out the config-center copy.
 */
export function useSaveRoute() {
  const changed = useRoutesChanged();
  return useMutation({
    mutationFn: ({ route, fields, targets, allowStranding }: { route: Route | null; fields: RouteFields; targets: RouteTarget[]; allowStranding?: boolean }) => {
      const { service, group, version, name, rule, priority, force, runtime, enabled } = fields;
      const stranding = allowStranding ? { allowStranding: true } : {};
      if (route === null) return sendJson("POST", "/api/v1/routes", { service, group, version, name, rule, priority, force, runtime, enabled, targets, ...stranding }, savedRouteSchema);
      return sendJson("PUT", `/api/v1/routes/${encodeURIComponent(route.id)}`, { revision: route.revision, name, rule, priority, force, runtime, enabled, targets, ...stranding }, savedRouteSchema);
    },
    onSettled: changed,
  });
}

/** POST /api/v1/routes/{id}/enable or /disable, based on the revision shown; `allowStranding` when the operator confirmed a 409 `strands_consumers`. */
export function useToggleRoute() {
  const changed = useRoutesChanged();
  return useMutation({
    mutationFn: ({ route, enabled, allowStranding }: { route: Route; enabled: boolean; allowStranding?: boolean }) =>
      sendJson("POST", `/api/v1/routes/${encodeURIComponent(route.id)}/${enabled ? "enable" : "disable"}?revision=${encodeURIComponent(route.revision)}`, allowStranding ? { allowStranding: true } : undefined, savedRouteSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/routes/{id}?revision=. */
export function useDeleteRoute() {
  const changed = useRoutesChanged();
  return useMutation({
    mutationFn: (route: Route) => sendJson("DELETE", `/api/v1/routes/${encodeURIComponent(route.id)}?revision=${encodeURIComponent(route.revision)}`, undefined, deletedRouteSchema),
    onSettled: changed,
  });
}
