import type { Route } from "@/lib/api/routing/routes";
import { serviceKey } from "@/lib/dubbo/service-key";
import { serviceHref } from "@/lib/format/hrefs";

/** The service key a route applies to (`group/interface:version`). */
export function routeServiceKey(route: Pick<Route, "service" | "group" | "version">): string {
  return serviceKey({ interface: route.service, group: route.group, version: route.version });
}

/** The service page's Routes tab with this route's editor open. */
export function routeEditHref(route: Route): string {
  return `${serviceHref(routeServiceKey(route), "routes")}&route=${encodeURIComponent(route.id)}`;
}

/** The service page's Routes tab with a new route's editor open. */
export function newRouteHref(key: string): string {
  return `${serviceHref(key, "routes")}&new=1`;
}
