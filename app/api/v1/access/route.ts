import { accessBodySchema, accessQuerySchema } from "@/lib/api/access";
import { createdResponse } from "../../_lib/created-response";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/access?service=&group=&version=&registry= — the services' access rules (block
 * or allow lists of consumer hosts or applications), as the named condition routes they are
 * saved as. POST — a new one `{ service, group?, version?, mode, hosts?, applications?,
 * enabled?, allowStranding? }`: 201; 409 `strands_consumers` when it would block every
 * registered consumer still calling the service, unless allowed.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.access.list(parseQuery(request, accessQuerySchema)) },
  POST: {
    permission: "routes.write",
    handle: async ({ request, engine, actor }) => {
      const rule = await engine.access.create(await parseJsonBody(request, accessBodySchema), actor);
      return createdResponse(rule, `/api/v1/access/${rule.id}`);
    },
  },
});
