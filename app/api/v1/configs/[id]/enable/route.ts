import { toggleConfigBodySchema } from "@/lib/api/overrides/configs";
import { endpoint } from "../../../../_lib/endpoint";
import { parseOptionalJsonBody, pathParam } from "../../../../_lib/request-input";
import { revisionInput } from "../../../../_lib/revision-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/configs/{id}/enable — enables a config, based on `{ "revision" }` (or If-Match); answers it as saved. `"allowStranding": true` saves it even when it leaves a registered consumer with no provider (else 409 `strands_consumers`). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseOptionalJsonBody(request, toggleConfigBodySchema);
      return engine.configs.setEnabled(pathParam(request, "/api/v1/configs/"), true, revisionInput(request, body.revision), actor, body);
    },
  },
});
