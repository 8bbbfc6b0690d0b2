import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can, PRESET_ROLES, type Requirement } from "@/lib/auth/roles";
import { isSameOriginWrite } from "@/lib/auth/same-origin";
import { ForbiddenError } from "@/server/errors/auth-errors";
import type { Authenticator } from "@/server/auth/authenticator";
import { clientAddress } from "@/server/auth/authenticator";
import { requestScheme } from "@/server/auth/session-cookie";

/**
 * Whether `request` may do what `permission` guards, and who it is. In order:
 *
 * 1. `public`: anyone; the actor is whoever the credentials say, or an anonymous viewer;
 * 2. credentials (Bearer token, else session cookie): none or bad is 401 unauthorized;
 * 3. a cookie-authenticated unsafe method must come from the console's own origin, scheme included (CSRF),
 *    else 403 "cross-origin write refused"; Bearer requests are exempt (nothing ambient);
 *    with authentication off, a write that names another origin is refused the same way;
 * 4. a role without the permission is 403 forbidden with `needed` (the permission) and `role`.
 */
export async function admit(request: Request, permission: Requirement, auth: Authenticator): Promise<Actor> {
  if (permission === "public") return (await auth.identify(request)) ?? { name: "anonymous", role: "viewer", permissions: PRESET_ROLES.viewer, via: "anonymous", address: clientAddress(request) };
  const actor = await auth.authenticate(request);
  if (actor.via !== "token" && !isSameOriginWrite(request.method, request.headers, actor.via === "session", requestScheme(request))) throw crossOriginRefused();
  if (!can(actor, permission)) throw lacking(actor, permission);
  return actor;
}

/** The 403 for an actor whose role lacks `permission`: `needed` names the permission, `role` the role. */
export function lacking(actor: Actor, permission: Requirement): ForbiddenError {
  return new ForbiddenError(`the ${actor.role} role may not do this: it needs the ${permission} permission`, { needed: permission, role: actor.role });
}

/** The 403 for a write whose origin is not the console's own. */
export function crossOriginRefused(): ForbiddenError {
  return new ForbiddenError("cross-origin write refused: the request's Origin is not this console's");
}
