import { configPreviewBodySchema } from "@/lib/api/overrides/configs";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";
import { previewAnswer } from "../../../_lib/preview-answer";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/configs/preview — what saving an override draft (new, an edit of a saved
 * config, or its removal) would do: every registered consumer of the service by its own
 * release, each provider's values before and after and which configurator decided them,
 * shares of the calls, who is left with no provider, in words; and the providers' own URLs
 * under provider-side rules. Nothing is written. Limited like the route preview: at most
 * a few previews per user at once (429), and an answer over PREVIEW_MAX_ANSWER_BYTES is 413.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "read",
    handle: ({ request, engine, actor }) =>
      previewAnswer(actor, "preview a config that reaches fewer providers", async () => engine.ruleKinds.override.preview(await parseJsonBody(request, configPreviewBodySchema))),
  },
});
