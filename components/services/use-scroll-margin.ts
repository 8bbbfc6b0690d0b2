"use client";

import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * Where `ref`'s element starts in the document, in pixels: the scroll margin of a list
 * virtualised against the window's scroll. Measured again whenever the page's height
 * changes, which is what happens when anything above the list (a banner) appears or goes.
 */
export function useScrollMargin(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
