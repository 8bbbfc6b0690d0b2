import zookeeper from "node-zookeeper-client";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { ZkSession } from "./zk-session";
import { aclRefusalName } from "./zk-acl";
import { commitMulti, exceptionCode, type MultiOp, multiRefused, readVersioned, type VersionedData } from "./zk-writes";

export type { VersionedData } from "./zk-writes";

/**
 * How a conditional write ended. Expected refusals are values, not errors: `exists` (create
 * found the node), `no-node` (set or remove found none), `bad-version` (the node's version
 * is not the one given). `done` carries the node's version after the write (-1 after a remove).
 */
export type ZkWriteOutcome =
  | { readonly type: "done"; readonly version: number }
  | { readonly type: "exists" }
  | { readonly type: "no-node" }
  | { readonly type: "bad-version" };

/**
 * Versioned reads and conditional writes of persistent nodes: what a store that must never
 * overwrite a change it did not see needs from ZooKeeper. Each write is one ZooKeeper
 * request (a create with its missing parents is one multi-op), so it happens whole or not
 * at all. Every method rejects with a RegistryUnavailableError when the session is not
 * connected or ZooKeeper does not answer in time (then a write may or may not have happened),
 * and with a ForbiddenError naming the node when ZooKeeper's ACL refuses it. Created nodes
 * carry the session's ACL.
 */
export interface ZkWriter {
  /** The data and version of `path`, or null when it does not exist; `watcher` fires once on a change or delete. */
  getVersioned(path: string, watcher?: () => void): Promise<VersionedData | null>;
  /**
   * Creates persistent `path` holding `data`, and its missing parents (empty) in the same
   * multi-op. Each write takes `also`: operations made in the same multi (an audit entry),
   * applied with the write or not at all; ZooKeeper refusing one of them is an error.
   */
  create(path: string, data: Buffer, also?: readonly MultiOp[]): Promise<ZkWriteOutcome>;
  /** Replaces the data of `path` if its version is `version`. */
  setData(path: string, data: Buffer, version: number, also?: readonly MultiOp[]): Promise<ZkWriteOutcome>;
  /** Removes `path` if its version is `version`. */
  remove(path: string, version: number, also?: readonly MultiOp[]): Promise<ZkWriteOutcome>;
}

type ZkError = Error | zookeeper.Exception;
const { NODE_EXISTS, NO_NODE, BAD_VERSION, OK } = zookeeper.Exception;

/** A multi-op's per-operation result, as node-zookeeper-client reports it. */
interface OpResult {
  readonly err?: number;
}

/** How often a create is tried again when a parent appeared or vanished between the check and the multi-op. */
const CREATE_ATTEMPTS = 3;

/** {@link ZkWriter} over a {@link ZkSession}: bounded by its timeout, refused at once when it is not connected. */
export class ZkSessionWriter implements ZkWriter {
  constructor(private readonly session: ZkSession) {}

  getVersioned(path: string, watcher?: () => void): Promise<VersionedData | null> {
    return readVersioned(this.session, path, watcher);
  }

  async create(path: string, data: Buffer, also: readonly MultiOp[] = []): Promise<ZkWriteOutcome> {
    if (also.length > 0) return this.createWith(path, data, also);
    for (let attempt = 1; ; attempt++) {
      const missing = await this.missingParents(path);
      const outcome = await this.session.request<ZkWriteOutcome | "parent-changed">(`create ${path}`, (client, done) => {
        const multi = client.transaction();
        for (const parent of missing) multi.create(parent, Buffer.alloc(0), this.session.acl, zookeeper.CreateMode.PERSISTENT);
        multi.create(path, data, this.session.acl, zookeeper.CreateMode.PERSISTENT);
        multi.commit((error: ZkError | null, results: unknown) => {
          if (!error) return done(null, { type: "done", version: 0 });
          const refusal = aclRefusalName(error);
          if (refusal) return done(multiRefused(this.session, [...missing, path].map((p) => ["create", p] as const), results, refusal), { type: "no-node" });
          const failed = Array.isArray(results) ? (results as OpResult[]).findIndex((r) => r.err !== undefined && r.err !== OK) : -1;
          const code = exceptionCode(error);
          if (failed === missing.length && code === NODE_EXISTS) done(null, { type: "exists" });
          else if (attempt < CREATE_ATTEMPTS && failed >= 0 && failed < missing.length && (code === NODE_EXISTS || code === NO_NODE)) done(null, "parent-changed");
          else done(error, { type: "no-node" });
        });
      });
      if (outcome !== "parent-changed") return outcome;
    }
  }

