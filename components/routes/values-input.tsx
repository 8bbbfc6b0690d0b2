"use client";

import { X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";

/**
 * The values of one condition as chips, and a field that adds one on Enter, on a comma, on
 * leaving it, or on picking one of the registry's values offered under it. Backspace in the
 * empty field takes the last chip back for editing. What is typed counts at once: it is the
 * last of `values` while it is being typed (shown in the field, not as a chip), so the rule
 * never reads as if the field were empty, and leaving the field to click Save changes
 * nothing but the chip.
 */
export function ValuesInput({ values, onChange, suggestions, label }: { values: readonly string[]; onChange: (values: string[]) => void; suggestions: readonly string[]; label: string }) {
  const [draft, setDraft] = useState("");
  /** Whether the last of `values` is the draft being typed (not yet a chip). */
  const [live, setLive] = useState(false);
  const listId = useId();
  const committed = live ? values.slice(0, -1) : values;
  const add = (text: string) => {
    const fresh = text
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "" && !committed.includes(v));
    const next = [...committed, ...new Set(fresh)];
    if (next.length !== values.length || next.some((v, i) => v !== values[i])) onChange(next);
    setDraft("");
    setLive(false);
  };
  const type = (text: string) => {
    setDraft(text);
    const v = text.trim();
    const counts = v !== "" && !v.includes(",") && !committed.includes(v);
    onChange(counts ? [...committed, v] : [...committed]);
    setLive(counts);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add(draft);
    } else if (e.key === "Backspace" && draft === "" && committed.length > 0) {
      e.preventDefault();
      // The chip becomes the draft: still counted, now editable.
      setDraft(committed.at(-1)!);
      setLive(true);
    }
  };
  return (
    <div className="flex min-h-9 min-w-0 flex-1 flex-wrap items-center gap-1 rounded-md border border-zinc-300 bg-white px-1.5 py-1 focus-within:outline-2 focus-within:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900">
      {committed.map((v) => (
        <span key={v} className="inline-flex max-w-full items-center gap-0.5 rounded bg-zinc-100 py-0.5 pr-0.5 pl-1.5 font-mono text-xs dark:bg-zinc-800" data-value-chip={v}>
          <span className="[overflow-wrap:anywhere]">{v}</span>
          <button type="button" aria-label={`Remove ${v}`} onClick={() => onChange(values.filter((x) => x !== v))} className="rounded p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100">
            <X className="h-3 w-3" aria-hidden />
          </button>
        </span>
      ))}
      <input
        aria-label={label}
        list={listId}
        value={draft}
        placeholder={committed.length === 0 ? "value, Enter" : ""}
        onChange={(e) => {
          const picked = (e.nativeEvent as InputEvent).inputType === "insertReplacementText" || ((e.nativeEvent as InputEvent).inputType === undefined && suggestions.includes(e.target.value));
          if (picked) add(e.target.value);
          else type(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() !== "" && add(draft)}
        className="h-7 min-w-20 flex-1 bg-transparent px-1 font-mono text-xs outline-none placeholder:font-sans placeholder:text-zinc-400"
      />
      <datalist id={listId}>
        {suggestions.filter((s) => !committed.includes(s)).map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </div>
  );
}
