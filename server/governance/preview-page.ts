import { PREVIEW_LIST_MAX, type RoutePreviewBody, type RoutePreviewResponse } from "@/lib/api/route-preview";
import type { ConditionRouteResult } from "@/lib/routing/condition-route";
import { countReasons } from "@/lib/routing/reason-group";

/**
 * What a preview answer carries of a route's providers: a summary and one page, never the
 * whole list. At 10,000 providers the whole list with every provider's explanation is
 * about 15 MB a keystroke; the summary (counts, the providers grouped by reason, the first
 * of the result) and a page of 100 are a few tens of KB, and the editor asks for further
 * pages as its list scrolls (`providerPage`).
 */
export type PreviewProviderFields = Pick<RoutePreviewResponse, "result" | "resultCount" | "providers" | "providerCount" | "providerOffset" | "reasons" | "reasonCount">;

/** The fields of {@link PreviewProviderFields} for the draft's own route on the request's consumer. */
export function previewProviderFields(own: ConditionRouteResult, page: RoutePreviewBody["providerPage"]): PreviewProviderFields {
  const reasons = countReasons(own.providers.length, (k) => own.providers[k]!, own.outcome);
  return {
    result: own.result.slice(0, PREVIEW_LIST_MAX),
    resultCount: own.result.length,
    providers: own.providers.slice(page.offset, page.offset + page.limit),
    providerCount: own.providers.length,
    providerOffset: page.offset,
    reasons: reasons.slice(0, PREVIEW_LIST_MAX),
    reasonCount: reasons.length,
  };
}
