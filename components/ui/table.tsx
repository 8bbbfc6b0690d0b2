import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * Below `sm`, a stacked table shows each row as a small card: the header row is hidden and
 * each cell is a line of its column's name (the cell's `data-label`) beside its value.
 */
const STACKED = cn(
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:hidden",
  "max-sm:[&_tr]:block max-sm:[&_tr]:py-2",
  "max-sm:[&_td]:grid max-sm:[&_td]:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:[&_td]:gap-x-3 max-sm:[&_td]:py-0.5 max-sm:[&_td]:text-left",
  "max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:text-zinc-500 max-sm:[&_td]:before:content-[attr(data-label)] dark:max-sm:[&_td]:before:text-zinc-400",
);

/**
 * A table in a card. The card scrolls sideways when the table is wider than the screen
 * (a phone), so the page itself never does; with `stacked`, rows become cards on a phone
 * instead (give every cell a `data-label`).
 */
export function Table({
  className,
  containerClassName,
  stacked = false,
  ...props
}: ComponentProps<"table"> & { containerClassName?: string; stacked?: boolean }) {
  return (
    <div
      className={cn(
        "overflow-x-auto overscroll-x-contain rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
        containerClassName,
      )}
    >
      <table className={cn("w-full text-sm", stacked && STACKED, className)} {...props} />
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
