import { deleteGrayFlowQuerySchema, grayFlowsQuerySchema, putGrayFlowBodySchema } from "@/lib/api/gray-flows";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody, parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/gray-flows?service=&group=&version= — the gray releases under way (docs/api.md
 * "Gray releases"). PUT `{ plan, configId, step, routeIds?, revision }` starts one (revision
 * null) or moves it on; DELETE `?service=&group=&version=&revision=&returned=` ends it.
 * Writes are audited (`gray.*`) and need `configs.write`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.grayFlows.list(parseQuery(request, grayFlowsQuerySchema)) },
  PUT: { permission: "configs.write", handle: async ({ request, engine, actor }) => engine.grayFlows.save(await parseJsonBody(request, putGrayFlowBodySchema), actor) },
  DELETE: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      return engine.grayFlows.end(parseQuery(request, deleteGrayFlowQuerySchema), actor);
    },
  },
});
