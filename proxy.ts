import { type NextRequest, NextResponse } from "next/server";
import { pageCsp } from "./lib/http/security-headers";
import { refuseForeignHost } from "./app/api/_lib/host-guard";
import { refuseUnroutable } from "./app/api/_lib/request-guard";
import { authRuntime } from "./server/auth/auth-runtime";

/** Pages anyone may open: the sign-in page itself. */
const PUBLIC_PAGES: ReadonlySet<string> = new Set(["/sign-in"]);

/**
 * Next.js runs this before routing (on Node), for every path but Next's static files:
 *
 * - first, a `Host` that is not one of the console's names answers 421 (DNS rebinding;
 *   app/api/_lib/host-guard.ts, CONSOLE_ALLOWED_HOSTS);
 * - /api: requests Next would refuse with an empty or plain-text answer get the API's JSON
 *   error instead (app/api/_lib/request-guard.ts); the route handlers authenticate (401 JSON);
 * - pages: with sign-in on and no valid session (or token), a redirect to
 *   `/sign-in?next=<path>`; otherwise the page, under a Content-Security-Policy with a fresh
 *   script nonce, which Next reads from the request's CSP header and puts on its scripts
 *   (the layout passes `x-nonce` to the theme script).
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const { authenticator, allowedHosts } = authRuntime();
  const foreign = refuseForeignHost(request, allowedHosts);
  if (foreign) return foreign;
  if (pathname === "/api" || pathname.startsWith("/api/")) return refuseUnroutable(request) ?? NextResponse.next();
  if (authenticator.enabled && !PUBLIC_PAGES.has(pathname) && (await authenticator.identify(request)) === null) {
    const to = new URL("/sign-in", request.url);
    to.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(to, 303);
  }
  const nonce = btoa(crypto.randomUUID());
  const csp = pageCsp(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = { matcher: ["/((?!_next/static|_next/image|icon.svg|favicon.ico).*)"] };
