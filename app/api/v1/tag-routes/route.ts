import { createTagRouteBodySchema, tagRoutesQuerySchema } from "@/lib/api/tag-routes";
import { createdResponse } from "../../_lib/created-response";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/tag-routes?application=&registry= — the tag rules (`{application}.tag-router`)
 * of the registries' config centers, whoever wrote them, with their origin and how each
 * Dubbo release reads them. POST — a new rule for a provider application, as `rule` (the
 * form's fields) or `yaml`: 201 with the rule and `Location`; 409 when it has one.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.tagRoutes.list(parseQuery(request, tagRoutesQuerySchema)) },
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const rule = await engine.tagRoutes.create(await parseJsonBody(request, createTagRouteBodySchema), actor);
      return createdResponse(rule, `/api/v1/tag-routes/${rule.id}`);
    },
  },
});
