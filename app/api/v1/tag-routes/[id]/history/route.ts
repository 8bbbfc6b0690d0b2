import { endpoint } from "../../../../_lib/endpoint";
import { pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/tag-routes/{id}/history — the audit entries of the tag rule, newest first (also after it was deleted, while the trail holds them). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => ({ entries: engine.tagRoutes.history(pathParam(request, "/api/v1/tag-routes/")) }) },
});
