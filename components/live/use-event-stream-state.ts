"use client";

import { useSyncExternalStore } from "react";
import { type EventStreamState, eventStreamState } from "./event-stream-state";

/** The tab's change-stream state, re-rendering when it changes; "connecting" on the server. */
export function useEventStreamState(): EventStreamState {
  return useSyncExternalStore(eventStreamState.subscribe, eventStreamState.get, () => "connecting");
}
