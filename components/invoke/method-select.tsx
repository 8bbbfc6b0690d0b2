"use client";

import type { Method } from "@/lib/api/catalog-entities";
import { shortJavaType } from "@/lib/format/java-type";
import { methodLabel } from "@/lib/invoke/form/method-choice";

/** The service's methods in a select, overloads apart by their signature; `value` is an index, -1 for none. */
export function MethodSelect({ methods, value, onChange }: { methods: readonly Method[]; value: number; onChange: (index: number) => void }) {
  return (
    <label className="block min-w-0 text-sm font-medium">
      Method
      <select
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-[13px] dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="method-select"
      >
        <option value={-1}>Choose a method…</option>
        {methods.map((m, i) => (
          <option key={i} value={i}>
            {methodLabel(m)}
            {m.returnType !== null ? ` → ${shortJavaType(m.returnType)}` : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
