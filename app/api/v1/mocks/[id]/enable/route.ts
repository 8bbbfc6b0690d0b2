import { toggleMockBodySchema } from "@/lib/api/mocks";
import { endpoint } from "../../../../_lib/endpoint";
import { parseOptionalJsonBody, pathParam } from "../../../../_lib/request-input";
import { revisionInput } from "../../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/mocks/{id}/enable — enables a mock, based on `{ "revision" }` (or If-Match). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseOptionalJsonBody(request, toggleMockBodySchema);
      return engine.mocks.setEnabled(pathParam(request, "/api/v1/mocks/"), true, revisionInput(request, body.revision), actor);
    },
  },
});
