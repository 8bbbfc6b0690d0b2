import "server-only";

/**
 * A 200 answer whose body is JSON already serialised (by a service that keeps parts of its
 * answers serialised), never cached.
 *
 * Sent uncompressed (`no-transform` keeps `next start`'s gzip off it): the service list is
 * the answer pages refetch on every change event, and gzip of a large page costs more CPU
 * than building it (measured at 2,000 services x 25 URLs: a 300-service page took p95 ~10 ms
 * uncompressed, 50-100 ms with gzip on this 2-core machine). On a slow link, ask with a
 * smaller `limit` and follow `nextCursor`.
 */
export function jsonTextResponse(json: string): Response {
  return new Response(json, { headers: { "content-type": "application/json", "cache-control": "no-store, no-transform" } });
}
