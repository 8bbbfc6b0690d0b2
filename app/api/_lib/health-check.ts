import "server-only";
import { NextResponse } from "next/server";
import { withoutCredentials } from "@/lib/dubbo/registry-address";
import { ValidationError } from "@/lib/errors";
import { assessHealth, parseHealthProbe } from "@/server/runtime/health";
import type { HandlerContext } from "./route-handler";

/**
 * GET /api/health's body: liveness with `?probe=live`, readiness by default (see
 * assessHealth). Answers 200 or 503 with the same JSON, `no-store`, so a probe that only
 * reads the status and an operator who reads the body see one verdict. Needs no actor:
 * the endpoint is public, so each registry's source is shown without its ZooKeeper user.
 */
export function healthCheck({ request, engine }: HandlerContext): Response {
  const probe = parseHealthProbe(new URL(request.url).searchParams);
  if (probe === null) {
    const message = "probe must be live or ready";
    throw new ValidationError(`invalid query: ${message}`, [{ path: "probe", message }]);
  }
  const registries = engine.registryHealth().map((r) => ({ ...r, source: withoutCredentials(r.source) }));
  const { body, httpStatus } = assessHealth(registries, probe);
  return NextResponse.json(body, { status: httpStatus, headers: { "cache-control": "no-store" } });
}
