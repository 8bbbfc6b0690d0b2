import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
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
  return <th className={cn("px-3 py-2 text-left text-xs font-semibold tracking-wide text-zinc-500 uppercase", className)} {...props} />;
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}
