import { parseRouteNode } from "@/lib/dubbo/rules/route-url";
import type { ServiceId } from "@/lib/dubbo/service-key";
import type { ChainRoute } from "@/lib/routing/evaluate/route-chain";

/** A route node as the catalog keeps it (server/governance's RouteRecord). */
export interface RouteNode {
  readonly registry: string;
  readonly category: "routers" | "configurators";
  /** The ZooKeeper child name. */
  readonly node: string;
}

/**
 * The condition routes of `registry`'s `routers` category that a consumer of `service`
 * loads (RegistryDirectory.toRouters; lib/dubbo/rules/route-url.ts says which load), for
 * lib/routing's routeChain. A route with a group or version applies only to consumers of
 * that group and version, one without only to consumers without (UrlUtils.isMatch).
 * Routes that do not parse as URLs are left out, as Java skips them.
 */
export function registryRoutes(nodes: readonly RouteNode[], registry: string, service: ServiceId): ChainRoute[] {
  const routes: ChainRoute[] = [];
  for (const r of nodes) {
    if (r.registry !== registry || r.category !== "routers") continue;
    let read;
    try {
      read = parseRouteNode(r.node, service.interface);
    } catch {
      continue;
    }
    const { spec } = read;
    if (!read.loaded || spec.group !== service.group || spec.version !== service.version) continue;
    routes.push({ rule: spec.rule, force: spec.force, enabled: spec.enabled, priority: spec.priority, name: spec.name });
  }
  return routes;
}
