import { parseRouteNode } from "@/lib/dubbo/rules/route-url";
import { ConflictError } from "@/server/errors/governance-errors";
import { fingerprintRouteId, idOfRef, parseRouteId, type RouteRef, revisionOf, type StableRef, stableRouteId } from "./route-id";

/**
 * Resolving route ids (route-id.ts) against the nodes of one routers directory. Pure: the
 * store gives the nodes, from the registry's view (reads) or as just read from ZooKeeper
 * (writes), and `formerKey` (the audit trail's) for an old id whose node is gone.
 */

/** What a lookup needs of one route node: its name, and the group, version and name of its route. */
export interface RouteNodeInfo {
  readonly node: string;
  readonly group: string;
  readonly version: string;
  readonly name: string;
}

/** The route nodes among `children` (a routers directory's) that Dubbo reads as URLs, with their group, version and name. */
export function routeNodes(children: readonly string[], service: string): RouteNodeInfo[] {
  return children.flatMap((node) => {
    try {
      const { group, version, name } = parseRouteNode(node, service).spec;
      return [{ node, group, version, name }];
    } catch {
      return [];
    }
  });
}

/** The nodes of `nodes` whose route is named, and alone with its name in its group and version: those have a stable id. */
export function namedNodes(nodes: readonly RouteNodeInfo[]): Set<string> {
  const count = new Map<string, number>();
  for (const n of nodes) if (n.name !== "") count.set(keyOf(n), (count.get(keyOf(n)) ?? 0) + 1);
  return new Set(nodes.filter((n) => n.name !== "" && count.get(keyOf(n)) === 1).map((n) => n.node));
}

/** The id of `node` among `nodes` (which holds it) in directory `dir` of registry `registry`. */
export function idAmong(registry: number, dir: string, node: RouteNodeInfo, nodes: readonly RouteNodeInfo[]): string {
  const shared = node.name === "" || nodes.some((n) => n.node !== node.node && keyOf(n) === keyOf(node));
  return shared ? fingerprintRouteId(registry, dir, node.node) : stableRouteId(registry, dir, node);
}

/**
 * Where an id leads among `nodes`:
 * - `found`: the route it names, and `alias` when the id is an old fingerprint id of a
 *   route that now has a stable id (`id` is that one);
 * - `none`: no route has it (deleted, or for a fingerprint id, edited since and not in
 *   the trail);
 * - `ambiguous`: a stable id whose name several routes share now (each has a fingerprint id).
 * `formerKey` gives the audit trail's key (a stable id's form) of an old id no node has.
 */
export type Lookup =
  | { readonly type: "found"; readonly node: RouteNodeInfo; readonly id: string; readonly alias: boolean }
  | { readonly type: "none" }
  | { readonly type: "ambiguous"; readonly ids: readonly string[] };

export function lookup(ref: RouteRef, nodes: readonly RouteNodeInfo[], formerKey?: (id: string) => string | undefined): Lookup {
  if (ref.kind === "fingerprint") {
    const node = nodes.find((n) => revisionOf(n.node) === ref.revision);
    if (node) {
      const id = idAmong(ref.registry, ref.dir, node, nodes);
      return { type: "found", node, id, alias: id !== fingerprintRouteId(ref.registry, ref.dir, node.node) };
    }
    const key = formerKey?.(idOfRef(ref));
    const former = key === undefined ? undefined : stableRefOf(key);
    if (!former || former.registry !== ref.registry || former.dir !== ref.dir) return { type: "none" };
    const found = lookup(former, nodes);
    return found.type === "found" ? { ...found, alias: true } : found;
  }
  const same = nodes.filter((n) => n.name !== "" && n.name === ref.name && n.group === ref.group && n.version === ref.version);
  if (same.length === 0) return { type: "none" };
  if (same.length > 1) return { type: "ambiguous", ids: same.map((n) => fingerprintRouteId(ref.registry, ref.dir, n.node)) };
  return { type: "found", node: same[0]!, id: stableRouteId(ref.registry, ref.dir, ref), alias: false };
}

/** The refusal of a stable id several routes share: they have fingerprint ids, named in the details. */
export function ambiguous(id: string, ids: readonly string[]): ConflictError {
  return new ConflictError(`${ids.length} routes share the name route ${id} names, so none has that id: use one of their own ids (${ids.join(", ")}), as GET /api/v1/routes lists them`, { id, ids: [...ids] });
}

function keyOf(n: Pick<RouteNodeInfo, "group" | "version" | "name">): string {
  return JSON.stringify([n.group, n.version, n.name]);
}

function stableRefOf(key: string): StableRef | undefined {
  try {
    const ref = parseRouteId(key);
    return ref.kind === "stable" ? ref : undefined;
  } catch {
    return undefined;
  }
}
