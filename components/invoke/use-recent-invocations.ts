"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { readRecent, type RecentInvocation, recentStorageKey, withRecent } from "@/lib/invoke/form/recent-invocations";

/** Fired on this window when the page stores a list (the `storage` event reaches other windows only). */
const CHANGED = "dubbo-console:recent-invocations";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage refused (a private window's policy): nothing is remembered.
    return null;
  }
}

/**
 * The service's recent invocations from localStorage, newest first (none while rendering
 * on the server), kept current across tabs, and a function to add one.
 */
export function useRecentInvocations(serviceKey: string): [RecentInvocation[], (entry: RecentInvocation) => void] {
  const key = recentStorageKey(serviceKey);
  const text = useSyncExternalStore(
    subscribe,
    () => stored(key),
    () => null,
  );
  const list = useMemo(() => readRecent(text), [text]);
  const add = useCallback(
    (entry: RecentInvocation) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(withRecent(readRecent(stored(key)), entry)));
      } catch {
        return;
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [list, add];
}
