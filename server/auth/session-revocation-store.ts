import zookeeper from "node-zookeeper-client";
import type { ZkSession } from "../registry/zk/zk-session";
import { ensurePersistentPath, exceptionCode } from "../registry/zk/zk-writes";
import type { Logger } from "../runtime/logger";
import type { RevokedSessions } from "./revoked-sessions";

/** Where signed-out sessions are kept, beside the audit trail's default path. */
export const REVOKED_SESSIONS_PATH = "/dubbo-console/revoked-sessions";
/** How often the list is read again even without a watch firing, to drop what expired. */
const SWEEP_MS = 10 * 60 * 1000;
/** How long before a listing that failed is tried again, while the session lasts. */
const RETRY_DELAY_MS = 1_000;

/** A child's name: `{expiry epoch ms}-{session id}`. */
const NODE = /^(\d{1,16})-([A-Za-z0-9_-]{8,64})$/;

/**
 * Signed-out sessions, shared by every replica through ZooKeeper (the one store they have):
 * one persistent node per revoked session under {@link REVOKED_SESSIONS_PATH}, named by the
 * session's expiry and id, so a listing alone says everything (no data reads).
 *
 * Invariants:
 * - checks answer from memory: the ids of the last listing, re-read on every children watch
 *   and every new session, plus the ones this replica revoked itself (a revocation is never
 *   undone, so the union is right);
 * - a revocation is written before sign-out answers, so a copied cookie is refused at once
 *   here, and on every other replica as soon as its watch fires;
 * - entries past their expiry are forgotten and their nodes deleted (by whichever replica
 *   sees them first; one already deleted is fine): an expired cookie is refused anyway;
 * - while ZooKeeper cannot be read, the last known set is used (fail open for reads of the
 *   session, as every other view); a sign-out that cannot be written answers 503.
 */
export class SessionRevocationStore implements RevokedSessions {
  private readonly revoked = new Map<string, number>();
  private running = false;
  private again = false;
  private failed = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly sweep: NodeJS.Timeout;
  private readonly offSession: () => void;
  private readonly offState: () => void;

  constructor(
    readonly session: ZkSession,
    private readonly log: Logger,
    readonly path: string = REVOKED_SESSIONS_PATH,
    private readonly clock: () => number = Date.now,
  ) {
    this.offSession = session.onSession(() => this.refresh());
    this.offState = session.onState((state) => {
      if (state.type === "connected" && this.failed) this.refresh();
    });
    this.sweep = setInterval(() => this.refresh(), SWEEP_MS).unref();
    if (session.state.type === "connected") this.refresh();
  }

  isRevoked(sid: string): boolean {
    const exp = this.revoked.get(sid);
    return exp !== undefined && exp > this.clock();
  }

  async revoke(sid: string, expiresAt: number): Promise<void> {
    const node = `${this.path}/${Math.trunc(expiresAt)}-${sid}`;
    await ensurePersistentPath(this.session, this.path);
    await this.session.request<void>(`create ${node}`, (client, done) => {
      client.create(node, this.session.acl, zookeeper.CreateMode.PERSISTENT, (error) => done(exceptionCode(error) === zookeeper.Exception.NODE_EXISTS ? null : error, undefined));
    });
    this.revoked.set(sid, expiresAt);
  }

  close(): void {
    this.closed = true;
    this.offSession();
    this.offState();
    clearInterval(this.sweep);
    if (this.retry) clearTimeout(this.retry);
  }

  /** Lists the path again; listings never overlap, and one asked for during another runs after it. */
  private refresh(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.relistWhileAsked().finally(() => {
      this.running = false;
    });
  }

  private async relistWhileAsked(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.relist();
        this.failed = false;
      } catch (e) {
        if (!this.failed) this.log.warn("reading the signed-out sessions failed; trying again", { path: this.path, error: String(e) });
        this.failed = true;
        if (this.retry) clearTimeout(this.retry);
        if (this.session.state.type === "connected") this.retry = setTimeout(() => this.refresh(), RETRY_DELAY_MS).unref();
        return;
      }
    } while (this.again && !this.closed);
  }

  private async relist(): Promise<void> {
    const watch = () => this.refresh();
    let names = await this.session.getChildren(this.path, watch);
    if (names === null) {
      // No watch is left on a node that does not exist: make it, so the next revocation fires one.
      await ensurePersistentPath(this.session, this.path);
      names = (await this.session.getChildren(this.path, watch)) ?? [];
    }
    const now = this.clock();
    const expired: string[] = [];
    for (const name of names) {
      const m = NODE.exec(name);
      if (!m) continue;
      const exp = Number(m[1]);
      if (exp <= now) expired.push(name);
      else this.revoked.set(m[2]!, exp);
    }
    for (const [sid, exp] of this.revoked) if (exp <= now) this.revoked.delete(sid);
    for (const name of expired) await this.remove(name);
  }

  private remove(name: string): Promise<void> {
    return this.session.request<void>(`remove ${this.path}/${name}`, (client, done) => {
      client.remove(`${this.path}/${name}`, -1, (error) => done(exceptionCode(error) === zookeeper.Exception.NO_NODE ? null : error, undefined));
    });
  }
}
