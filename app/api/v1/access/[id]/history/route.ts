import { endpoint } from "../../../../_lib/endpoint";
import { pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/access/{id}/history — the audit entries of the access rule's route, newest first. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.routeHistory.history(pathParam(request, "/api/v1/access/")) },
});
