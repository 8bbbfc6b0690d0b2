import { NextResponse } from "next/server";
import { signInBodySchema, type SessionState, type SignInAnswer } from "@/lib/api/session";
import { isSameOriginWrite } from "@/lib/auth/same-origin";
import { ConflictError } from "@/server/errors/governance-errors";
import { authRuntime } from "@/server/auth/auth-runtime";
import { isHttps, requestScheme, sessionCookieHeader } from "@/server/auth/session-cookie";
import { revokedSessions } from "@/server/auth/revoked-sessions";
import { signInLimited } from "@/server/auth/sign-in";
import { crossOriginRefused } from "../../_lib/admission";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * /api/v1/session (public; docs/api.md): POST `{ name, password }` signs in (200 and the
 * session cookie; 401 for a wrong name or password alike; 429 after 10 failures in 5 min
 * from one address for one name, or 30 for any names, or while the process's few password
 * checks are all busy); GET says whether sign-in is on and who the request is; DELETE signs
 * out (204, the cookie cleared and its session revoked on every replica; 503 when ZooKeeper
 * cannot record that).
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "public",
    handle: ({ actor }): SessionState => {
      const on = authRuntime().authenticator.enabled;
      return { auth: on ? "on" : "off", user: actor.via === "anonymous" && on ? null : { name: actor.name, role: actor.role, permissions: [...actor.permissions], via: actor.via } };
    },
  },
  POST: {
    permission: "public",
    handle: async ({ request, actor }) => {
      const runtime = authRuntime();
      if (!runtime.authenticator.enabled) throw new ConflictError("sign-in is off (CONSOLE_AUTH=off): every request is the anonymous admin");
      if (!isSameOriginWrite(request.method, request.headers, true, requestScheme(request))) throw crossOriginRefused();
      const { name, password } = await parseJsonBody(request, signInBodySchema);
      const signed = await signInLimited(runtime, actor.address, name, password);
      const answer: SignInAnswer = { user: { name: signed.user.name, role: signed.user.role, permissions: [...signed.user.permissions], via: "session" }, expiresAt: signed.expiresAt };
      return NextResponse.json(answer, { headers: { "cache-control": "no-store", "set-cookie": sessionCookieHeader(signed.seal, signed.maxAgeSeconds, isHttps(request)) } });
    },
  },
  DELETE: {
    permission: "public",
    handle: async ({ request }) => {
      if (!isSameOriginWrite(request.method, request.headers, false, requestScheme(request))) throw crossOriginRefused();
      // Revoked where every replica sees it, so a copy of the cookie stops working too.
      const claims = await authRuntime().authenticator.sessionOf(request);
      if (claims !== null) await revokedSessions()?.revoke(claims.sid, claims.exp);
      return new Response(null, { status: 204, headers: { "cache-control": "no-store", "set-cookie": sessionCookieHeader("", 0, isHttps(request)) } });
    },
  },
});
