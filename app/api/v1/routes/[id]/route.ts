import { deleteRouteQuerySchema, replaceRouteBodySchema } from "@/lib/api/routing/routes";
import { endpoint } from "../../../_lib/endpoint";
import { movedIdResponse } from "../../../_lib/moved-id-response";
import { parseJsonBody, parseQuery, pathParam } from "../../../_lib/request-input";
import { revisionedResponse } from "../../../_lib/revisioned-response";
import { revisionInput } from "../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const PREFIX = "/api/v1/routes/";

/**
 * GET /api/v1/routes/{id} — one route, with its revision as `ETag`; an old id (from before
 * stable ids) is 308 to the route's id now. PUT /api/v1/routes/{id} — changes a route,
 * based on the revision in the body (`revision`) or `If-Match`; answers the route as saved
 * (the same id for a named route, a new revision). DELETE /api/v1/routes/{id}?revision= (or
 * If-Match) — deletes it. A stale revision is 409 conflict, and nothing is written; an old
 * id writes the route it names.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const { route, alias } = engine.routes.get(pathParam(request, PREFIX));
      return alias ? movedIdResponse(request, PREFIX, route.id) : revisionedResponse(route, route.revision);
    },
  },
  PUT: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const { revision, targets, allowStranding, ...changes } = await parseJsonBody(request, replaceRouteBodySchema);
      return engine.routes.replace(pathParam(request, PREFIX), revisionInput(request, revision), changes, targets, actor, { allowStranding });
    },
  },
  DELETE: {
    permission: "routes.write",
    handle: ({ request, engine, actor }) =>
      engine.routes.remove(pathParam(request, PREFIX), revisionInput(request, parseQuery(request, deleteRouteQuerySchema).revision), actor),
  },
});
