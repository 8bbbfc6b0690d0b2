import { configsQuerySchema, createConfigBodySchema } from "@/lib/api/overrides/configs";
import { createdResponse } from "../../_lib/created-response";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/configs?service=&group=&version=&application=&registry= — the overrides
 * (configurators) of the registries, whoever wrote them, with their origin. POST
 * /api/v1/configs — saves a new one (its config-center item and, for a service, its
 * registry copy, both by default): 201 with the config and `Location`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.configs.list(parseQuery(request, configsQuerySchema)) },
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const config = await engine.configs.create(await parseJsonBody(request, createConfigBodySchema), actor);
      return createdResponse(config, `/api/v1/configs/${config.id}`);
    },
  },
});
