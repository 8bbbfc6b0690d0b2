"use client";

import { useSyncExternalStore } from "react";

const SYSTEM_DARK = "(prefers-color-scheme: dark)";
/** The localStorage key next-themes keeps the operator's choice under (its default). */
const THEME_KEY = "theme";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(SYSTEM_DARK);
  media.addEventListener("change", onChange);
  window.addEventListener("storage", onChange);
  return () => {
    media.removeEventListener("change", onChange);
    window.removeEventListener("storage", onChange);
  };
}

function prefersDark(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(THEME_KEY);
  } catch {
    // Storage can be blocked (privacy settings); follow the system then.
  }
  if (stored === "dark" || stored === "light") return stored === "dark";
  return window.matchMedia(SYSTEM_DARK).matches;
}

/**
 * Whether the operator's theme is dark, read the way next-themes stores it, for a page
 * rendered outside the ThemeProvider (app/global-error.tsx replaces the root layout).
 * False on the server and while hydrating.
 */
export function useStoredDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, prefersDark, () => false);
}
