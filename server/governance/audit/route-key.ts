import type { Route } from "@/lib/api/routes";
import { parseRouteId } from "../rules/condition/route-id";

/**
 * A route's identity across edits, as the audit trail records it. A route's id names its
 * node, and every edit replaces the node; what stays is where it is (the registry's index
 * in the configuration and the service directory) and what Dubbo and the console call it
 * (group, version and name: two routes of one service cannot share them).
 *
 * `{registry}.{base64url(dir)}.{base64url(group)}.{base64url(version)}.{base64url(name)}`:
 * opaque, URL-safe, and the same on every replica with the same configuration.
 */
export function routeKey(registry: number, dir: string, route: Pick<Route, "group" | "version" | "name">): string {
  return [String(registry), dir, route.group, route.version, route.name].map((p, i) => (i === 0 ? p : b64(p))).join(".");
}

/** The key of a route as the API shows it (its id says the registry and directory). */
export function routeKeyOf(route: Pick<Route, "id" | "group" | "version" | "name">): string {
  const ref = parseRouteId(route.id);
  return routeKey(ref.registry, ref.dir, route);
}

function b64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
