"use client";

import { Tabs as RadixTabs } from "radix-ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ComponentProps, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";

/** Radix tabs in the console's look: a row of underlined triggers that scrolls sideways on a phone. */
export const Tabs = RadixTabs.Root;

/**
 * The row of triggers. When it is wider than the screen it scrolls sideways: the active tab
 * is scrolled into view whenever it changes, and a fading edge with a chevron on either
 * side says there are more tabs that way.
 */
export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    const active = el?.querySelector<HTMLElement>('[data-state="active"]');
    if (el && active && (active.offsetLeft < el.scrollLeft || active.offsetLeft + active.offsetWidth > el.scrollLeft + el.clientWidth)) {
      el.scrollLeft = Math.max(0, active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2);
    }
    measure();
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  const edge = "pointer-events-none absolute top-0 bottom-px flex w-8 items-center text-zinc-500 dark:text-zinc-400";
  return (
    <div className="relative" data-tabs-more={[more.left ? "left" : "", more.right ? "right" : ""].join(" ").trim()}>
      <RadixTabs.List
        ref={ref}
        onScroll={measure}
        className={cn("flex gap-1 overflow-x-auto overscroll-x-contain border-b border-zinc-200 dark:border-zinc-800", className)}
        {...props}
      />
      {more.left && (
        <span aria-hidden className={cn(edge, "left-0 justify-start bg-gradient-to-r from-white to-transparent dark:from-zinc-950")}>
          <ChevronLeft className="h-4 w-4" />
        </span>
      )}
      {more.right && (
        <span aria-hidden className={cn(edge, "right-0 justify-end bg-gradient-to-l from-white to-transparent dark:from-zinc-950")}>
          <ChevronRight className="h-4 w-4" />
        </span>
      )}
    </div>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "-mb-px flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-zinc-600 transition-colors hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-zinc-100",
        "data-[state=active]:border-brand-600 data-[state=active]:font-medium data-[state=active]:text-zinc-900 dark:data-[state=active]:border-sky-400 dark:data-[state=active]:text-zinc-50",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("pt-4 outline-none", className)} {...props} />;
}
