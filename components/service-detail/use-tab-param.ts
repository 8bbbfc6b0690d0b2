"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";

/**
 * The open tab, kept in the address (`?tab=`) so a link can open a tab and a reload keeps
 * it; a change replaces the address (no history entry per tab). An unknown value falls
 * back to the first tab.
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const fromUrl = useSearchParams().get("tab");
  const initial = tabs.find((t) => t === fromUrl) ?? tabs[0]!;
  const [tab, setTab] = useState<T>(initial);
  const update = (next: string) => {
    const known = tabs.find((t) => t === next);
    if (!known) return;
    setTab(known);
    const url = new URL(window.location.href);
    if (known === tabs[0]) url.searchParams.delete("tab");
    else url.searchParams.set("tab", known);
    window.history.replaceState(window.history.state, "", url);
  };
  return [tab, update];
}
