import { endpoint } from "../../../../_lib/endpoint";
import { pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/routes/{id}/history — the audit entries of the route through its edits, newest first; any id it had works. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.routeHistory.history(pathParam(request, "/api/v1/routes/")) },
});
