import "server-only";
import { NextResponse } from "next/server";
import { ValidationError } from "@/lib/errors";
import { assessHealth, parseHealthProbe } from "@/server/runtime/health";
import type { HandlerContext } from "./route-handler";

/**
 * GET /api/health's body: liveness with `?probe=live`, readiness by default (see
 * assessHealth). Answers 200 or 503 with the same JSON, `no-store`, so a probe that only
 * reads the status and an operator who reads the body see one verdict. Needs no actor:
 * the endpoint is public.
 */
export function healthCheck({ request, engine }: HandlerContext): Response {
  const probe = parseHealthProbe(new URL(request.url).searchParams);
  if (probe === null) {
    const message = "probe must be live or ready";
    throw new ValidationError(`invalid query: ${message}`, [{ path: "probe", message }]);
  }
  const { body, httpStatus } = assessHealth(engine.registryHealth(), probe);
  return NextResponse.json(body, { status: httpStatus, headers: { "cache-control": "no-store" } });
}
