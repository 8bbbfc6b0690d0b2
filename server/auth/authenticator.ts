import { createHash, randomBytes } from "node:crypto";
import type { UsersResponse } from "@/lib/api/users";
import type { Actor } from "@/lib/auth/actor";
import { type Permission, permissionsOf, PRESET_ROLES, type Role } from "@/lib/auth/roles";
import { EMPTY_USERS_FILE, type UserEntry, type UsersFile } from "@/lib/auth/users-file";
import { UnauthorizedError } from "@/server/errors/auth-errors";
import type { AuthConfig } from "@/server/runtime/auth-config";
import { revokedSessions } from "./revoked-sessions";
import { readCookie, SESSION_COOKIE, type SessionClaims, sealSession, unsealSession } from "./session-cookie";
import { ENV_TOKEN_NAME, matchToken } from "./token-match";
import { UsersStore } from "./users-store";

/** A signed-in user as the session API answers it. */
export interface SessionUser {
  readonly name: string;
  readonly role: Role;
  readonly permissions: readonly Permission[];
  readonly via: Actor["via"];
}

/** A successful sign-in: the user, the sealed cookie value and when it expires (epoch ms). */
export interface SignedIn {
  readonly user: SessionUser;
  readonly seal: string;
  readonly expiresAt: number;
  readonly maxAgeSeconds: number;
}

/** The one answer to a failed sign-in, whether the name or the password was wrong. */
export const WRONG_CREDENTIALS = "wrong name or password";

/**
 * Who a request is, from its credentials: an `Authorization: Bearer` token (the users file's
 * tokens, or CONSOLE_API_TOKEN), else the session cookie. Stateless across replicas: a
 * session is a sealed cookie, and every check re-reads the users file (see UsersStore), so
 * a user removed from it, or given another role, is signed out at their next request.
 */
export class Authenticator {
  private readonly store: UsersStore | null;

  constructor(
    readonly config: AuthConfig,
    onError: (message: string) => void = () => undefined,
  ) {
    this.store = config.mode === "on" && config.usersFile !== null ? new UsersStore(config.usersFile, onError) : null;
  }

  get enabled(): boolean {
    return this.config.mode === "on";
  }

  /**
   * The request's actor. With authentication off, the anonymous admin. Otherwise throws
   * {@link UnauthorizedError} for no credentials, a token that matches none, or a session
   * cookie that is forged, expired or names a user no longer in the users file with that role.
   */
  async authenticate(request: Request): Promise<Actor> {
    const address = clientAddress(request);
    if (this.config.mode === "off") return { name: "anonymous", role: "admin", permissions: PRESET_ROLES.admin, via: "anonymous", address };
    const authorization = request.headers.get("authorization");
    if (authorization !== null) {
      const token = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
      const match = token === undefined ? null : matchToken(createHash("sha256").update(token).digest(), this.users().tokens, this.config.apiTokenSha256);
      if (match === null) throw new UnauthorizedError("the API token is not valid (Authorization: Bearer <token>)");
      return { ...match, permissions: this.permissions(match.role), via: "token", address };
    }
    const seal = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
    if (seal === null) throw new UnauthorizedError();
    const user = await this.sessionUser(seal);
    if (user === null) throw new UnauthorizedError("the session has expired or is not valid; sign in again");
    return { name: user.name, role: user.role, permissions: this.permissions(user.role), via: "session", address };
  }

  /** Like {@link authenticate}, but null instead of throwing (GET /api/v1/session, the page guard). */
  async identify(request: Request): Promise<Actor | null> {
    return this.authenticate(request).catch((e: unknown) => {
      if (e instanceof UnauthorizedError) return null;
      throw e;
    });
  }

  /** The user `name` of the users file (re-read first), if any: for sign-in. */
  user(name: string): UserEntry | undefined {
    return this.users().users.get(name);
  }

