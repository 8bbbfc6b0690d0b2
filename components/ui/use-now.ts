"use client";

import { useSyncExternalStore } from "react";

const TICK_MS = 1_000;

/** Every component that shows a live age ticks from one shared timer, not one each. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whole seconds, so React sees the same value until the next second starts. */
const now = (): number => Math.floor(Date.now() / TICK_MS) * TICK_MS;
const serverNow = (): null => null;

/**
 * The browser's current time, to the second, re-rendering every second; `null` on the
 * server and while hydrating, so server and browser render the same markup and the
 * live value appears right after.
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, now, serverNow);
}
