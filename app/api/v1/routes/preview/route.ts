import { routePreviewBodySchema } from "@/lib/api/routing/route-preview";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";
import { previewAnswer } from "../../../_lib/preview-answer";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/routes/preview — what a condition route (a draft, or an edit of a saved one)
 * does to one consumer's providers and why, the whole chain of the service's routes for that
 * consumer, and which registered consumers it changes. Nothing is written. A user has at most
 * MAX_PREVIEWS_PER_USER computing at once (429 past it), and an answer over
 * PREVIEW_MAX_ANSWER_BYTES is refused (413 `answer_too_large`) rather than sent.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "read",
    handle: ({ request, engine, actor }) =>
      previewAnswer(actor, "preview fewer providers, or leave out views with `include`", async () => engine.ruleKinds.conditionRoute.preview(await parseJsonBody(request, routePreviewBodySchema))),
  },
});
