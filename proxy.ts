import { NextResponse } from "next/server";
import { refuseUnroutable } from "./app/api/_lib/request-guard";

/**
 * Next.js runs this before routing, for /api paths only: requests Next would refuse with
 * an empty or plain-text answer get the API's JSON error instead (app/api/_lib/request-guard.ts).
 */
export function proxy(request: Request): Response {
  return refuseUnroutable(request) ?? NextResponse.next();
}

export const config = { matcher: "/api/:path*" };
