"use client";

import { Plus } from "lucide-react";
import type { ConditionRow } from "@/lib/routing/builder/builder-rows";
import type { ConditionSuggestions } from "@/lib/routing/builder/condition-suggestions";
import { Button } from "../ui/button";
import { ConditionRowEditor } from "./condition-row-editor";

/** A builder row with an id of its own, so removing one keeps the others' fields. */
export interface EditableRow extends ConditionRow {
  readonly id: number;
}

/** The two sides of the builder. */
export interface EditableRule {
  readonly when: readonly EditableRow[];
  readonly then: readonly EditableRow[];
}

let nextId = 1;
/** Gives `rows` fresh ids. */
export function editableRows(rows: readonly ConditionRow[]): EditableRow[] {
  return rows.map((r) => ({ ...r, id: nextId++ }));
}

const SIDES = {
  when: { title: "When the consumer matches", empty: "No condition: the route applies to every consumer.", add: "Add consumer condition" },
  then: { title: "It may only call providers where", empty: "No condition: a matched consumer gets no provider at all (a blacklist).", add: "Add provider condition" },
} as const;

/** The visual builder: rows of key / operator / values for the when side and the then side. */
export function RuleBuilder({ rule, onChange, suggestions }: { rule: EditableRule; onChange: (rule: EditableRule) => void; suggestions: ConditionSuggestions }) {
  return (
    <div className="space-y-4" data-testid="rule-builder">
      {(["when", "then"] as const).map((side) => {
        const rows = rule[side];
        const set = (next: readonly EditableRow[]) => onChange({ ...rule, [side]: next });
        return (
          <fieldset key={side} className="min-w-0 space-y-2" data-builder-side={side}>
            <legend className="mb-1 text-sm font-medium">{SIDES[side].title}</legend>
            {rows.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">{SIDES[side].empty}</p>}
            <ul className="space-y-2">
              {rows.map((row) => (
                <ConditionRowEditor
                  key={row.id}
                  row={row}
                  side={side}
                  keys={side === "when" ? suggestions.whenKeys : suggestions.thenKeys}
                  values={suggestions.values(side, row.key)}
                  onChange={(changed) => set(rows.map((r) => (r.id === row.id ? { ...changed, id: row.id } : r)))}
                  onRemove={() => set(rows.filter((r) => r.id !== row.id))}
                />
              ))}
            </ul>
            <Button type="button" size="sm" variant="outline" onClick={() => set([...rows, ...editableRows([{ key: "", op: "=", values: [] }])])}>
              <Plus className="h-3.5 w-3.5" aria-hidden /> {SIDES[side].add}
            </Button>
          </fieldset>
        );
      })}
    </div>
  );
}
