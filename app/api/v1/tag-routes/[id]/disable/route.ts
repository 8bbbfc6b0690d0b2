import { toggleTagRouteBodySchema } from "@/lib/api/tag-routes";
import { endpoint } from "../../../../_lib/endpoint";
import { parseOptionalJsonBody, pathParam } from "../../../../_lib/request-input";
import { revisionInput } from "../../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/tag-routes/{id}/disable — disables a tag rule, based on `{ "revision" }` (or If-Match); answers it as saved. `"allowStranding": true` saves it even when it leaves a registered consumer with no provider (else 409 `strands_consumers`). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseOptionalJsonBody(request, toggleTagRouteBodySchema);
      return engine.tagRoutes.setEnabled(pathParam(request, "/api/v1/tag-routes/"), false, revisionInput(request, body.revision), actor, body);
    },
  },
});
