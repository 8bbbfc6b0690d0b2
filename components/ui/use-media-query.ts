"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether `query` matches in the browser, following changes; `null` on the server and while
 * hydrating, when the width is not known (render something that suits every width then).
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}
