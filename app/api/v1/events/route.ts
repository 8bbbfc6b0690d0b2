import { limitKey } from "@/lib/auth/actor";
import { authRuntime } from "@/server/auth/auth-runtime";
import { openEventStream } from "@/server/runtime/event-stream";
import { endpoint } from "../../_lib/endpoint";
import { eventStreamResponse } from "../../_lib/event-stream-response";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/events — server-sent events of catalog and registry changes (lib/api/events.ts);
 * a reconnecting client's Last-Event-ID gets what it missed replayed, or a `reset`. A user
 * holds at most MAX_EVENT_STREAMS_PER_USER open at once (429 past it); a closed one frees its slot.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine, actor }) => {
      const release = authRuntime().eventStreams.acquire(limitKey(actor));
      return eventStreamResponse(openEventStream(engine.events, { lastEventId: request.headers.get("last-event-id"), signal: request.signal, onClose: release }));
    },
  },
});
