import zookeeper from "node-zookeeper-client";
import type { AuditDraft, AuditEntry, AuditFilterQuery, AuditQuery, AuditResponse, AuditTrailSpan } from "@/lib/api/audit";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { Limiter } from "../../registry/limiter";
import type { ZkSession } from "../../registry/zk/zk-session";
import { ensurePersistentPath, exceptionCode, type MultiOp } from "../../registry/zk/zk-writes";
import type { Logger } from "../../runtime/logger";
import { AUDIT_ENTRY_MAX_BYTES, AUDIT_NODE_PREFIX, auditIdOfNode, decodeAuditNode, encodeAuditDraft, isAuditEntry } from "./audit-entry";
import { AuditAclCheck, type AuditAclStatus } from "./audit-acl";
import { auditMatcher, keyOfRouteId, routeHistory, selectAuditPage, trailSpan } from "./audit-query";
import { type AuditReader, entryFor } from "./audit-visibility";

/** Where the audit trail is kept and how much of it. */
export interface AuditLogOptions {
  /** The console-owned ZooKeeper path of the entries (CONSOLE_AUDIT_PATH, default `/dubbo-console/audit`). */
  readonly path: string;
  /** The most entries kept (CONSOLE_AUDIT_MAX, default 10,000): after a write the oldest beyond it are deleted. */
  readonly max: number;
  /** The size cap of one entry's JSON (default 64 KiB). */
  readonly maxEntryBytes?: number;
}

/**
 * What a store that changes something needs of the audit trail: the multi operation that
 * records a change together with it, or, where no multi can hold both, a write after it.
 */
export interface AuditWriter {
  /**
   * The operation that records `draft` inside a multi on `session`: null when the trail is
   * kept on another ZooKeeper session (another registry's ensemble), where the caller
   * records it with {@link record} after its own write instead. Makes sure the audit path exists.
   */
  opOn(session: ZkSession, draft: AuditDraft): Promise<MultiOp | null>;
  /** Tells the log that a multi holding one of its operations was committed (the log then keeps to its cap). */
  committed(): void;
  /** Records `draft` on its own; answers the new entry's id. @throws RegistryUnavailableError when ZooKeeper cannot take it. */
  record(draft: AuditDraft): Promise<string>;
}

/** Where a service records its changes, and where it logs a record that could not be written. */
export interface AuditRecording {
  readonly writer: AuditWriter;
  readonly log: Logger;
}

/** ZooKeeper requests in flight at once while reading new entries. */
const READ_CONCURRENCY = 16;
/** How long before a listing that failed is tried again, while the session lasts. */
const RETRY_DELAY_MS = 1_000;

/**
 * The audit trail: one PERSISTENT_SEQUENTIAL node per entry under a console-owned path, on
 * the first configured registry's ZooKeeper session, so every console replica on that
 * ensemble reads and writes the same history (audit-entry.ts says how an entry is stored).
 *
 * Invariants:
 * - reads answer from memory: an index of the entries, fed by a children watch on the
 *   path; a new child's data is read once (an entry never changes), a child that went is
 *   dropped; every new session lists the path again, so nothing written or deleted while
 *   the session was lost is missed;
 * - a node that is not an entry (bad JSON, a wrong shape, a foreign name) is logged once
 *   and skipped; nothing read throws;
 * - after this replica wrote, the oldest entries beyond `max` are deleted (any replica may
 *   delete them; one already deleted is fine);
 * - before the first complete listing, reads throw RegistryUnavailableError.
 */
export class AuditLog implements AuditWriter {
  private readonly byNode = new Map<string, AuditEntry>();
  /** Children that are not entries, already logged. */
  private readonly bad = new Set<string>();
  /** Every child name of the last listing, oldest first. */
  private names: string[] = [];
  private sorted: AuditEntry[] | null = [];
  private lastSync: number | null = null;
  private running = false;
  private again = false;
  private wrote = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly limiter = new Limiter(READ_CONCURRENCY);
  private readonly listeners = new Set<() => void>();
  private readonly offSession: () => void;
  private readonly offState: () => void;
  /** Whether the last listing failed: it is tried again, and the failure was logged once. */
  private failed = false;
  private readonly maxBytes: number;
  private readonly aclCheck: AuditAclCheck;

  constructor(
    readonly session: ZkSession,
    readonly options: AuditLogOptions,
    private readonly log: Logger,
  ) {
    this.maxBytes = options.maxEntryBytes ?? AUDIT_ENTRY_MAX_BYTES;
    this.aclCheck = new AuditAclCheck(session, options.path, log, session.address.auth !== undefined && session.address.auth !== null);
    this.offSession = session.onSession(() => this.refresh());
    // A listing that failed while the connection was down is tried again once it is back (a resumed session brings no onSession).
    this.offState = session.onState((state) => {
      if (state.type === "connected" && this.failed) this.refresh();
    });
    if (session.state.type === "connected") this.refresh();
  }

  /** When the last complete listing finished; null before the first. */
  get syncedAt(): number | null {
    return this.lastSync;
  }

  close(): void {
    this.closed = true;
    this.offSession();
    this.offState();
    if (this.retry) clearTimeout(this.retry);
  }

