import "server-only";

/**
 * The HTTP answer carrying a stream of server-sent events. `no-transform` keeps it out of
 * `next start`'s gzip (which flushes each write, but would compress every heartbeat for
 * nothing) and tells proxies not to transform it; `X-Accel-Buffering: no` asks a reverse
 * proxy such as nginx not to buffer it. Without `no-transform` the e2e test sees
 * `content-encoding: gzip` and fails.
 */
export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
