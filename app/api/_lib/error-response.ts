import "server-only";
import { NextResponse } from "next/server";
import { type ErrorBody, errorBodyOf } from "@/lib/api/error-body";
import type { ConsoleError } from "@/lib/errors";
import { HTTP_STATUS } from "./http-status";

/**
 * The HTTP answer for a typed error: `{ error: { ...details, code, message } }` with the
 * status from HTTP_STATUS, never cached. A `method_not_allowed` answer also carries the
 * `Allow` header HTTP requires of a 405 (RFC 9110 §15.5.6), built from `details.allow`.
 */
export function errorResponse(e: ConsoleError): NextResponse<ErrorBody> {
  const headers = new Headers({ "cache-control": "no-store" });
  const allow = e.code === "method_not_allowed" ? e.details?.allow : undefined;
  if (Array.isArray(allow)) headers.set("allow", allow.join(", "));
  return NextResponse.json(errorBodyOf(e), { status: HTTP_STATUS[e.code], headers });
}
