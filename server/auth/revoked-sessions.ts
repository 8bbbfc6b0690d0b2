/**
 * Which signed-out sessions a cookie check must refuse. The authenticator asks the process's
 * one source (set by the engine, which holds the ZooKeeper-backed store,
 * server/auth/session-revocation-store.ts); kept apart from that store so proxy.ts, which
 * checks sessions, never loads the ZooKeeper client.
 */
export interface RevokedSessions {
  /** Whether the session `sid` was signed out (on any replica, once this one has heard of it). */
  isRevoked(sid: string): boolean;
  /**
   * Records that session `sid`, valid until `expiresAt` (epoch ms), is signed out, where every
   * replica sees it. @throws RegistryUnavailableError when ZooKeeper cannot take it.
   */
  revoke(sid: string, expiresAt: number): Promise<void>;
}

const KEY = Symbol.for("dubbo-console.revoked-sessions");
type Holder = { [KEY]?: RevokedSessions };

/** The process's source; before the engine sets one, nothing is revoked. */
export function revokedSessions(): RevokedSessions | undefined {
  return (globalThis as Holder)[KEY];
}

/** Sets (or, with undefined, clears) the process's source: the engine at start, tests. */
export function setRevokedSessions(source: RevokedSessions | undefined): void {
  (globalThis as Holder)[KEY] = source;
}
