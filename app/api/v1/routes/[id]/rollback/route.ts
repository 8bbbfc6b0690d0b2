import { rollbackBodySchema } from "@/lib/api/audit";
import { endpoint } from "../../../../_lib/endpoint";
import { parseJsonBody, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/routes/{id}/rollback `{ auditId }` — puts the route back as that audit entry
 * found it; 409 when the route changed since the entry. Answers `{ route }` (null when the
 * rollback deleted it). Itself recorded as `route.rollback`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const { auditId, allowStranding } = await parseJsonBody(request, rollbackBodySchema);
      return engine.routeHistory.rollback(pathParam(request, "/api/v1/routes/"), auditId, actor, allowStranding === true);
    },
  },
});
