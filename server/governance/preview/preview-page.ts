import { type ConsumerImpact, PREVIEW_LIST_MAX, type RoutePreviewBody, type RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import type { ConditionRouteResult } from "@/lib/routing/evaluate/condition-route";
import { countReasons } from "@/lib/routing/explain/reason-group";

/**
 * What a preview answer carries of a route's providers: a summary and one page, never the
 * whole list. At 10,000 providers the whole list with every provider's explanation is
 * about 15 MB a keystroke; the summary (counts, the providers grouped by reason, the first
 * of the result) and a page of 100 are a few tens of KB, and the editor asks for further
 * pages as its list scrolls (`providerPage`).
 */
export type PreviewProviderFields = Pick<RoutePreviewResponse, "result" | "resultCount" | "providers" | "providerCount" | "providerOffset" | "reasons" | "reasonCount">;

/** The fields of {@link PreviewProviderFields} for the draft's own route on the request's consumer. */
export function previewProviderFields(own: ConditionRouteResult, body: Pick<RoutePreviewBody, "providerPage" | "listMax" | "explain">): PreviewProviderFields {
  const reasons = countReasons(own.providers.length, (k) => own.providers[k]!, own.outcome);
  const page = body.providerPage;
  return {
    result: own.result.slice(0, body.listMax),
    resultCount: own.result.length,
    providers: own.providers.slice(page.offset, page.offset + page.limit).map((p) => (body.explain ? p : { ...p, conditions: null })),
    providerCount: own.providers.length,
    providerOffset: page.offset,
    reasons: reasons.slice(0, PREVIEW_LIST_MAX),
    reasonCount: reasons.length,
  };
}

/**
 * `answer` with every list of provider URLs cut to the request's `listMax` (the counts stay
 * whole): the other semantics' and the chain's result, each chain step's `dropped`, each
 * impact row's `gained` and `lost`; and the impact rows' URL lists left out (null) but for
 * the rows `impactUrls` names. 40 consumers' gained and lost URLs were most of a
 * keystroke's answer (issue 15 item 20): the editor asks for none, and names each row's
 * first few by address (`gainedNames`), and for one row's URLs when it is expanded.
 */
export function withListsCut(answer: RoutePreviewResponse, body: Pick<RoutePreviewBody, "listMax" | "impactUrls">): RoutePreviewResponse {
  const { listMax, impactUrls } = body;
  const cut = <T>(list: readonly T[]) => (listMax >= PREVIEW_LIST_MAX ? (list as T[]) : list.slice(0, listMax));
  const listed = (c: ConsumerImpact) => impactUrls === "all" || impactUrls === c.url;
  const impact = answer.impact && {
    ...answer.impact,
    consumers: answer.impact.consumers.map((c) => (listed(c) ? { ...c, gained: c.gained && cut(c.gained), lost: c.lost && cut(c.lost) } : { ...c, gained: null, lost: null })),
  };
  if (listMax >= PREVIEW_LIST_MAX) return { ...answer, impact };
  return {
    ...answer,
    otherSemantics: answer.otherSemantics && { ...answer.otherSemantics, result: cut(answer.otherSemantics.result) },
    chain: answer.chain && { ...answer.chain, result: cut(answer.chain.result), steps: answer.chain.steps.map((s) => ({ ...s, dropped: cut(s.dropped) })) },
    impact,
  };
}
