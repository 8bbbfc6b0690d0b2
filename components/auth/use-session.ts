"use client";

import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "@/lib/api/client/queries";
import type { SessionState } from "@/lib/api/session";
import { can as grants, type Permission, PRESET_ROLES, type Role } from "@/lib/auth/roles";

/** Who this browser is, as the UI needs it to hide what the role cannot do. */
export interface SessionView {
  /** The server's answer; undefined until it arrives (or if it failed). */
  readonly state: SessionState | undefined;
  /**
   * The role the server will act as: the user's, or `admin` when authentication is off
   * (the server then treats every request as the anonymous admin); null while unknown or
   * signed out.
   */
  readonly role: Role | null;
  /** Whether the role has `permission`; false while the role is unknown, so no control flashes up and then vanishes. */
  readonly can: (permission: Permission) => boolean;
}

/** The role the server acts as for this session state (see {@link SessionView.role}). */
export function roleOf(state: SessionState | undefined): Role | null {
  if (state === undefined) return null;
  if (state.user) return state.user.role;
  return state.auth === "off" ? "admin" : null;
}

/** The permissions the server acts with for this session state: the user's, or the admin's when authentication is off; none while unknown. */
export function permissionsOf(state: SessionState | undefined): readonly Permission[] {
  if (state === undefined) return [];
  if (state.user) return state.user.permissions;
  return state.auth === "off" ? PRESET_ROLES.admin : [];
}

/**
 * The session, read once per tab from GET /api/v1/session (react-query, shared by every
 * caller). The server enforces every permission anyway: this only keeps the UI from
 * offering what would be refused.
 */
export function useSession(): SessionView {
  const { data } = useQuery(sessionQuery());
  const role = roleOf(data);
  const permissions = permissionsOf(data);
  return { state: data, role, can: (permission) => grants({ permissions }, permission) };
}
