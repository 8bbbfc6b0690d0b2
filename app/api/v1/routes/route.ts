import { createRouteBodySchema, routesQuerySchema } from "@/lib/api/routing/routes";
import { createdResponse } from "../../_lib/created-response";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/routes?service=&group=&version=&registry= — the condition routes in the
 * registries' routers category. POST /api/v1/routes — saves a new one: 201 with the route
 * (its `node` is the ZooKeeper path written) and `Location`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.routes.list(parseQuery(request, routesQuerySchema)) },
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const route = await engine.routes.create(await parseJsonBody(request, createRouteBodySchema), actor);
      return createdResponse(route, `/api/v1/routes/${route.id}`);
    },
  },
});
