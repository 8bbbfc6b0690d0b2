import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import type { Role } from "@/lib/auth/roles";

/** The session cookie's name. */
export const SESSION_COOKIE = "dubbo_console_session";

/** What a session cookie carries, sealed (encrypted and signed, iron) with the session secret. */
export interface SessionClaims {
  /** The session's own id, random: what sign-out revokes (server/auth/revoked-sessions.ts). */
  readonly sid: string;
  readonly name: string;
  readonly role: Role;
  /** When it stops working, epoch ms. */
  readonly exp: number;
}

const claimsSchema = z.object({ sid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), name: z.string(), role: z.string(), exp: z.number() });

/** Seals `claims` for `ttlSeconds`: no replica state, any replica with the same secret opens it. */
export function sealSession(claims: SessionClaims, secret: string, ttlSeconds: number): Promise<string> {
  return sealData(claims, { password: secret, ttl: ttlSeconds });
}

/** The claims of a sealed cookie value, or null when it is forged, tampered with, for another secret or expired. */
export async function unsealSession(seal: string, secret: string, ttlSeconds: number, now = Date.now()): Promise<SessionClaims | null> {
  const data = await unsealData<unknown>(seal, { password: secret, ttl: ttlSeconds });
  const claims = claimsSchema.safeParse(data);
  if (!claims.success || claims.data.exp <= now) return null;
  return { sid: claims.data.sid, name: claims.data.name, role: claims.data.role, exp: claims.data.exp };
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * The Set-Cookie value for the session: httpOnly (no script reads it), SameSite=Strict (no
 * other site's page sends it), Path=/, Secure when the browser reached us over https.
 * An empty `value` with maxAge 0 clears it.
 */
export function sessionCookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/** Whether the browser reached the console over https: the URL's scheme, or the proxy's `x-forwarded-proto`. */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded ? forwarded === "https" : new URL(request.url).protocol === "https:";
}

/** The scheme the browser used to reach the console (see {@link isHttps}), for the same-origin check. */
export function requestScheme(request: Request): "http" | "https" {
  return isHttps(request) ? "https" : "http";
}
