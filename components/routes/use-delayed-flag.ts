"use client";

import { useEffect, useState } from "react";

/**
 * `flag`, turning true only once it has been true for `ms` (false at once): a spinner or a
 * dimmed answer that shows only when the wait is long enough to notice, so fast answers do
 * not flash.
 */
export function useDelayedFlag(flag: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setShown(true), ms);
    return () => (clearTimeout(timer), setShown(false));
  }, [flag, ms]);
  return flag && shown;
}
