"use client";

import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Radix tabs in the console's look: a row of underlined triggers that scrolls sideways on a phone. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn("flex gap-1 overflow-x-auto overscroll-x-contain border-b border-zinc-200 dark:border-zinc-800", className)}
      {...props}
    />
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
