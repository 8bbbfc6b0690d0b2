import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

const TONES = {
  neutral: "border-zinc-200 bg-white text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300",
  warn: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100",
  bad: "border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200",
} as const;

/**
 * A boxed message: an error (`bad`, announced as an alert), a warning the operator
 * should notice (`warn`, announced politely), an empty state or a notice (`neutral`).
 * An `icon` sits beside the content, and a `title` leads it in bold.
 */
export function Callout({
  className,
  tone = "neutral",
  icon,
  title,
  children,
  ...props
}: Omit<ComponentProps<"div">, "title"> & { tone?: keyof typeof TONES; icon?: ReactNode; title?: ReactNode }) {
  return (
    <div
      role={tone === "bad" ? "alert" : tone === "warn" ? "status" : undefined}
      className={cn("flex gap-3 rounded-lg border p-4 text-sm", TONES[tone], className)}
      {...props}
    >
      {icon && <span className="mt-0.5 shrink-0 [&>svg]:h-4 [&>svg]:w-4">{icon}</span>}
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-medium">{title}</p>}
        {children}
      </div>
    </div>
  );
}
