import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * A table in a card. The card scrolls sideways when the table is wider than the screen
 * (a phone), so the page itself never does.
 */
export function Table({ className, containerClassName, ...props }: ComponentProps<"table"> & { containerClassName?: string }) {
  return (
    <div
      className={cn(
        "overflow-x-auto overscroll-x-contain rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
        containerClassName,
      )}
    >
      <table className={cn("w-full text-sm", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60", className)} {...props} />;
}

export function TRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-zinc-100 last:border-0 dark:border-zinc-800/70", className)} {...props} />;
}

export function TH({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn("px-3 py-2 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-500 uppercase dark:text-zinc-400", className)}
      {...props}
    />
  );
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}
