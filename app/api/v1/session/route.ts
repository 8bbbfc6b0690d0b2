import { NextResponse } from "next/server";
import { signInBodySchema, type SessionState, type SignInAnswer } from "@/lib/api/session";
import { isSameOriginWrite } from "@/lib/auth/same-origin";
import { ConflictError } from "@/lib/errors";
import { authRuntime } from "@/server/auth/auth-runtime";
import { isHttps, sessionCookieHeader } from "@/server/auth/session-cookie";
import { signIn } from "@/server/auth/sign-in";
import { crossOriginRefused } from "../../_lib/admission";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * /api/v1/session (public; docs/api.md): POST `{ name, password }` signs in (200 and the
 * session cookie; 401 for a wrong name or password alike; 429 after 10 failures in 5 min
 * from one address for one name); GET says whether sign-in is on and who the request is;
 * DELETE signs out (204, the cookie cleared).
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
      const { authenticator, signInFailures } = authRuntime();
      if (!authenticator.enabled) throw new ConflictError("sign-in is off (CONSOLE_AUTH=off): every request is the anonymous admin");
      if (!isSameOriginWrite(request.method, request.headers, true)) throw crossOriginRefused();
      const { name, password } = await parseJsonBody(request, signInBodySchema);
      const key = `${actor.address} ${name}`;
      signInFailures.check(key);
      const signed = await signIn(authenticator, name, password).catch((e: unknown) => {
        signInFailures.fail(key);
        throw e;
      });
      signInFailures.succeed(key);
      const answer: SignInAnswer = { user: { name: signed.user.name, role: signed.user.role, permissions: [...signed.user.permissions], via: "session" }, expiresAt: signed.expiresAt };
      return NextResponse.json(answer, { headers: { "cache-control": "no-store", "set-cookie": sessionCookieHeader(signed.seal, signed.maxAgeSeconds, isHttps(request)) } });
    },
  },
  DELETE: {
    permission: "public",
    handle: ({ request }) => {
      if (!isSameOriginWrite(request.method, request.headers, false)) throw crossOriginRefused();
      return new Response(null, { status: 204, headers: { "cache-control": "no-store", "set-cookie": sessionCookieHeader("", 0, isHttps(request)) } });
    },
  },
});
