import "server-only";
import { NextResponse } from "next/server";
import { type ErrorBody, errorBodyOf } from "@/lib/api/error-body";
import type { ConsoleError } from "@/lib/errors";
import { HTTP_STATUS } from "./http-status";

/**
 * The HTTP answer for a typed error: `{ error: { ...details, code, message } }` with the
 * status from HTTP_STATUS, never cached. A `method_not_allowed` answer also carries the
 * `Allow` header HTTP requires of a 405 (RFC 9110 §15.5.6), built from `details.allow`; a
 * `rate_limited` one carries `Retry-After` (RFC 6585 §4) from `details.retryAfterSeconds`.
 */
export function errorResponse(e: ConsoleError): NextResponse<ErrorBody> {
  const headers = new Headers({ "cache-control": "no-store" });
  const allow = e.code === "method_not_allowed" ? e.details?.allow : undefined;
  if (Array.isArray(allow)) headers.set("allow", allow.join(", "));
  const retryAfter = e.code === "rate_limited" ? e.details?.retryAfterSeconds : undefined;
  if (typeof retryAfter === "number") headers.set("retry-after", String(retryAfter));
  return NextResponse.json(errorBodyOf(e), { status: HTTP_STATUS[e.code], headers });
}
