import type { ChangeEvent } from "../events";
import { queryKeys, SERVICE_DEPENDENT_KINDS } from "./queries";

/** A query-key prefix to invalidate: every query whose key starts with it. */
export type KeyPrefix = readonly unknown[];

/**
 * What a batch of change events makes out of date, as query-key prefixes, or `"all"`.
 * A service event touches that service's detail and every list or entity that counts
 * services (lists are not told which services they hold), every config-center rule list
 * (a rule's change arrives as a `routers` event of the services it concerns) and the route
 * previews of that service (its providers and consumers are what they route); a routes event touches every
 * routes list (a list is not told which services it holds either); a registry event changes the
 * stale markers every answer carries, and `reset` says the client missed events: both
 * make everything out of date.
 */
export function prefixesToInvalidate(events: readonly ChangeEvent[]): KeyPrefix[] | "all" {
  const keys = new Set<string>();
  let routes = false;
  let configs = false;
  let tagRoutes = false;
  for (const event of events) {
    switch (event.type) {
      case "service":
        keys.add(event.key);
        break;
      case "routes":
        routes = true;
        break;
      case "configs":
        configs = true;
        break;
      case "tag-routes":
        tagRoutes = true;
        break;
      case "registry":
      case "reset":
        return "all";
    }
  }
  // A route change is also a new audit entry.
  // A config change is also a new audit entry.
  // A tag-rule change is too.
  const audited = routes || configs;
  const routesPrefix: KeyPrefix[] = [...(routes ? [["routes"], ["audit"]] : []), ...(configs ? [["configs"], ...(routes ? [] : [["audit"]])] : []), ...(tagRoutes ? [["tag-routes"], ...(audited ? [] : [["audit"]])] : [])];
  if (keys.size === 0) return routesPrefix;
  const previews = routes ? [] : [...keys].map((key) => ["routes", "preview", key]);
  return [...SERVICE_DEPENDENT_KINDS.map((kind) => [kind]), ...[...keys].map((key) => queryKeys.service(key)), ...previews, ...routesPrefix];
}
