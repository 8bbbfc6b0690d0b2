import "server-only";

/**
 * The HTTP answer carrying a stream of server-sent events. `no-transform` keeps Next's
 * gzip (the `compression` middleware of `next start`) from buffering it, and
 * `X-Accel-Buffering: no` asks a reverse proxy such as nginx not to buffer it either.
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
