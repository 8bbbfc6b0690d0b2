"use client";

import { X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/**
 * A list of picked values (addresses, applications, services): the picked ones as chips,
 * the live registry's others as one-click additions, and a field for one typed by hand.
 * None picked means "every" (said by `everyText`).
 */
export function PickList({ label, value, onChange, options, everyText, placeholder, testId }: { label: string; value: readonly string[]; onChange: (next: string[]) => void; options: readonly string[]; everyText: string; placeholder: string; testId: string }) {
  const [typed, setTyped] = useState("");
  const id = useId();
  const add = (v: string) => {
    const t = v.trim();
    if (t !== "" && !value.includes(t)) onChange([...value, t]);
  };
  const others = options.filter((o) => !value.includes(o));
  return (
    <fieldset className="min-w-0 space-y-1.5" data-testid={testId}>
      <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {value.length === 0 && <span className="text-sm text-zinc-500 dark:text-zinc-400">{everyText}</span>}
        {value.map((v) => (
          <span key={v} className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-700 dark:bg-zinc-800 dark:text-sky-300" data-picked={v}>
            <span className="[overflow-wrap:anywhere]">{v}</span>
            <button type="button" aria-label={`Remove ${v}`} onClick={() => onChange(value.filter((x) => x !== v))} className="rounded-full hover:bg-brand-100 dark:hover:bg-zinc-700">
              <X className="h-3 w-3" aria-hidden />
            </button>
          </span>
        ))}
      </div>
      {others.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {others.map((o) => (
            <button key={o} type="button" onClick={() => add(o)} className="max-w-full rounded-full border border-dashed border-zinc-300 px-2 py-0.5 font-mono text-xs [overflow-wrap:anywhere] text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800" data-option={o}>
              + {o}
            </button>
          ))}
        </div>
      )}
      <div className="flex gap-1.5">
        <Input
          id={id}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add(typed);
            setTyped("");
          }}
          placeholder={placeholder}
          aria-label={`Add to ${label}`}
          className="h-8 min-w-0 flex-1 font-mono text-xs"
          autoComplete="off"
        />
        <Button type="button" size="sm" onClick={() => (add(typed), setTyped(""))}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}
