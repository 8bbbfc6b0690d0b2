import { tagPreviewBodySchema } from "@/lib/api/tag-route-preview";
import { endpoint } from "../../../_lib/endpoint";
import { previewAnswer } from "../../../_lib/preview-answer";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/tag-routes/preview `{ application, yaml | null, registry?, listMax? }` — what
 * saving (or, with `yaml: null`, deleting) the tag rule of a provider application would do:
 * how each release reads it, which providers each tag selects, and for every registered
 * consumer of the application's services and each request tag, the providers it gets now
 * and with the draft, and why. Nothing is written. Limited as the other previews are.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "read",
    handle: ({ request, engine, actor }) => previewAnswer(actor, "ask with a smaller listMax", async () => engine.ruleKinds.tagRoute.preview(await parseJsonBody(request, tagPreviewBodySchema))),
  },
});
