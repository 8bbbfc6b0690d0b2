import "server-only";
import { NextResponse } from "next/server";

/**
 * 200 with one rule (a route, a config) as JSON and its revision as a strong `ETag`
 * (`"{revision}"`), never cached: a client may send the ETag back as `If-Match` on a
 * write (revision-input.ts).
 */
export function revisionedResponse(body: unknown, revision: string): NextResponse {
  return NextResponse.json(body, { headers: { etag: `"${revision}"`, "cache-control": "no-store" } });
}
