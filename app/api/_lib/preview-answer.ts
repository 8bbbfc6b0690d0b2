import "server-only";
import { type Actor, limitKey } from "@/lib/auth/actor";
import { PREVIEW_MAX_ANSWER_BYTES } from "@/lib/api/routing/route-preview";
import { AnswerTooLargeError } from "@/server/errors/request-errors";
import { authRuntime } from "@/server/auth/auth-runtime";
import { jsonTextResponse } from "./json-text-response";

/**
 * The answer of a preview endpoint (routes, configs): computed under the user's share of
 * concurrent previews (429 past it), and refused as 413 `answer_too_large` rather than sent
 * when its JSON is over PREVIEW_MAX_ANSWER_BYTES; `hint` says how to ask for less.
 */
export function previewAnswer(actor: Actor, hint: string, compute: () => Promise<unknown>): Promise<Response> {
  return authRuntime().previews.run(limitKey(actor), async () => {
    const json = JSON.stringify(await compute());
    const size = Buffer.byteLength(json);
    if (size > PREVIEW_MAX_ANSWER_BYTES) throw new AnswerTooLargeError(size, PREVIEW_MAX_ANSWER_BYTES, hint);
    return jsonTextResponse(json);
  });
}
