import { rollbackBodySchema } from "@/lib/api/audit";
import { endpoint } from "../../../../_lib/endpoint";
import { parseJsonBody, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/access/{id}/rollback `{ auditId }` — puts the access rule's route back as that entry found it (the route's rollback). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const { auditId, allowStranding } = await parseJsonBody(request, rollbackBodySchema);
      return engine.routeHistory.rollback(pathParam(request, "/api/v1/access/"), auditId, actor, allowStranding === true);
    },
  },
});
