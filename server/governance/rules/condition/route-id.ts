import { createHash } from "node:crypto";
import { ValidationError } from "@/lib/errors";

/**
 * A route's id and revision.
 *
 * A route is one ZooKeeper node whose name is its whole content, and every edit replaces
 * the node (Dubbo has no other way to change a registered URL). So:
 * - the revision is a fingerprint of the node name: it changes with every change of the
 *   route, and an edit naming an old revision finds no node with it (409 conflict);
 * - the id says where the node is (which configured registry, which service directory)
 *   and which node (its fingerprint), so it is short whatever the rule's length, needs no
 *   state in the console, and is the same on every replica with the same configuration.
 *   An edit gives the route a new id; the answer carries it.
 *
 * A route edited and then edited back has its first revision again: an edit based on it
 * then applies to exactly the content it was based on.
 *
 * The id: `{registry index}.{base64url(service directory name)}.{fingerprint}`.
 */
export interface RouteRef {
  /** Index of the registry in the configuration (DUBBO_REGISTRY). */
  readonly registry: number;
  /** The service directory's name under the root, as ZooKeeper lists it (`URL.encode(interface)`). */
  readonly dir: string;
  readonly revision: string;
}

/** The fingerprint of a node name: 96 bits of its SHA-256, base64url. */
export function revisionOf(node: string): string {
  return createHash("sha256").update(node, "utf8").digest("base64url").slice(0, 16);
}

export function routeId(registry: number, dir: string, node: string): string {
  return `${registry}.${Buffer.from(dir, "utf8").toString("base64url")}.${revisionOf(node)}`;
}

const ID = /^(\d{1,3})\.([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{16})$/;

/** @throws ValidationError when `id` is not one this API gave out. */
export function parseRouteId(id: string): RouteRef {
  const m = ID.exec(id);
  const dir = m ? Buffer.from(m[2]!, "base64url").toString("utf8") : "";
  if (!m || dir === "" || dir === "." || dir === ".." || dir.includes("/") || Buffer.from(dir, "utf8").toString("base64url") !== m[2]) {
    const message = `id ${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)} is not a route id this API gave out; GET /api/v1/routes lists them`;
    throw new ValidationError(message, [{ path: "id", message }]);
  }
  return { registry: Number(m[1]), dir, revision: m[3]! };
}
