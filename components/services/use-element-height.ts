"use client";

import { type RefObject, useLayoutEffect, useState } from "react";

/** The border-box height of `ref`'s element in px, kept current as it resizes (0 before it is measured). */
export function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    setHeight(element.getBoundingClientRect().height);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
