import { toggleRouteBodySchema, toggleRouteQuerySchema } from "@/lib/api/routing/routes";
import { endpoint } from "../../../../_lib/endpoint";
import { optionalRevisionInput } from "../../../../_lib/optional-revision";
import { parseOptionalJsonBody, parseQuery, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/routes/{id}/disable[?revision=] — disables a route (an edit of `enabled`); answers it as saved (a new revision). The revision (query or If-Match) is optional; given, a stale one is 409 conflict. An optional body `{ "allowStranding": true }` saves it even when it leaves a registered consumer with no provider (else 409 `strands_consumers`). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const revision = optionalRevisionInput(request, parseQuery(request, toggleRouteQuerySchema).revision);
      const write = await parseOptionalJsonBody(request, toggleRouteBodySchema);
      return engine.routes.setEnabled(pathParam(request, "/api/v1/routes/"), false, revision, actor, write);
    },
  },
});
