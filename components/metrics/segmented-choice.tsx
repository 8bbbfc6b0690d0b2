"use client";

import { cn } from "@/lib/cn";
import { Button } from "../ui/button";

/**
 * One of a few choices as a row of buttons, the chosen one pressed (`aria-pressed`), that
 * wraps on a narrow screen. The group says `data-testid={testId}` and `data-value`; each
 * button `data-choice={value}`.
 */
export function SegmentedChoice<T extends string>({ label, value, options, onChange, testId, className }: { label: string; value: T; options: readonly { value: T; label: string; title?: string }[]; onChange: (v: T) => void; testId: string; className?: string }) {
  return (
    <div role="group" aria-label={label} className={cn("inline-flex max-w-full flex-wrap rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900", className)} data-testid={testId} data-value={value}>
      {options.map((o) => (
        <Button
          key={o.value}
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={value === o.value}
          title={o.title}
          onClick={() => onChange(o.value)}
          className="h-7 px-2.5 font-normal text-zinc-600 aria-pressed:bg-zinc-200/80 aria-pressed:font-medium aria-pressed:text-zinc-900 dark:text-zinc-400 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-zinc-50"
          data-choice={o.value}
        >
          {o.label}
        </Button>
      ))}
    </div>
  );
}
