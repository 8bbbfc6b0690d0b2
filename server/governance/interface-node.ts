import { type ServiceId, serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import type { RegistryEntry, ServiceNode } from "../registry/registry-view";
import type { RouteCategory } from "./service-entry";

/** The provider and consumer URLs of one service key under one interface node. */
export interface KeyShare {
  readonly id: ServiceId;
  readonly providers: RegistryEntry[];
  readonly consumers: RegistryEntry[];
}

/**
 * One interface-level node (`/{root}/{interface}`) of one registry, its URLs grouped by the
 * service key they speak for: one interface node holds every group and version of the
 * interface. Routes stay with the node; {@link routeApplies} says which keys they concern.
 */
export interface InterfaceNode {
  readonly byKey: ReadonlyMap<string, KeyShare>;
  readonly routes: readonly { readonly category: RouteCategory; readonly entry: RegistryEntry }[];
}

/** `empty://` URLs are Dubbo's marker of an emptied category, not providers or consumers. */
const isEmptyMarker = (url: DubboUrl) => url.protocol === "empty";

/** Groups what the view holds under one interface node; work proportional to the node's URLs. */
export function groupInterfaceNode(node: ServiceNode | undefined): InterfaceNode {
  const byKey = new Map<string, KeyShare>();
  const share = (url: DubboUrl): KeyShare => {
    const id = serviceIdOf(url);
    const key = serviceKey(id);
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { id, providers: [], consumers: [] }));
    return s;
  };
  for (const entry of node?.get("providers") ?? []) if (!isEmptyMarker(entry.url)) share(entry.url).providers.push(entry);
  for (const entry of node?.get("consumers") ?? []) if (!isEmptyMarker(entry.url)) share(entry.url).consumers.push(entry);
  const routes: { category: RouteCategory; entry: RegistryEntry }[] = [];
  for (const category of ["routers", "configurators"] as const) {
    for (const entry of node?.get(category) ?? []) if (!isEmptyMarker(entry.url)) routes.push({ category, entry });
  }
  return { byKey, routes };
}

/**
 * Whether a route URL concerns service `id`: same interface, and a group and version that
 * are either absent from the route (it concerns every group or version) or the service's.
 */
export function routeApplies(route: DubboUrl, id: ServiceId): boolean {
  const r = serviceIdOf(route);
  return r.interface === id.interface && (r.group === "" || r.group === id.group) && (r.version === "" || r.version === id.version);
}
