import { deleteRouteQuerySchema, replaceRouteBodySchema } from "@/lib/api/routes";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * PUT /api/v1/routes/{id} — changes a route, based on the `revision` in the body; answers
 * the route as saved, with its new id and revision. DELETE /api/v1/routes/{id}?revision= —
 * deletes it. A stale revision is 409 conflict, and nothing is written.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  PUT: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const { revision, targets, allowStranding, ...changes } = await parseJsonBody(request, replaceRouteBodySchema);
      return engine.routes.replace(pathParam(request, "/api/v1/routes/"), revision, changes, targets, actor, { allowStranding });
    },
  },
  DELETE: {
    permission: "routes.write",
    handle: ({ request, engine, actor }) => engine.routes.remove(pathParam(request, "/api/v1/routes/"), parseQuery(request, deleteRouteQuerySchema).revision, actor),
  },
});
