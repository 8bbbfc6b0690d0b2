"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stayed the same for `ms` (compared by JSON, so a rebuilt equal object does not restart the wait). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}
