"use client";

import { useEffect, useRef, useState } from "react";
import { settleDelay } from "./settle-delay";

/**
 * `value`, once it has stayed the same for `ms` (compared by JSON, so a rebuilt equal object
 * does not restart the wait). With `leading`, a change after at least `ms` of quiet is
 * taken at once, and only the changes of a burst wait (see {@link settleDelay}): the first
 * keystroke after a pause costs no delay.
 */
export function useDebounced<T>(value: T, ms: number, { leading = false }: { leading?: boolean } = {}): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const now = performance.now();
    const delay = leading ? settleDelay(now, lastChange.current, ms) : ms;
    lastChange.current = now;
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delay);
    return () => clearTimeout(timer);
  }, [text, ms, leading]);
  return settled;
}
