import { rollbackBodySchema } from "@/lib/api/audit";
import { endpoint } from "../../../../_lib/endpoint";
import { parseJsonBody, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/tag-routes/{id}/rollback `{ auditId }` — puts the tag rule back as that audit
 * entry found it; 409 when the rule changed since the entry. Answers `{ tagRoute }` (null
 * when the rollback deleted it). Itself recorded as `tag-route.rollback`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const { auditId, allowStranding } = await parseJsonBody(request, rollbackBodySchema);
      return { tagRoute: await engine.tagRouteHistory.rollback(pathParam(request, "/api/v1/tag-routes/"), auditId, actor, allowStranding === true) };
    },
  },
});
