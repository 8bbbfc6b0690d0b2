import { PREVIEW_PAGE_DEFAULT, type RoutePreviewRequest } from "@/lib/api/route-preview";

/** Providers per page of the preview's list: the first comes with the answer, the others as the list scrolls. */
export const PROVIDER_PAGE = PREVIEW_PAGE_DEFAULT;

/** The request of page `page` of the providers of `request`'s preview: the draft's own route alone, none of the other views. */
export function providerPageRequest(request: RoutePreviewRequest, page: number): RoutePreviewRequest {
  return { ...request, providerPage: { offset: page * PROVIDER_PAGE, limit: PROVIDER_PAGE }, include: [] };
}

/** The pages other than the first that rows `first`..`last` (inclusive) fall in, in order. */
export function pagesOfRows(first: number, last: number): number[] {
  const pages: number[] = [];
  for (let p = Math.max(1, Math.floor(first / PROVIDER_PAGE)); p <= Math.floor(last / PROVIDER_PAGE); p++) pages.push(p);
  return pages;
}
