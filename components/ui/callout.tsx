import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A boxed message: an error, an empty state, a notice. */
export function Callout({ className, tone = "neutral", ...props }: ComponentProps<"div"> & { tone?: "neutral" | "bad" }) {
  return (
    <div
      role={tone === "bad" ? "alert" : undefined}
      className={cn(
        "rounded-lg border p-4 text-sm",
        tone === "bad"
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          : "border-zinc-200 bg-white text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300",
        className,
      )}
      {...props}
    />
  );
}
