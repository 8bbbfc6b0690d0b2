import { toggleAccessBodySchema } from "@/lib/api/access";
import { endpoint } from "../../../../_lib/endpoint";
import { parseOptionalJsonBody, pathParam } from "../../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/access/{id}/disable — disables an access rule, based on `{ "revision" }` when given. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseOptionalJsonBody(request, toggleAccessBodySchema);
      return engine.access.setEnabled(pathParam(request, "/api/v1/access/"), false, body.revision, actor, body.allowStranding === true);
    },
  },
});
