import { PREVIEW_LIST_MAX, type RoutePreviewRequest } from "@/lib/api/routing/route-preview";

/**
 * Providers per page of the preview's list: the first comes with the answer, the others as
 * the list scrolls. A screen holds about eight rows; the editor shows each provider's reason
 * in words and asks for no explanation objects (`explain: false`, about 1.5 KB a row).
 */
export const PROVIDER_PAGE = 25;
/** The editor names ten providers of each list (a chain step's drops, the other semantics' result): it asks for no more. */
export const LIST_MAX = 10;

/**
 * What the editor asks of the preview's transport besides the draft: the first page, lists
 * of ten, and no impact row's URL lists (each row names its first few by address; a row
 * expanded asks for its own, {@link impactListsRequest}).
 */
export function editorPreviewRequest(request: RoutePreviewRequest): RoutePreviewRequest {
  return { ...request, providerPage: { offset: 0, limit: PROVIDER_PAGE }, listMax: LIST_MAX, impactUrls: "none", explain: false };
}

/** The request of one impact row's gained and lost URLs (the first {@link PREVIEW_LIST_MAX} of each): the impact view alone, listing only `consumer`'s. */
export function impactListsRequest(request: RoutePreviewRequest, consumer: string): RoutePreviewRequest {
  return { ...request, providerPage: { offset: 0, limit: 1 }, listMax: PREVIEW_LIST_MAX, include: ["impact"], impactUrls: consumer };
}

/** The request of page `page` of the providers of `request`'s preview: the draft's own route alone, none of the other views. */
export function providerPageRequest(request: RoutePreviewRequest, page: number): RoutePreviewRequest {
  return { ...request, providerPage: { offset: page * PROVIDER_PAGE, limit: PROVIDER_PAGE }, include: [], explain: false };
}

/** The pages other than the first that rows `first`..`last` (inclusive) fall in, in order. */
export function pagesOfRows(first: number, last: number): number[] {
  const pages: number[] = [];
  for (let p = Math.max(1, Math.floor(first / PROVIDER_PAGE)); p <= Math.floor(last / PROVIDER_PAGE); p++) pages.push(p);
  return pages;
}
