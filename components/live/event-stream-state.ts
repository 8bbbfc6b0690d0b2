/**
 * Whether the console's change stream (GET /api/v1/events) is open in this tab. One value
 * per tab, read by the query client to decide whether to poll (only while the stream is
 * not open), and by the status line that tells the operator which of the two is keeping
 * the page current.
 */
export type EventStreamState = "connecting" | "open" | "down";

const listeners = new Set<() => void>();
let state: EventStreamState = "connecting";

export const eventStreamState = {
  get: (): EventStreamState => state,
  /** Open: changes arrive as events; otherwise pages poll. */
  isOpen: (): boolean => state === "open",
  set(next: EventStreamState): void {
    if (next === state) return;
    state = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** How often pages poll while the stream is not open. */
export const FALLBACK_POLL_MS = 5_000;
