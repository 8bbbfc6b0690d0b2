import { providerWeightBodySchema } from "@/lib/api/overrides/configs";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/providers/weight — sets a provider's weight (`weight=N` for that address, both copies); answers the config like POST /api/v1/configs. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => engine.configs.weight(await parseJsonBody(request, providerWeightBodySchema), actor),
  },
});
