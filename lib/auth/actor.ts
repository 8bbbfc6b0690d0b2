import type { Permission, Role } from "./roles";

/**
 * Who made a request, as the audit trail records it and the handlers see it.
 *
 * - `session`: a user signed in through the sign-in page (a session cookie);
 * - `token`: an API token (`Authorization: Bearer`), named by its entry in the users file
 *   or `CONSOLE_API_TOKEN` for the environment's token;
 * - `anonymous`: no credentials, only where authentication is off (`CONSOLE_AUTH=off`).
 */
export interface Actor {
  /** The user's or token's name; `anonymous` when authentication is off. */
  readonly name: string;
  /** The role's name: a preset (viewer, operator, invoker, admin) or one the users file defines. */
  readonly role: Role;
  /** What the role may do (lib/auth/roles.ts), resolved from the users file when the request came. */
  readonly permissions: readonly Permission[];
  readonly via: "session" | "token" | "anonymous";
  /** The client's address as the console saw it (the socket's, or the first proxy hop's where trusted). */
  readonly address: string;
}

/** What the audit trail records of an actor: who, with which role, how, from where (not the permissions, which the role's name stands for). */
export type AuditedActor = Pick<Actor, "name" | "role" | "via" | "address">;

/** Just the fields an audit entry records of `actor` (an Actor carries its permissions too). */
export function auditedActor(actor: AuditedActor): AuditedActor {
  return { name: actor.name, role: actor.role, via: actor.via, address: actor.address };
}

/**
 * Whose share a request spends of a per-user limit (event streams, previews): the user's or
 * token's name, or, for the anonymous (sign-in off, or no credentials), the client's address.
 */
export function limitKey(actor: Actor): string {
  return actor.via === "anonymous" ? `address ${actor.address}` : `${actor.via} ${actor.name}`;
}
