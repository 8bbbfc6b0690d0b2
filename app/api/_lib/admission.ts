import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can, type Permission, roleFor } from "@/lib/auth/roles";
import { isSameOriginWrite } from "@/lib/auth/same-origin";
import { ForbiddenError } from "@/lib/errors";
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
 * 4. a role below the permission's is 403 forbidden with `needed` and `role`.
 */
export async function admit(request: Request, permission: Permission, auth: Authenticator): Promise<Actor> {
  if (permission === "public") return (await auth.identify(request)) ?? { name: "anonymous", role: "viewer", via: "anonymous", address: clientAddress(request) };
  const actor = await auth.authenticate(request);
  if (actor.via !== "token" && !isSameOriginWrite(request.method, request.headers, actor.via === "session", requestScheme(request))) throw crossOriginRefused();
  const needed = roleFor(permission);
  if (!can(actor.role, permission)) {
    throw new ForbiddenError(`the ${actor.role} role may not do this; it needs ${needed} or above`, { needed, role: actor.role });
  }
  return actor;
}

/** The 403 for a write whose origin is not the console's own. */
export function crossOriginRefused(): ForbiddenError {
  return new ForbiddenError("cross-origin write refused: the request's Origin is not this console's");
}
