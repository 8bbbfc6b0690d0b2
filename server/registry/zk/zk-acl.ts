import { createHash } from "node:crypto";
import zookeeper from "node-zookeeper-client";
import type { RegistryAddress } from "@/lib/dubbo/registry-address";
import { ForbiddenError } from "@/server/errors/auth-errors";
import { type AclEntry, formatAclSpec } from "./zk-acl-spec";
import { SESSION_CLOSED_REQUIRE_AUTH } from "./zk-error-codes";

/**
 * The ACL of every node the console creates, and how ZooKeeper's ACL refusals become
 * typed errors.
 *
 * Default, as Dubbo does it (2.7.23 CuratorZookeeperClient and 3.3.x
 * Curator5ZookeeperClient give every node `CREATOR_ALL_ACL` when the registry URL has
 * `username:password`): with credentials, all permissions for the digest identity of
 * those credentials and nothing for anyone else. Written as the explicit
 * `digest:user:<hash>:cdrwa` that ZooKeeper would store for `auth::cdrwa`, so it does not
 * depend on the session's auth having been sent first, and reads back the same. A Dubbo
 * consumer configured with the same `dubbo.registry.username/password` reads it; one
 * without credentials cannot, exactly as it cannot read the nodes Dubbo's own providers
 * create with those credentials (so adding `world:anyone:r` would open the routes and
 * nothing else). Without credentials: `world:anyone:cdrwa` (OPEN_ACL_UNSAFE), as before.
 *
 * `CONSOLE_ZK_ACL` (server/runtime/config.ts) replaces the default for every registry.
 */

/** ZooKeeper's digest id for `username:password`: `username:base64(sha1("username:password"))` (DigestAuthenticationProvider.generateDigest). */
export function digestId(username: string, password: string): string {
  return `${username}:${createHash("sha1").update(`${username}:${password}`, "utf8").digest("base64")}`;
}

/** The ACL entries for a registry: `configured` when given, else the default described above. */
export function aclEntries(auth: RegistryAddress["auth"], configured?: readonly AclEntry[] | null): readonly AclEntry[] {
  if (configured && configured.length > 0) return configured;
  if (auth) return [{ scheme: "digest", id: digestId(auth.username, auth.password), perms: "cdrwa" }];
  return [{ scheme: "world", id: "anyone", perms: "cdrwa" }];
}

const PERMISSION_BITS: Readonly<Record<string, number>> = {
  c: zookeeper.Permission.CREATE,
  d: zookeeper.Permission.DELETE,
  r: zookeeper.Permission.READ,
  w: zookeeper.Permission.WRITE,
  a: zookeeper.Permission.ADMIN,
};

/** ZooKeeper's permission bits of `perms` (letters of cdrwa). */
export function permissionBits(perms: string): number {
  let bits = 0;
  for (const letter of perms) bits |= PERMISSION_BITS[letter] ?? 0;
  return bits;
}

/** The letters of ZooKeeper's permission bits, in cdrwa order (as zkCli's getAcl shows them). */
export function permissionLetters(bits: number): string {
  return Object.entries(PERMISSION_BITS)
    .filter(([, bit]) => (bits & bit) !== 0)
    .map(([letter]) => letter)
    .join("");
}

/**
 * THE ACL list for a node the console creates in the registry at `address`: route nodes,
 * the routers directory and every parent made on the way, config-center rules, the
 * console's own nodes. Every create (plain or in a multi) takes it from here, through
 * ZkSession#acl.
 */
export function createAcl(address: Pick<RegistryAddress, "auth">, configured?: readonly AclEntry[] | null): zookeeper.ACL[] {
  return aclEntries(address.auth, configured).map((e) => new zookeeper.ACL(permissionBits(e.perms), new zookeeper.Id(e.scheme, e.id)));
}

/**
 * The permission bits of `acl`. @types/node-zookeeper-client calls the field `perms`, but
 * node-zookeeper-client 1.1.3 stores it as `permission` (lib/ACL.js), on the ACLs it builds
 * and on those getACL returns.
 */
export function aclPermissions(acl: zookeeper.ACL): number {
  return (acl as unknown as { permission: number }).permission;
}

/** `acl` in `scheme:id:perms` notation, for logs, tests and the status page (digest hashes are not secrets). */
export function describeAcl(acl: readonly zookeeper.ACL[]): string {
  return formatAclSpec(acl.map((a) => ({ scheme: a.id.scheme, id: a.id.id, perms: permissionLetters(aclPermissions(a)) })));
}

const ACL_REFUSALS = new Map<number, string>([
  [zookeeper.Exception.NO_AUTH, "NoAuth"],
  [zookeeper.Exception.AUTH_FAILED, "AuthFailed"],
  [zookeeper.Exception.INVALID_ACL, "InvalidACL"],
  // Needs zk-error-codes.ts#tolerateNewerErrorCodes to reach here as an exception.
  [SESSION_CLOSED_REQUIRE_AUTH, "SessionClosedRequireAuth"],
]);

/** ZooKeeper's name of the ACL refusal `error` is (NoAuth, AuthFailed, InvalidACL, SessionClosedRequireAuth); null for any other error. */
export function aclRefusalName(error: unknown): string | null {
  return error instanceof zookeeper.Exception ? (ACL_REFUSALS.get(error.getCode()) ?? null) : null;
}

/**
 * The 403 for ZooKeeper refusing `operation` (create, getData, setData, remove, getChildren,
 * ...) on `node` with `refusal` (NoAuth, AuthFailed, InvalidACL): the message names the
 * node, the operation and whose credentials were refused; details `{ node, operation, zookeeper }`.
 */
export function aclRefused(operation: string, node: string, refusal: string, auth: RegistryAddress["auth"]): ForbiddenError {
  const who = auth
    ? `the console's credentials (user "${auth.username}") lack permission`
    : "the console has no ZooKeeper credentials (give them as user:password@ in DUBBO_REGISTRY)";
  const why =
    refusal === "InvalidACL"
      ? "the ACL the console writes is not valid for this ZooKeeper (check CONSOLE_ZK_ACL)"
      : refusal === "SessionClosedRequireAuth"
        ? `ZooKeeper enforces authentication (enforce.auth.enabled) and closed the session: ${auth ? `it does not accept the console's digest credentials (user "${auth.username}")` : "give the console credentials as user:password@ in DUBBO_REGISTRY"}`
        : who;
  return new ForbiddenError(`ZooKeeper refused ${operation} on ${node}: ${refusal}; ${why}`, { node, operation, zookeeper: refusal });
}
