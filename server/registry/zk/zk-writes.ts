import zookeeper from "node-zookeeper-client";
import { aclRefusalName, aclRefused } from "./zk-acl";
import type { ZkSession } from "./zk-session";

/**
 * What the writes need of a session: one bounded request on its client (ZkSession#request),
 * the ACL its creates carry, and its address (whose credentials a refusal names).
 */
export type ZkRequester = Pick<ZkSession, "request" | "getChildren" | "acl" | "address">;

/** A node's data with the version ZooKeeper's stat gives it (0 when created, +1 per setData), as read before a conditional write. */
export interface VersionedData {
  readonly data: Buffer;
  readonly version: number;
  /**
   * The zxid of the node's last change (`mzxid`): ZooKeeper's global order of changes, so
   * of two reads of one path the one with the higher value saw the later state (a version
   * starts again at 0 when a node is removed and created anew; this does not).
   */
  readonly modified: bigint;
}

/** One operation of a ZooKeeper multi (all of them apply, or none). */
export type MultiOp =
  | { readonly type: "check"; readonly path: string; readonly version: number }
  | { readonly type: "setData"; readonly path: string; readonly data: Buffer; readonly version: number }
  /**
   * A persistent node, empty unless `data` is given; with `sequential`, ZooKeeper appends a
   * ten-digit sequence to `path` (PERSISTENT_SEQUENTIAL), so it never meets an existing node.
   */
  | { readonly type: "create"; readonly path: string; readonly data?: Buffer; readonly sequential?: boolean }
  | { readonly type: "remove"; readonly path: string; readonly version: number };

/**
 * How a multi ended. A failure names why ZooKeeper refused it; nothing was applied then.
 * `index` is the operation that failed.
 */
export type MultiOutcome =
  | { readonly type: "committed" }
  | { readonly type: "refused"; readonly reason: "node_exists" | "no_node" | "bad_version"; readonly index: number };

const REFUSALS = new Map<number, "node_exists" | "no_node" | "bad_version">([
  [zookeeper.Exception.NODE_EXISTS, "node_exists"],
  [zookeeper.Exception.NO_NODE, "no_node"],
  [zookeeper.Exception.BAD_VERSION, "bad_version"],
]);

/** ZooKeeper's "any version" (-1). */
const ANY_VERSION = -1;

/** The ZooKeeper error code of `error`; undefined for any other error, and for none. */
export function exceptionCode(error: unknown): number | undefined {
  return error instanceof zookeeper.Exception ? error.getCode() : undefined;
}

/** A node's data and version; null when the node does not exist. `watcher` fires once on its next change or delete. */
export function readVersioned(session: Pick<ZkSession, "request">, path: string, watcher?: () => void): Promise<VersionedData | null> {
  return session.request<VersionedData | null>(`getData ${path}`, (client, done) => {
    const callback = (error: Error | zookeeper.Exception | null, data: Buffer | undefined, stat: zookeeper.Stat | undefined) => {
      if (exceptionCode(error) === zookeeper.Exception.NO_NODE) done(null, null);
      else if (error || !stat) done(error, null);
      else done(null, { data: data ?? Buffer.alloc(0), version: stat.version, modified: stat.mzxid.readBigInt64BE(0) });
    };
    if (watcher) client.getData(path, () => watcher(), callback);
    else client.getData(path, callback);
  });
}

/**
 * Creates `path` and its missing parents as empty persistent nodes, as Dubbo's
 * `createPersistent` makes directories. Each level is looked at before it is created, so
 * against a silent server the first request is a read, and nothing is written.
 */
export async function ensurePersistentPath(session: ZkRequester, path: string): Promise<void> {
  let at = "";
  for (const part of path.split("/").filter((p) => p !== "")) {
    at += `/${part}`;
    if ((await readVersioned(session, at)) !== null) continue;
    const node = at;
    await session.request<void>(`create ${node}`, (client, done) => {
      client.create(node, session.acl, zookeeper.CreateMode.PERSISTENT, (error) => done(exceptionCode(error) === zookeeper.Exception.NODE_EXISTS ? null : error, undefined));
    });
  }
}

/**
 * Applies `ops` in one ZooKeeper multi: all or nothing, and no reader sees a state between
 * them. A refusal ZooKeeper explains (a node exists, is gone, or has another version) is an
 * outcome; an ACL refusal throws a ForbiddenError naming the refused op's node; anything
 * else (no answer in time, no session) throws RegistryUnavailableError, and then whether
 * the multi was applied is not known. Creates carry the session's ACL.
 */
export function commitMulti(session: ZkRequester, ops: readonly MultiOp[]): Promise<MultiOutcome> {
  const what = `multi (${ops.map((op) => `${op.type} ${op.path}`).join("; ")})`;
  return session.request<MultiOutcome>(what, (client, done) => {
    const tx = client.transaction();
    for (const op of ops) {
      if (op.type === "create" && op.data === undefined && !op.sequential) tx.create(op.path, session.acl, zookeeper.CreateMode.PERSISTENT);
      else if (op.type === "create") tx.create(op.path, op.data ?? Buffer.alloc(0), session.acl, op.sequential ? zookeeper.CreateMode.PERSISTENT_SEQUENTIAL : zookeeper.CreateMode.PERSISTENT);
      else if (op.type === "check") withVersion(tx.check(op.path, op.version), op.version);
      else if (op.type === "setData") withVersion(tx.setData(op.path, op.data, op.version), op.version);
      else withVersion(tx.remove(op.path, op.version), op.version);
    }
    tx.commit((error, results: unknown) => {
      const reason = REFUSALS.get(exceptionCode(error) ?? 0);
      const refusal = aclRefusalName(error);
      if (reason) done(null, { type: "refused", reason, index: failedIndex(results) });
      else if (refusal) done(multiRefused(session, ops.map((op) => [op.type, op.path]), results, refusal), { type: "committed" });
      else if (error) done(error, { type: "committed" });
      else done(null, { type: "committed" });
    });
  });
}

/**
 * node-zookeeper-client 1.1.3 reads a version as `version || -1` (Transaction.js), which
 * turns version 0, that of every node never written to, into "any version": the op just
 * added gets its real version back.
 */
function withVersion(tx: zookeeper.Transaction, version: number): void {
  const ops = (tx as unknown as { ops: { version?: number }[] }).ops;
  const last = ops[ops.length - 1];
  if (last) last.version = version < 0 ? ANY_VERSION : version;
}

/**
 * The ForbiddenError for a multi ZooKeeper refused with `refusal`, naming the op that was
 * refused: `ops` are the multi's [operation, node] pairs. ZooKeeper answers a failed multi
 * with one ErrorResult per op: OK before the failed one, its code at it, and
 * RuntimeInconsistency after it, so the failed op is the first whose code is not OK.
 */
export function multiRefused(session: Pick<ZkRequester, "address">, ops: readonly (readonly [string, string])[], results: unknown, refusal: string): Error {
  const index = Array.isArray(results) ? results.findIndex((r: { err?: number }) => typeof r?.err === "number" && r.err !== zookeeper.Exception.OK) : -1;
  const [operation, node] = ops[index] ?? ["multi", ops.map(([, path]) => path).join(", ")];
  return aclRefused(operation, node, refusal, session.address.auth);
}

/** The index of the failed op in a refused multi's results (ZooKeeper's ErrorResult list), or -1. */
function failedIndex(results: unknown): number {
  if (!Array.isArray(results)) return -1;
  return results.findIndex((r: { err?: number }) => typeof r?.err === "number" && r.err !== 0 && REFUSALS.has(r.err));
}
