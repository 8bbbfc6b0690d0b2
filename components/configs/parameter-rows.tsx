"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import type { ConfigFormError, ParameterRow } from "@/lib/override/editor/config-form";
import { PARAMETER_GUIDES, parameterGuide } from "@/lib/override/editor/parameter-guide";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

/**
 * The parameters an override sets, one row each: name (the common ones offered), value
 * (the known choices offered), and beside it what the parameter means and Dubbo's default.
 * A row's error (from lib/override/config-form.ts) is shown under it.
 */
export function ParameterRows({ rows, onChange, errors }: { rows: readonly ParameterRow[]; onChange: (rows: ParameterRow[]) => void; errors: readonly ConfigFormError[] }) {
  const listId = useId();
  const set = (i: number, patch: Partial<ParameterRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const general = errors.find((e) => e.field === "parameters" && e.row === undefined);
  return (
    <fieldset className="min-w-0 space-y-2" data-testid="parameter-rows">
      <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Parameters</legend>
      <datalist id={`${listId}-keys`}>
        {PARAMETER_GUIDES.map((g) => (
          <option key={g.key} value={g.key} />
        ))}
      </datalist>
      {rows.map((row, i) => {
        const guide = parameterGuide(row.key.trim());
        const error = errors.find((e) => e.field === "parameters" && e.row === i);
        return (
          <div key={i} className="space-y-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-parameter-row={i}>
            <div className="flex gap-1.5">
              <Input value={row.key} onChange={(e) => set(i, { key: e.target.value })} list={`${listId}-keys`} placeholder="timeout" aria-label={`Parameter ${i + 1} name`} className="h-8 min-w-0 flex-1 font-mono text-xs" autoComplete="off" data-testid="parameter-key" />
              <Input
                value={row.value}
                onChange={(e) => set(i, { value: e.target.value })}
                list={guide?.choices ? `${listId}-choices-${i}` : undefined}
                placeholder={guide?.dubboDefault ?? "value"}
                aria-label={`Parameter ${i + 1} value`}
                aria-invalid={!!error}
                className="h-8 min-w-0 flex-1 font-mono text-xs"
                autoComplete="off"
                data-testid="parameter-value"
              />
              {guide?.choices && (
                <datalist id={`${listId}-choices-${i}`}>
                  {guide.choices.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              )}
              <Button type="button" size="sm" variant="ghost" aria-label={`Remove parameter ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              </Button>
            </div>
            {guide ? (
              <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="parameter-meaning">
                {guide.meaning} Dubbo&apos;s default: <span className="font-mono">{guide.dubboDefault ?? "none"}</span>.
              </p>
            ) : (
              row.key.trim() !== "" && <p className="text-xs text-zinc-600 dark:text-zinc-400">Any URL parameter: written as typed.</p>
            )}
            {error && <p className="text-xs text-red-700 dark:text-red-300" data-testid="parameter-error">{error.message}</p>}
          </div>
        );
      })}
      {general && <p className="text-xs text-red-700 dark:text-red-300">{general.message}</p>}
      <Button type="button" size="sm" onClick={() => onChange([...rows, { key: "", value: "" }])} data-testid="add-parameter">
        <Plus className="h-3.5 w-3.5" aria-hidden /> Add a parameter
      </Button>
    </fieldset>
  );
}
