import { NextResponse } from "next/server";
import { configRouteDeleteQuerySchema, configRoutePutSchema, configRoutesQuerySchema } from "@/lib/api/routing/config-routes";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * /api/v1/config-routes — condition rules in the config center (docs/api.md):
 * GET lists them with who obeys each; PUT creates (201) or, with `revision`, replaces (200)
 * one, 409 when it changed since; DELETE `?key=&revision=` removes one, 409 likewise.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.configRoutes.list(parseQuery(request, configRoutesQuerySchema)) },
  PUT: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const answer = await engine.configRoutes.put(await parseJsonBody(request, configRoutePutSchema), actor);
      return NextResponse.json(answer, { status: answer.created ? 201 : 200, headers: { "cache-control": "no-store" } });
    },
  },
  DELETE: { permission: "routes.write", handle: ({ request, engine, actor }) => engine.configRoutes.delete(parseQuery(request, configRouteDeleteQuerySchema), actor) },
});