  async setData(path: string, data: Buffer, version: number, also: readonly MultiOp[] = []): Promise<ZkWriteOutcome> {
    if (also.length > 0) return this.withOthers({ type: "setData", path, data, version }, also, version + 1);
    return this.session.request<ZkWriteOutcome>(`setData ${path}`, (client, done) => {
      client.setData(path, data, version, (error, stat) => {
        const code = exceptionCode(error);
        if (code === NO_NODE) done(null, { type: "no-node" });
        else if (code === BAD_VERSION) done(null, { type: "bad-version" });
        else done(error, { type: "done", version: stat?.version ?? version + 1 });
      });
    });
  }

  async remove(path: string, version: number, also: readonly MultiOp[] = []): Promise<ZkWriteOutcome> {
    if (also.length > 0) return this.withOthers({ type: "remove", path, version }, also, -1);
    return this.session.request<ZkWriteOutcome>(`remove ${path}`, (client, done) => {
      client.remove(path, version, (error) => {
        const code = exceptionCode(error);
        if (code === NO_NODE) done(null, { type: "no-node" });
        else if (code === BAD_VERSION) done(null, { type: "bad-version" });
        else done(error, { type: "done", version: -1 });
      });
    });
  }

  /** A create with its missing parents and `also`, in one multi; tried again when a parent came or went in between. */
  private async createWith(path: string, data: Buffer, also: readonly MultiOp[]): Promise<ZkWriteOutcome> {
    for (let attempt = 1; ; attempt++) {
      const missing = await this.missingParents(path);
      const ops: MultiOp[] = [...missing.map((p): MultiOp => ({ type: "create", path: p })), { type: "create", path, data }, ...also];
      const outcome = await commitMulti(this.session, ops);
      if (outcome.type === "committed") return { type: "done", version: 0 };
      if (outcome.index === missing.length && outcome.reason === "node_exists") return { type: "exists" };
      if (attempt < CREATE_ATTEMPTS && outcome.index >= 0 && outcome.index < missing.length) continue;
      throw refusedWith(ops, outcome.index, outcome.reason);
    }
  }

  /** `op` (a setData or remove of one node) and `also` in one multi; `version` is the node's after it. */
  private async withOthers(op: MultiOp, also: readonly MultiOp[], version: number): Promise<ZkWriteOutcome> {
    const ops = [op, ...also];
    const outcome = await commitMulti(this.session, ops);
    if (outcome.type === "committed") return { type: "done", version };
    if (outcome.index === 0 && outcome.reason === "no_node") return { type: "no-node" };
    if (outcome.index === 0 && outcome.reason === "bad_version") return { type: "bad-version" };
    throw refusedWith(ops, outcome.index, outcome.reason);
  }

  /** The ancestors of `path` that do not exist, outermost first. */
  private async missingParents(path: string): Promise<string[]> {
    const parts = path.split("/").filter((p) => p !== "");
    const ancestors = parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
    const present = await Promise.all(ancestors.map((a) => this.session.exists(a)));
    return ancestors.filter((_, i) => !present[i]);
  }
}

/** ZooKeeper refused one of the operations that came with a write: nothing was applied. */
function refusedWith(ops: readonly MultiOp[], index: number, reason: string): RegistryUnavailableError {
  const op = ops[index];
  return new RegistryUnavailableError(`ZooKeeper refused ${op ? `${op.type} ${op.path}` : "a write"} (${reason}); nothing was written`, { reason });
}
