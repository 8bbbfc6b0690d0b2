import { routePreviewBodySchema } from "@/lib/api/route-preview";
import { previewRoute } from "@/server/governance/route-preview";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/routes/preview — what a condition route (a draft, or an edit of a saved one)
 * does to one consumer's providers and why, the whole chain of the service's routes for that
 * consumer, and which registered consumers it changes. Nothing is written.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: { permission: "read", handle: async ({ request, engine }) => previewRoute(await parseJsonBody(request, routePreviewBodySchema), engine) },
});
