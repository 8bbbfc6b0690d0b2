import type { Route, RouteCopyState } from "@/lib/api/routing/routes";
import { parseRouteNode } from "@/lib/dubbo/rules/route-url";
import { javaUrlDecode } from "@/lib/dubbo/url";
import { fingerprintRouteId, revisionOf } from "./route-id";

/** Where a routers directory is: which registry (index and source), under which root, which service directory. */
export interface RoutersDir {
  readonly index: number;
  readonly registry: string;
  readonly root: string;
  /** The service directory's name as ZooKeeper lists it (`URL.encode(interface)`). */
  readonly dir: string;
}

/** The interface a service directory is named for; the name itself when it is not valid encoding. */
export function serviceOfDir(dir: string): string {
  try {
    return javaUrlDecode(dir);
  } catch {
    return dir;
  }
}

/** The ZooKeeper path of a routers directory. */
export function routersDirPath(at: Pick<RoutersDir, "root" | "dir">): string {
  return `${at.root === "/" ? "" : at.root}/${at.dir}/routers`;
}

/**
 * The API's view of one routers-category node (its child name `node`); `present` says
 * whether its rule is a condition of its service's config-center rule (route-copy.ts);
 * `id`: its id among the other routes of its directory (route-lookup.ts idAmong), its
 * fingerprint id when left out.
 * @throws UrlSyntaxError when the name is not a Dubbo URL.
 */
export function routeOf(at: RoutersDir, node: string, present = false, id = fingerprintRouteId(at.index, at.dir, node)): Route {
  const service = serviceOfDir(at.dir);
  const read = parseRouteNode(node, service);
  const { spec } = read;
  return {
    id,
    registry: at.registry,
    service,
    group: spec.group,
    version: spec.version,
    name: spec.name,
    rule: spec.rule,
    priority: spec.priority,
    force: spec.force,
    runtime: spec.runtime,
    enabled: spec.enabled,
    targets: present ? ["registry", "config-center"] : ["registry"],
    configCenter: copyState(spec.configCenter === true, spec.enabled, present),
    origin: { writer: read.writer, loaded: read.loaded, reason: read.reason },
    revision: revisionOf(node),
    node: `${routersDirPath(at)}/${node}`,
    url: javaUrlDecode(node),
  };
}

/** `route` (read as having no config-center copy) with its copy present. */
export function withCopyPresent(route: Route): Route {
  return { ...route, targets: ["registry", "config-center"], configCenter: "present" };
}

/** Where a route's config-center copy stands: see RouteCopyState. */
export function copyState(wanted: boolean, enabled: boolean, present: boolean): RouteCopyState {
  return present ? "present" : !wanted ? "none" : enabled ? "missing" : "withheld";
}

/** Orders routes by service, group, version, then as Dubbo runs them (priority), then name and node. */
export function compareRoutes(a: Route, b: Route): number {
  return (
    cmp(a.service, b.service) ||
    cmp(a.group, b.group) ||
    cmp(a.version, b.version) ||
    a.priority - b.priority ||
    cmp(a.name, b.name) ||
    cmp(a.registry, b.registry) ||
    cmp(a.node, b.node)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
