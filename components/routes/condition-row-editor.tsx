"use client";

import { Trash2 } from "lucide-react";
import { useId } from "react";
import { type ConditionRow, rowProblem, type RowOperator } from "@/lib/routing/builder/builder-rows";
import { Button } from "../ui/button";
import { ValuesInput } from "./values-input";

/** One condition of the builder: key, `=` or `!=`, values; and what is wrong with it, if anything. */
export function ConditionRowEditor({
  row,
  side,
  keys,
  values,
  onChange,
  onRemove,
}: {
  row: ConditionRow;
  side: "when" | "then";
  keys: readonly string[];
  values: readonly string[];
  onChange: (row: ConditionRow) => void;
  onRemove: () => void;
}) {
  const keysId = useId();
  const problem = rowProblem(row);
  const incomplete = row.key.trim() === "" ? "Choose a key." : row.values.length === 0 ? "Add a value." : null;
  return (
    <li className="space-y-1" data-condition-row={side}>
      <div className="flex flex-wrap items-start gap-1.5 sm:flex-nowrap">
        <input
          aria-label={`${side === "when" ? "Consumer" : "Provider"} key`}
          list={keysId}
          value={row.key}
          placeholder="key"
          onChange={(e) => onChange({ ...row, key: e.target.value.trim() })}
          className="h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-brand-500 sm:w-36 sm:shrink-0 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <datalist id={keysId}>
          {keys.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <select
          aria-label="Operator"
          value={row.op}
          onChange={(e) => onChange({ ...row, op: e.target.value as RowOperator })}
          className="h-9 shrink-0 rounded-md border border-zinc-300 bg-white px-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          <option value="=">=</option>
          <option value="!=">!=</option>
        </select>
        <ValuesInput values={row.values} onChange={(v) => onChange({ ...row, values: v })} suggestions={values} label={`Values of ${row.key || "the key"}`} />
        <Button type="button" variant="ghost" size="icon" aria-label="Remove condition" onClick={onRemove} className="shrink-0">
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {(problem ?? incomplete) && <p className={problem ? "text-xs text-red-700 dark:text-red-300" : "text-xs text-zinc-500 dark:text-zinc-400"}>{problem ?? `${incomplete} Until then this row is left out of the rule.`}</p>}
    </li>
  );
}
