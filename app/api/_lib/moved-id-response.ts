import "server-only";

/** When old (fingerprint) rule ids were deprecated: the release that gave rules stable ids (RFC 9745 `@seconds`). */
export const OLD_IDS_DEPRECATED_AT = "@1796256000"; // 2026-12-03T00:00:00Z

/**
 * 308 Permanent Redirect from a rule's old id to its current one: `Location` is the request's
 * URL with the id segment after `prefix` replaced by `id` (rest of the path and query kept),
 * `Deprecation` says old ids are deprecated (RFC 9745) and `Link` names the successor
 * (`rel="successor-version"`). 308 keeps the method and body, though only reads are
 * redirected: writes by an old id act on the rule it names.
 */
export function movedIdResponse(request: Request, prefix: string, id: string): Response {
  const url = new URL(request.url);
  const rest = url.pathname.slice(prefix.length);
  const slash = rest.indexOf("/");
  const location = `${prefix}${encodeURIComponent(id)}${slash < 0 ? "" : rest.slice(slash)}${url.search}`;
  return new Response(null, {
    status: 308,
    headers: { location, deprecation: OLD_IDS_DEPRECATED_AT, link: `<${location}>; rel="successor-version"`, "cache-control": "no-store" },
  });
}
