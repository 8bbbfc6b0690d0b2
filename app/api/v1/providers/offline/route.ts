import { providerOfflineBodySchema } from "@/lib/api/overrides/configs";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/providers/offline — takes a provider out of its consumers' rotation: a consumer-side `disabled=true` for that address, in the config center and the registry (or the copies `targets` names); answers the config like POST /api/v1/configs (the existing one when it is already offline). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => engine.configs.offline(await parseJsonBody(request, providerOfflineBodySchema), actor),
  },
});