  /** `listener` is called after each listing that changed the entries. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every entry held, newest first. @throws RegistryUnavailableError before the first complete listing. */
  entries(): readonly AuditEntry[] {
    if (this.lastSync === null) {
      throw new RegistryUnavailableError(`the audit trail at ${this.options.path} has not been read yet: registry is ${this.session.state.type}`, { path: this.options.path });
    }
    this.sorted ??= [...this.byNode.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return this.sorted;
  }

  /** The page of GET /api/v1/audit, as `reader` may see it (audit-visibility.ts), with how far back the trail goes. */
  query(query: AuditQuery, reader: AuditReader = { mayInvoke: true }): AuditResponse {
    const entries = this.entries();
    const page = selectAuditPage(entries, query);
    return { entries: page.entries.map((e) => entryFor(e, reader)), nextCursor: page.nextCursor, span: trailSpan(entries, this.options.max) };
  }

  /**
   * Every entry `filter` selects, newest first, as `reader` may see it (GET /api/v1/audit/export),
   * from the entries held now. @throws RegistryUnavailableError before the first listing, ValidationError for a bad range: at once, not when iterated.
   */
  select(filter: AuditFilterQuery, reader: AuditReader): Iterable<AuditEntry> {
    const match = auditMatcher(filter);
    const entries = this.entries();
    return (function* () {
      for (const e of entries) if (match(e)) yield entryFor(e, reader);
    })();
  }

  /** How far back the trail goes (the oldest entry, the count, the cap). */
  span(): AuditTrailSpan {
    return trailSpan(this.entries(), this.options.max);
  }

  /** The trail path's ACL as last read (audit-acl.ts); null before the first read. */
  get acl(): AuditAclStatus | null {
    return this.aclCheck.status;
  }

  /** The entry of `id`, if it is held. */
  entry(id: string): AuditEntry | undefined {
    return this.byNode.get(`${AUDIT_NODE_PREFIX}${id}`);
  }

  /** The entries about the route of `key` (following renames), newest first. */
  history(key: string): AuditEntry[] {
    return routeHistory(this.entries(), key);
  }

  /** The route key of a route id some entry names (before, after, or as its route). */
  keyOfRouteId(id: string): string | undefined {
    return keyOfRouteId(this.entries(), id);
  }

  async opOn(session: ZkSession, draft: AuditDraft): Promise<MultiOp | null> {
    if (session !== this.session) return null;
    await ensurePersistentPath(this.session, this.options.path);
    return { type: "create", path: `${this.options.path}/${AUDIT_NODE_PREFIX}`, data: encodeAuditDraft(draft, this.maxBytes), sequential: true };
  }

  committed(): void {
    this.wrote = true;
  }

  async record(draft: AuditDraft): Promise<string> {
    await ensurePersistentPath(this.session, this.options.path);
    const data = encodeAuditDraft(draft, this.maxBytes);
    const path = await this.session.request<string>(`create ${this.options.path}/${AUDIT_NODE_PREFIX}…`, (client, done) => {
      client.create(`${this.options.path}/${AUDIT_NODE_PREFIX}`, data, this.session.acl, zookeeper.CreateMode.PERSISTENT_SEQUENTIAL, (error, created) => done(error, created));
    });
    this.wrote = true;
    return auditIdOfNode(path.slice(path.lastIndexOf("/") + 1)) ?? "";
  }

  /** Lists the path again (a watch fired, or a new session); listings never overlap, and one asked for during another runs after it. */
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
        if (!this.failed) this.log.warn("reading the audit trail failed; trying again", { path: this.options.path, error: String(e) });
        this.failed = true;
        if (this.retry) clearTimeout(this.retry);
        if (this.session.state.type === "connected") this.retry = setTimeout(() => this.refresh(), RETRY_DELAY_MS).unref();
        return;
      }
    } while (this.again && !this.closed);
  }

  private async relist(): Promise<void> {
    const path = this.options.path;
    const watch = () => this.refresh();
    let names = await this.session.getChildren(path, watch);
    if (names === null) {
      await ensurePersistentPath(this.session, path);
      names = (await this.session.getChildren(path, watch)) ?? [];
    }
    const listed = new Set(names);
    let changed = false;
    for (const node of [...this.byNode.keys()]) {
      if (!listed.has(node)) changed = this.byNode.delete(node) || changed;
    }
    for (const node of [...this.bad]) if (!listed.has(node)) this.bad.delete(node);
    const fresh = names.filter((n) => !this.byNode.has(n) && !this.bad.has(n));
    await Promise.all(fresh.map((node) => this.limiter.run(() => this.readEntry(node))));
    changed ||= fresh.length > 0;
    this.names = names.filter((n) => auditIdOfNode(n) !== null).sort();
    if (changed) this.sorted = null;
    this.lastSync = Date.now();
    // Not awaited: a slow getACL must not hold back the listing's readers.
    void this.aclCheck.check();
    if (changed) for (const l of this.listeners) l();
    if (this.wrote) await this.trim();
  }

  private async readEntry(node: string): Promise<void> {
    const data = await this.session.getData(`${this.options.path}/${node}`);
    if (data === null) return; // deleted (rotated) since the listing
    const read = decodeAuditNode(node, data);
    if (isAuditEntry(read)) {
      this.byNode.set(node, read);
    } else {
      this.bad.add(node);
      this.log.warn("skipping a node of the audit trail that is not an entry", { path: `${this.options.path}/${node}`, reason: read.reason });
    }
  }

  /** Deletes the oldest entries beyond the cap; a node another replica deleted first is fine. */
  private async trim(): Promise<void> {
    this.wrote = false;
    const excess = this.names.slice(0, Math.max(0, this.names.length - this.options.max));
    await Promise.all(
      excess.map((node) =>
        this.limiter.run(() =>
          this.session.request<void>(`remove ${this.options.path}/${node}`, (client, done) => {
            client.remove(`${this.options.path}/${node}`, -1, (error) => done(exceptionCode(error) === zookeeper.Exception.NO_NODE ? null : error, undefined));
          }),
        ),
      ),
    );
  }
}
