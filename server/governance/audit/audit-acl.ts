import zookeeper from "node-zookeeper-client";
import type { AuditAclStatus } from "@/lib/api/registry-state";
import { aclPermissions, describeAcl } from "../../registry/zk/zk-acl";
import type { ZkSession } from "../../registry/zk/zk-session";
import { exceptionCode } from "../../registry/zk/zk-writes";
import type { Logger } from "../../runtime/logger";

/**
 * Whether the audit trail's path can be written by anyone (its status: lib/api/registry-state.ts
 * AuditAclStatus): read from ZooKeeper's ACL of the path (getACL). An ACL entry `world:anyone` with create, delete or write lets any client
 * of the ensemble, with no credentials, forge entries (create), remove them (delete) or
 * change the path's data (write). The console gives its nodes that ACL when it has no
 * ZooKeeper credentials and CONSOLE_ZK_ACL is not set (server/registry/zk/zk-acl.ts).
 */
export type { AuditAclStatus };

const WRITE_BITS = zookeeper.Permission.CREATE | zookeeper.Permission.DELETE | zookeeper.Permission.WRITE;

/** Whether `acl` lets `world:anyone` create, delete or write. Pure. */
export function isWorldWritable(acl: readonly zookeeper.ACL[]): boolean {
  return acl.some((a) => a.id.scheme === "world" && a.id.id === "anyone" && (aclPermissions(a) & WRITE_BITS) !== 0);
}

/**
 * Reads the trail path's ACL when asked ({@link check}: after each listing of the path),
 * keeps the last answer, and logs one warning each time the path becomes world-writable
 * (at start, or after someone opened its ACL), one line saying how to close it.
 */
export class AuditAclCheck {
  private last: AuditAclStatus | null = null;
  private warned = false;

  constructor(
    private readonly session: ZkSession,
    private readonly path: string,
    private readonly log: Logger,
    private readonly hasCredentials: boolean,
  ) {}

  /** The last ACL read; null before the first. */
  get status(): AuditAclStatus | null {
    return this.last;
  }

  /** Reads the ACL again. A failed read keeps the last answer (the next listing tries again); never throws. */
  async check(): Promise<void> {
    let acl: zookeeper.ACL[] | null;
    try {
      acl = await this.session.request<zookeeper.ACL[] | null>(`getACL ${this.path}`, (client, done) =>
        client.getACL(this.path, (error, acls) => (exceptionCode(error) === zookeeper.Exception.NO_NODE ? done(null, null) : done(error, acls ?? []))),
      );
    } catch {
      return;
    }
    if (acl === null) return;
    const worldWritable = isWorldWritable(acl);
    this.last = { path: this.path, acl: describeAcl(acl), worldWritable, checkedAt: Date.now() };
    if (worldWritable && !this.warned) {
      const fix = this.hasCredentials
        ? "set its ACL to the console's digest identity (zkCli setAcl, or CONSOLE_ZK_ACL for new nodes)"
        : "give the console ZooKeeper credentials (user:password@ in DUBBO_REGISTRY) and a digest ACL on the path";
      this.log.warn(`the audit trail at ${this.path} is world-writable (${this.last.acl}): any ZooKeeper client can forge or delete its entries; ${fix}`, { path: this.path, acl: this.last.acl });
    }
    this.warned = worldWritable;
  }
}
