import { type ServiceId, serviceIdOf, serviceKey } from "@/lib/dubbo/service-key";
import { type DubboUrl, urlParam } from "@/lib/dubbo/url";
import { CATEGORIES, type Category } from "../../registry/categories";
import type { RegistryEntry, ServiceNode } from "../../registry/registry-view";
import { RULE_CATEGORIES } from "@/lib/rules/rule-kinds";
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
  /** The view's lists it was grouped from (the view replaces a list whole, never edits one). */
  readonly lists: ReadonlyMap<Category, readonly RegistryEntry[]>;
}

/** `empty://` URLs are Dubbo's marker of an emptied category, not providers or consumers. */
const isEmptyMarker = (url: DubboUrl) => url.protocol === "empty";

/** Whether two URLs name the same service (interface param or path, group, version), without building keys. */
function sameService(a: DubboUrl, b: DubboUrl): boolean {
  return (
    urlParam(a, "interface", a.path) === urlParam(b, "interface", b.path) &&
    urlParam(a, "group") === urlParam(b, "group") &&
    urlParam(a, "version") === urlParam(b, "version")
  );
}

/** Groups what the view holds under one interface node; work proportional to the node's URLs. */
export function groupInterfaceNode(node: ServiceNode | undefined): InterfaceNode {
  const byKey = new Map<string, KeyShare>();
  // The URLs of a node nearly always speak for one or two services: reuse the last one's share.
  let last: { url: DubboUrl; share: KeyShare } | null = null;
  const share = (url: DubboUrl): KeyShare => {
    if (last && sameService(last.url, url)) return last.share;
    const id = serviceIdOf(url);
    const key = serviceKey(id);
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { id, providers: [], consumers: [] }));
    last = { url, share: s };
    return s;
  };
  for (const entry of node?.get("providers") ?? []) if (!isEmptyMarker(entry.url)) share(entry.url).providers.push(entry);
  for (const entry of node?.get("consumers") ?? []) if (!isEmptyMarker(entry.url)) share(entry.url).consumers.push(entry);
  const routes: { category: RouteCategory; entry: RegistryEntry }[] = [];
  for (const category of RULE_CATEGORIES) {
    for (const entry of node?.get(category) ?? []) if (!isEmptyMarker(entry.url)) routes.push({ category, entry });
  }
  return { byKey, routes, lists: new Map(node ?? []) };
}

/**
 * Whether `node` holds exactly the URLs `before` was grouped from: the same lists, or lists
 * of the same child names. A registry re-read replaces every list, mostly with the same
 * names; comparing them is far cheaper than deriving the node's services again.
 */
export function sameNodeContent(before: InterfaceNode, node: ServiceNode | undefined): boolean {
  for (const category of CATEGORIES) {
    const a = before.lists.get(category) ?? [];
    const b = node?.get(category) ?? [];
    if (a === b) continue;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i]!.node !== b[i]!.node) return false;
  }
  return true;
}

/**
 * Whether a route URL concerns service `id`: same interface, and a group and version that
 * are either absent from the route (it concerns every group or version) or the service's.
 */
export function routeApplies(route: DubboUrl, id: ServiceId): boolean {
  const r = serviceIdOf(route);
  return r.interface === id.interface && (r.group === "" || r.group === id.group) && (r.version === "" || r.version === id.version);
}
