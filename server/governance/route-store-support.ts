import type { RouteChanges } from "@/lib/api/routes";
import { parseRouteNode, type RouteSpec } from "@/lib/dubbo/route-url";
import { ConflictError, isConsoleError, RegistryUnavailableError } from "@/lib/errors";
import type { ZkSession } from "../registry/zk-session";
import { commitMulti, type MultiOp, type MultiOutcome } from "../registry/zk-writes";

/** The route store's helpers that need no state of it: the commit, and reading the other routes of a routers directory. */

/** Commits `ops`; a failure after they were sent leaves the outcome unknown, and says so. */
export async function commitOrUnknown(session: ZkSession, ops: readonly MultiOp[]): Promise<MultiOutcome> {
  const sent = session.state.type === "connected"; // else request() refuses at once, before sending
  try {
    return await commitMulti(session, ops);
  } catch (e) {
    if (!sent || !isConsoleError(e) || e.code !== "registry_unavailable") throw e;
    throw new RegistryUnavailableError(
      `${e.message}; the change may still be applied when ZooKeeper answers again: reload the routes before trying again`,
      { ...e.details, outcome: "unknown" },
      { cause: e },
    );
  }
}

/** The routes of `children` that Dubbo reads as URLs (it skips the others too), with their node names. */
function readable(children: readonly string[], service: string): { node: string; spec: RouteSpec }[] {
  return children.flatMap((node) => {
    try {
      return [{ node, spec: parseRouteNode(node, service).spec }];
    } catch {
      return [];
    }
  });
}

/** The child of `children` that is a route of the same service, group, version and name as `spec`. */
export function sameName(children: readonly string[], spec: RouteSpec): string | undefined {
  return readable(children, spec.service).find(({ spec: other }) => other.name === spec.name && other.group === spec.group && other.version === spec.version)?.node;
}

/**
 * Whether a route of `others` keeps `spec`'s config-center copy: one that is enabled, asks
 * for a copy, and has the same rule for the same service, group and version.
 */
export function sharesCopy(others: readonly string[], spec: RouteSpec): boolean {
  return readable(others, spec.service).some(
    ({ spec: o }) => o.configCenter === true && o.enabled && o.rule === spec.rule && o.group === spec.group && o.version === spec.version,
  );
}

export function duplicate(spec: RouteSpec, id: string): ConflictError {
  const key = `${spec.group ? `${spec.group}/` : ""}${spec.service}${spec.version ? `:${spec.version}` : ""}`;
  return new ConflictError(`a route named ${JSON.stringify(spec.name)} already exists for ${key}; edit it (id ${id}) or choose another name`, { id });
}

export function gone(id: string): ConflictError {
  return new ConflictError(`route ${id} is not in the registry any more: it was edited (an edit gives a route a new id) or deleted since it was read; reload the routes`, { id });
}

/** `changes` without the fields left out. */
export function definedOnly(changes: RouteChanges): Partial<RouteSpec> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<RouteSpec>;
}
