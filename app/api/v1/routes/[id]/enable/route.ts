import { toggleRouteQuerySchema } from "@/lib/api/routes";
import { endpoint } from "../../../../_lib/endpoint";
import { parseQuery, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/routes/{id}/enable[?revision=] — enables a route (an edit of `enabled`); answers it as saved, with its new id. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: ({ request, engine, actor }) =>
      engine.routes.setEnabled(pathParam(request, "/api/v1/routes/"), true, parseQuery(request, toggleRouteQuerySchema).revision, actor),
  },
});
