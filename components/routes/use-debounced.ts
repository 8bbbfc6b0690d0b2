"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { settleDelay } from "./settle-delay";

/**
 * `value`, once it has stayed the same for `ms` (compared by JSON, so a rebuilt equal object
 * does not restart the wait). With `leading`, a change after at least `ms` of quiet is
 * taken at once, before the change is painted (a layout effect: no frame and no timer
 * between the keystroke and what it asks), and only the changes of a burst wait (see
 * {@link settleDelay}).
 */
export function useDebounced<T>(value: T, ms: number, { leading = false }: { leading?: boolean } = {}): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    const now = performance.now();
    const delay = leading ? settleDelay(now, lastChange.current, ms) : ms;
    lastChange.current = now;
    if (delay === 0) {
      // Taken before paint on purpose: the first keystroke after a pause asks at once.
      setSettled(JSON.parse(text) as T);
      return;
    }
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delay);
    return () => clearTimeout(timer);
  }, [text, ms, leading]);
  return settled;
}
