"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ChangeEvent, changeEventSchema } from "@/lib/api/events";
import { prefixesToInvalidate } from "@/lib/api/invalidation";
import { eventStreamState } from "./event-stream-state";

const EVENTS_URL = "/api/v1/events";
/** Events are gathered this long before the queries they touch refetch, so a burst costs one refetch, well within a second. */
const BATCH_MS = 150;
/** The browser retries a dropped stream by itself; one it gave up on (an HTTP error) is reopened after this. */
const REOPEN_MS = 5_000;

function invalidate(client: QueryClient, events: readonly ChangeEvent[]): void {
  const prefixes = prefixesToInvalidate(events);
  if (prefixes === "all") void client.invalidateQueries();
  else for (const queryKey of prefixes) void client.invalidateQueries({ queryKey });
}

/**
 * The tab's one subscription to the console's change events (mounted once, in the shell).
 * A `service` event refetches that service and the lists; `registry` and `reset` refetch
 * everything. Whenever the stream opens (events may have been missed before) and whenever
 * it drops (so the queries start polling again, see the query client's refetchInterval),
 * every query is refetched. Renders nothing.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let flush: ReturnType<typeof setTimeout> | undefined;
    let batch: ChangeEvent[] = [];

    const onMessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = changeEventSchema.safeParse(data);
      if (!event.success) return;
      batch.push(event.data);
      flush ??= setTimeout(() => {
        flush = undefined;
        const events = batch;
        batch = [];
        invalidate(client, events);
      }, BATCH_MS);
    };

    const open = () => {
      source = new EventSource(EVENTS_URL);
      source.onopen = () => {
        eventStreamState.set("open");
        void client.invalidateQueries();
      };
      source.onmessage = onMessage;
      source.onerror = () => {
        const wasOpen = eventStreamState.isOpen();
        eventStreamState.set("down");
        if (wasOpen) void client.invalidateQueries();
        if (source?.readyState === EventSource.CLOSED) {
          source = null;
          reopen = setTimeout(open, REOPEN_MS);
        }
      };
    };

    open();
    return () => {
      clearTimeout(reopen);
      clearTimeout(flush);
      source?.close();
      eventStreamState.set("connecting");
    };
  }, [client]);
  return null;
}