  /**
   * Seals a session for `user`, valid for the configured TTL from `now`. Only after the
   * password was checked (./sign-in.ts).
   */
  async openSession(user: UserEntry, now = Date.now()): Promise<SignedIn> {
    if (this.config.mode !== "on" || this.config.sessionSecret === null) throw new UnauthorizedError(WRONG_CREDENTIALS);
    const ttl = this.config.sessionTtlSeconds;
    const expiresAt = now + ttl * 1000;
    const sid = randomBytes(16).toString("base64url");
    const seal = await sealSession({ sid, name: user.name, role: user.role, exp: expiresAt }, this.config.sessionSecret, ttl);
    return { user: { name: user.name, role: user.role, permissions: this.permissions(user.role), via: "session" }, seal, expiresAt, maxAgeSeconds: ttl };
  }

  /**
   * Who may sign in and which tokens exist, by name and role (GET /api/v1/users): the users
   * file as re-read now, plus `env-token` when CONSOLE_API_TOKEN is set. Never a hash.
   */
  roster(): UsersResponse {
    const file = this.users();
    const tokens = file.tokens.map((t) => ({ name: t.name, role: t.role }));
    if (this.config.mode === "on" && this.config.apiTokenSha256 !== null) tokens.push({ name: ENV_TOKEN_NAME, role: "admin" });
    return {
      source: this.config.mode === "on" && this.config.usersFile !== null ? "file" : "none",
      users: [...file.users.values()].map((u) => ({ name: u.name, role: u.role })),
      tokens,
      roles: [...file.roles].map(([name, permissions]) => ({ name, permissions: [...permissions] })),
    };
  }

  /**
   * The claims of the session cookie `request` carries, when it is one this console sealed
   * and still valid (not expired, not signed out); null otherwise. For sign-out.
   */
  async sessionOf(request: Request): Promise<SessionClaims | null> {
    const seal = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
    if (seal === null || this.config.mode !== "on" || this.config.sessionSecret === null) return null;
    const claims = await unsealSession(seal, this.config.sessionSecret, this.config.sessionTtlSeconds);
    return claims === null || revokedSessions()?.isRevoked(claims.sid) ? null : claims;
  }

  private async sessionUser(seal: string): Promise<{ name: string; role: Role } | null> {
    if (this.config.mode !== "on" || this.config.sessionSecret === null) return null;
    const claims = await unsealSession(seal, this.config.sessionSecret, this.config.sessionTtlSeconds);
    if (claims === null || revokedSessions()?.isRevoked(claims.sid)) return null;
    const user = this.users().users.get(claims.name);
    return user !== undefined && user.role === claims.role ? { name: user.name, role: user.role } : null;
  }

  /** The permissions of `role` in the users file's table; none for a role it no longer defines (the file's parse refuses that). */
  private permissions(role: Role): readonly Permission[] {
    return permissionsOf(role, this.users().roles) ?? [];
  }

  private users(): UsersFile {
    return this.store?.current() ?? EMPTY_USERS_FILE;
  }
}

/**
 * The header app/api/_lib/peer-address.ts sets on every request (from scripts/start.mjs, or
 * instrumentation.ts under plain `next start`), replacing any a client sent, so it cannot be forged.
 */
export const PEER_ADDRESS_HEADER = "x-dubbo-console-peer";
/** The header beside it holding the process's random proof that this process stamped the request. */
export const PEER_PROOF_HEADER = "x-dubbo-console-peer-proof";
/** Holds the proof on globalThis, set by peer-address.ts once this process stamps requests. */
const STAMPED = Symbol.for("dubbo-console.peer-stamped");

/**
 * The client's address: the socket's peer (or, from a trusted proxy, the client it names
 * in X-Forwarded-For) as peer-address.ts recorded it. Never a header the client chose: a
 * request without this process's proof (one that came before stamping began, or in a
 * process that does not stamp) has `x-dubbo-console-peer` and `X-Forwarded-For` ignored,
 * and its address is `unknown`.
 */
export function clientAddress(request: Request): string {
  const proof = (globalThis as { [STAMPED]?: string })[STAMPED];
  if (typeof proof !== "string" || request.headers.get(PEER_PROOF_HEADER) !== proof) return "unknown";
  return request.headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
}
