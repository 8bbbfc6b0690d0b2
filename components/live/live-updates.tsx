"use client";

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ChangeEvent, changeEventSchema } from "@/lib/api/events";
import { prefixesToInvalidate } from "@/lib/api/client/invalidation";
import { eventStreamState } from "./event-stream-state";

const EVENTS_URL = "/api/v1/events";
/** Events are gathered this long before the queries they touch refetch, so a burst costs one refetch, well within a second. */
const BATCH_MS = 150;
/** The browser retries a dropped stream by itself; one it gave up on (an HTTP error) is reopened after this. */
const REOPEN_MS = 5_000;

/** Refetches what `events` make out of date; resolves when those refetches have finished. */
async function invalidate(client: QueryClient, events: readonly ChangeEvent[]): Promise<void> {
  const prefixes = prefixesToInvalidate(events);
  if (prefixes === "all") await client.invalidateQueries();
  else await Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * The tab's one subscription to the console's change events (mounted once, in the shell).
 * A `service` event refetches that service and the lists; `registry` and `reset` refetch
 * everything. Refetches run one batch at a time: events that arrive meanwhile wait for the
 * running refetch to finish and then go together, so under a storm of changes a long list
 * is refetched back to back rather than cancelled and restarted by every new batch. Whenever the stream opens (events may have been missed before) and whenever
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
    let draining = false;

    const drain = async () => {
      if (draining) return;
      draining = true;
      try {
        while (batch.length > 0) {
          const events = batch;
          batch = [];
          await invalidate(client, events);
        }
      } finally {
        draining = false;
      }
    };

    /** Through the same queue as the events, so it does not cut a running refetch short either. */
    const refetchEverything = () => {
      batch.push({ type: "reset" });
      void drain();
    };

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
        void drain();
      }, BATCH_MS);
    };

    const open = () => {
      source = new EventSource(EVENTS_URL);
      source.onopen = () => {
        eventStreamState.set("open");
        refetchEverything();
      };
      source.onmessage = onMessage;
      source.onerror = () => {
        const wasOpen = eventStreamState.isOpen();
        eventStreamState.set("down");
        if (wasOpen) refetchEverything();
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
