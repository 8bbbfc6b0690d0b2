import type { Route } from "@/lib/api/routing/routes";
import { parseRouteId, stableRouteId } from "../rules/condition/route-id";

/**
 * A route's identity across edits, as the audit trail records it: where it is (the
 * registry's index in the configuration and the service directory) and what Dubbo and the
 * console call it (group, version and name). For a named route this is its stable id
 * (route-id.ts), so the trail is keyed by the id the API shows; a route without a name, or
 * sharing its name, has a fingerprint id, and its key is still the one of its group,
 * version and name.
 *
 * `{registry}.{base64url(dir)}.{base64url(group)}.{base64url(version)}.{base64url(name)}`:
 * opaque, URL-safe, and the same on every replica with the same configuration.
 */
export function routeKey(registry: number, dir: string, route: Pick<Route, "group" | "version" | "name">): string {
  return stableRouteId(registry, dir, route);
}

/** The key of a route as the API shows it (its id says the registry and directory). */
export function routeKeyOf(route: Pick<Route, "id" | "group" | "version" | "name">): string {
  const ref = parseRouteId(route.id);
  return routeKey(ref.registry, ref.dir, route);
}
