import { providerActionBodySchema } from "@/lib/api/overrides/configs";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/providers/online — brings a provider back: deletes every config that only takes it offline; answers `{ "deleted": [ids] }` (empty when it was not offline). */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => engine.configs.online(await parseJsonBody(request, providerActionBodySchema), actor),
  },
});
