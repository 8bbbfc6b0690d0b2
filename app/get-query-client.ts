import { defaultShouldDehydrateQuery, isServer, QueryClient } from "@tanstack/react-query";
import { eventStreamState, FALLBACK_POLL_MS } from "@/components/live/event-stream-state";

/**
 * Poll only while the change stream is not open: with it open, LiveUpdates refetches what
 * an event names. Read after every fetch, so a query stops polling at its first refetch
 * after the stream opens, and starts again at the refetch LiveUpdates makes when it drops.
 */
const pollWhileStreamIsDown = (): number | false => (eventStreamState.isOpen() ? false : FALLBACK_POLL_MS);

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 2_000, retry: 1, refetchInterval: pollWhileStreamIsDown },
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** A new client per server request; one client for the life of the browser tab. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
