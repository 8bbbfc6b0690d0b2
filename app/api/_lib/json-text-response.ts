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
export function jsonTextResponse(json: string, timing?: ServerTiming): Response {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store, no-transform" };
  if (timing) headers["server-timing"] = serverTimingHeader(timing);
  return new Response(json, { headers });
}

/** How long the server took to make an answer, and how: what a `Server-Timing` header tells a client (and bench/search.ts). */
export interface ServerTiming {
  /** The metric's name, a token (`search`). */
  readonly name: string;
  readonly ms: number;
  /** A word on how it was made (`cached`, `searched`). */
  readonly desc?: string;
}

/** `name;dur=1.23;desc="cached"`, as the Server-Timing header spells a metric. */
export function serverTimingHeader(timing: ServerTiming): string {
  const desc = timing.desc === undefined ? "" : `;desc=${JSON.stringify(timing.desc)}`;
  return `${timing.name};dur=${timing.ms.toFixed(2)}${desc}`;
}
