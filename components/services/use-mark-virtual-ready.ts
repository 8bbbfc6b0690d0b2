"use client";

import { useEffect } from "react";

/** The User Timing mark set when the virtual list first takes over from the server-rendered rows (read by bench/services-page.ts). */
export const VIRTUAL_READY_MARK = "services-virtual";

/** Marks, once per page load, the moment the virtual list is in place. */
export function useMarkVirtualReady(): void {
  useEffect(() => {
    if (performance.getEntriesByName(VIRTUAL_READY_MARK).length === 0) performance.mark(VIRTUAL_READY_MARK);
  }, []);
}
