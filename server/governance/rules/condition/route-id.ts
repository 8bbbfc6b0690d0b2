import { createHash } from "node:crypto";
import { ValidationError } from "@/lib/errors";

/**
 * A route's id and revision, apart.
 *
 * A route is one ZooKeeper node whose name is its whole content, and every edit replaces
 * the node (Dubbo has no other way to change a registered URL). So:
 * - the revision is a fingerprint of the node name: it changes with every change of the
 *   route, and a write based on another revision is refused (409 conflict);
 * - the id says where the route is (which configured registry, which service directory)
 *   and which route, by what stays across edits: its group, version and name
 *   (`{registry}.{b64url dir}.{b64url group}.{b64url version}.{b64url name}`, a **stable id**),
 *   for a *named* route, one whose name no other route of its service, group and version
 *   shares (the console never writes two such; others may). A route without a name, or one
 *   sharing its name, has nothing that stays: its id is its node's fingerprint
 *   (`{registry}.{b64url dir}.{revision}`, a **fingerprint id**), which an edit changes.
 *   Renaming a route (or changing its group or version) gives it another id.
 *
 * Ids need no state in the console and are the same on every replica with the same
 * configuration. Before stable ids every route had a fingerprint id; such an old id of a
 * named route still names it (route-lookup.ts: GET redirects, writes act on the route).
 *
 * A route edited and then edited back has its first revision again: an edit based on it
 * then applies to exactly the content it was based on.
 */
export type RouteRef = StableRef | FingerprintRef;

interface RefBase {
  /** Index of the registry in the configuration (DUBBO_REGISTRY). */
  readonly registry: number;
  /** The service directory's name under the root, as ZooKeeper lists it (`URL.encode(interface)`). */
  readonly dir: string;
}

/** A named route, by its group, version and name ('' for none of the first two; the name is never ''). */
export interface StableRef extends RefBase {
  readonly kind: "stable";
  readonly group: string;
  readonly version: string;
  readonly name: string;
}

/** A route node, by its fingerprint (its revision): an unnamed route, one sharing its name, or an id from before stable ids. */
export interface FingerprintRef extends RefBase {
  readonly kind: "fingerprint";
  readonly revision: string;
}

/** The fingerprint of a node name: 96 bits of its SHA-256, base64url. */
export function revisionOf(node: string): string {
  return createHash("sha256").update(node, "utf8").digest("base64url").slice(0, 16);
}

/** The stable id of the route named `name` (not '') in `group` and `version` of directory `dir` of registry `registry`. */
export function stableRouteId(registry: number, dir: string, route: { readonly group: string; readonly version: string; readonly name: string }): string {
  return [String(registry), b64(dir), b64(route.group), b64(route.version), b64(route.name)].join(".");
}

/** The fingerprint id of node `node` of directory `dir` of registry `registry`. */
export function fingerprintRouteId(registry: number, dir: string, node: string): string {
  return idOfRef({ kind: "fingerprint", registry, dir, revision: revisionOf(node) });
}

/** The id `ref` was read from (every id has one spelling). */
export function idOfRef(ref: RouteRef): string {
  return ref.kind === "fingerprint" ? `${ref.registry}.${b64(ref.dir)}.${ref.revision}` : stableRouteId(ref.registry, ref.dir, ref);
}

const B64 = "[A-Za-z0-9_-]";
const FINGERPRINT = new RegExp(`^(\\d{1,3})\\.(${B64}{1,2000})\\.(${B64}{16})$`);
const STABLE = new RegExp(`^(\\d{1,3})\\.(${B64}{1,2000})\\.(${B64}{0,200})\\.(${B64}{0,200})\\.(${B64}{1,500})$`);

/** @throws ValidationError when `id` is not one this API gave out (now or before stable ids). */
export function parseRouteId(id: string): RouteRef {
  const f = FINGERPRINT.exec(id);
  if (f) {
    const dir = unb64(f[2]!);
    if (dir !== undefined && usableDir(dir)) return { kind: "fingerprint", registry: Number(f[1]), dir, revision: f[3]! };
  }
  const s = STABLE.exec(id);
  if (s) {
    const [dir, group, version, name] = [s[2]!, s[3]!, s[4]!, s[5]!].map(unb64);
    if (dir !== undefined && usableDir(dir) && group !== undefined && version !== undefined && name !== undefined && name !== "") {
      return { kind: "stable", registry: Number(s[1]), dir, group, version, name };
    }
  }
  const message = `id ${JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)} is not a route id this API gave out; GET /api/v1/routes lists them`;
  throw new ValidationError(message, [{ path: "id", message }]);
}

function usableDir(dir: string): boolean {
  return dir !== "" && dir !== "." && dir !== ".." && !dir.includes("/");
}

function b64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}

/** The text `part` encodes; undefined when it is not the one encoding of a UTF-8 text (so every id has one spelling). */
function unb64(part: string): string | undefined {
  const text = Buffer.from(part, "base64url").toString("utf8");
  return b64(text) === part ? text : undefined;
}
